import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The script-tag loader: one self-contained, minified IIFE for every registrar page.
    entry: { widget: 'src/widget.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: false,
    outDir: 'dist',
    outExtension: () => ({ js: '.js' }),
  },
  {
    // npm package: ESM + types, and the optional React wrapper (react stays external).
    entry: { index: 'src/index.ts', react: 'src/react.ts' },
    format: ['esm'],
    platform: 'browser',
    target: 'es2020',
    dts: true,
    external: ['react'],
    outDir: 'dist',
  },
]);
