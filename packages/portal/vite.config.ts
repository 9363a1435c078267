import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Lingui macros (`t`, `<Trans>`, `msg`) are compiled by Babel: under Vite 8 the React plugin no longer
 * runs Babel itself, so @rolldown/plugin-babel runs the Lingui macro plugin, placed before the React
 * plugin. The Lingui Vite plugin compiles the `.po` catalogs imported by `src/lib/i18n.ts`, so every
 * catalog is compiled in the build and each locale is its own lazily loaded chunk.
 */
export default defineConfig({
  plugins: [
    babel({
      plugins: ['@lingui/babel-plugin-lingui-macro'],
      include: /\/src\/.*\.[jt]sx?$/,
    }),
    react(),
    lingui(),
  ],
  resolve: {
    alias: [
      /*
       * The shared validators import libphonenumber-js/min at module level; in the portal that import
       * goes to a stand-in that loads the library on demand, so forms without a phone field do not
       * download its metadata (src/lib/phone.ts, docs/decisions/030-portal-first-load.md).
       */
      {
        find: /^libphonenumber-js\/min$/,
        replacement: fileURLToPath(new URL('./src/lib/phone.ts', import.meta.url)),
      },
    ],
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // every browser the target allows preloads modules itself: no polyfill in the first load
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // everything the first render needs in one chunk instead of a dozen small shared ones
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // what every form screen draws (and the lighter write of the first-load forms, ADR 030), as one
            // chunk rather than a handful of small ones
            {
              name: 'forms',
              test: /src[\\/](lib[\\/](schema-form|form-messages|server-messages|use-action)\.ts|components[\\/]form\.(tsx|module\.css))/,
              priority: 1,
            },
            // the checkout page and the small modules its lazy parts share with it, as one chunk
            {
              name: 'checkout',
              test: /src[\\/](features[\\/]checkout[\\/](components[\\/](checkout-page|messages|checkout\.module)|utils[\\/]card)|lib[\\/]leads\.ts)/,
              priority: 1,
            },
            // the shared schemas and valibot: loaded by the forms after their first paint
            {
              name: 'schemas',
              test: /node_modules[\\/]valibot|packages[\\/]shared[\\/]src[\\/](schemas|validators|errors)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
