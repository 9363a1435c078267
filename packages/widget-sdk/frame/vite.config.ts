import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The two pages differ only in `<html data-view>`: the search page is written from the built message
 * page, so there is one HTML source.
 */
function searchPage(): Plugin {
  return {
    name: 'domain-broker:search-page',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const message = bundle['registrar-message.html'];
      if (message?.type !== 'asset') throw new Error('search-page: registrar-message.html was not built');
      const html = String(message.source);
      if (!html.includes('data-view="message"')) throw new Error('search-page: no data-view="message"');
      this.emitFile({
        type: 'asset',
        fileName: 'sample-registrar-flow.html',
        source: html.replace('data-view="message"', 'data-view="search"'),
      });
    },
  };
}

/**
 * The frame app: two HTML pages (one source, see searchPage) sharing one script and one stylesheet.
 *
 * Output (packages/widget-sdk/dist/frame/):
 *   registrar-message.html      → served at /registrar-message
 *   sample-registrar-flow.html  → served at /sample-registrar-flow
 *   assets/*                    → served at /widget-frame/assets/* (hashed names, cache forever)
 * `base` puts the asset URLs under /widget-frame/ so they never collide with the portal's own /assets:
 * the server maps the URL prefix /widget-frame/ to this folder.
 */
export default defineConfig({
  root: here('.'),
  base: '/widget-frame/',
  plugins: [preact({ prerender: { enabled: false } }), searchPage()],
  build: {
    outDir: here('../dist/frame'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every asset is a file of its own: nothing becomes an inline data: URL or inline style.
    assetsInlineLimit: 0,
    // The polyfill targets browsers without <link rel=modulepreload>; every browser we support has it.
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    rolldownOptions: {
      input: { 'registrar-message': here('registrar-message.html') },
      output: { entryFileNames: 'assets/frame-[hash].js' },
    },
  },
  server: {
    // `vite --config frame/vite.config.ts` in development: the API server answers /api.
    proxy: { '/api': process.env.PORTAL_URL ?? 'http://localhost:3000' },
  },
});
