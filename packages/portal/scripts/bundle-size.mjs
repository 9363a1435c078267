#!/usr/bin/env node
/**
 * Prints the gzipped size of the first load of `/`, `/login` and `/hire-consultant` (without Stripe.js,
 * which only Stripe mode downloads, from Stripe) from the Vite manifest of the last
 * build (`pnpm build` first): the entry chunk with its static imports and CSS, the English `app`
 * catalog loaded before the first render, and the lazy chunk of the route (with its static imports,
 * CSS and, for the static pages, the `content` catalog). Budget: 100 KB each.
 *
 *   node scripts/bundle-size.mjs [--json]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const BUDGET_KB = 100;

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No dist/.vite/manifest.json: run `pnpm --filter @domain-broker/portal build` first.');
  process.exit(1);
}

const ROUTES = {
  '/': { module: 'src/features/content/home/page.tsx', catalogs: ['app', 'home'] },
  '/login': { module: 'src/features/auth/components/login-page.tsx', catalogs: ['app', 'account'] },
  // the phone field, the form's rules and the cost preview load after the first paint; Stripe.js only
  // in Stripe mode, from Stripe
  '/hire-consultant': {
    module: 'src/features/checkout/components/checkout-page.tsx',
    catalogs: ['app', 'checkout'],
  },
};

const gz = new Map();
function gzipKb(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
}

/** A chunk, its static imports (recursively) and all their CSS. */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(`chunk:${key}`)) return;
  files.add(`chunk:${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const rows = [];
for (const [path, { module, catalogs }] of Object.entries(ROUTES)) {
  const files = new Set();
  collect(entryKey, files);
  for (const m of [module].flat()) {
    if (manifest[m]) collect(m, files);
    else console.warn(`warning: ${m} is not in the manifest (route ${path} not built yet)`);
  }
  for (const catalog of catalogs) collect(`src/locales/en/${catalog}.po`, files);
  const assets = [...files].filter((f) => !f.startsWith('chunk:'));
  const js = assets.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipKb(f), 0);
  const css = assets.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gzipKb(f), 0);
  rows.push({ path, js, css, total: js + css, files: assets.length });
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows.map((r) => ({ ...r, budgetKb: BUDGET_KB }))));
} else {
  console.log('First load (gzip, level 9)        JS        CSS      total   budget');
  for (const r of rows) {
    const flag = r.total <= BUDGET_KB ? 'ok' : 'OVER';
    console.log(
      `${r.path.padEnd(32)} ${r.js.toFixed(1).padStart(6)} KB ${r.css.toFixed(1).padStart(6)} KB ${r.total
        .toFixed(1)
        .padStart(7)} KB   ${BUDGET_KB} KB ${flag}  (${r.files} files)`,
    );
  }
}
