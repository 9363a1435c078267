import { readFileSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { minifySync } from 'vite';

export default defineConfig([
  {
    // The script-tag loader: one self-contained IIFE for every registrar page (docs/decisions/023).
    entry: { widget: 'src/widget.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    // A DOM always exists here: the server-rendering guards drop out (see mount.ts).
    define: { SCRIPT_TAG: 'true' },
    // No "use strict" prologue: the loader is one closure that relies on nothing strict mode changes.
    esbuildOptions(options) {
      options.tsconfig = undefined;
      options.tsconfigRaw = { compilerOptions: { alwaysStrict: false } };
    },
    // Minified below by Oxc (the minifier Vite uses), which leaves it about 3% smaller than esbuild.
    minify: false,
    sourcemap: false,
    outDir: 'dist',
    outExtension: () => ({ js: '.js' }),
    async onSuccess() {
      const file = 'dist/widget.js';
      const { code, errors } = minifySync(file, readFileSync(file, 'utf8'), {
        compress: { target: 'es2020' },
        mangle: { toplevel: true },
      });
      if (errors.length) throw new Error(`minifying ${file}: ${errors.map((e) => e.message).join('; ')}`);
      writeFileSync(file, code);
    },
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
