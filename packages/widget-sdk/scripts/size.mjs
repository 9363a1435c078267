#!/usr/bin/env node
/**
 * Prints the gzipped size of what a registrar page and a visitor's browser download for the widget:
 * - the loader, dist/widget.js, the very file the server answers /widget.js with (budget 1.7 KB gzip,
 *   taken as 1,700 bytes, the smallest peer loader's size; ADR 023);
 * - each frame page: its HTML plus every script and stylesheet it references (budget 15 KB gzip).
 * Avatar images are listed apart (one of them loads, in variant 2 only).
 * Gzip as the server does it (packages/server/src/modules/widget/routes.ts: zlib's default level, once
 * per file), so the figures are the bytes on the wire.
 *
 * Usage: node scripts/size.mjs [--json] [--check]   (run `pnpm build` first)
 *   --json   one JSON object on stdout, for `pnpm bench`
 *   --check  exit 1 when a budget is exceeded
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const frameDir = join(dist, 'frame');
const BUDGET = { loader: 1700, frame: 15360 };

const gz = (buf) => gzipSync(buf).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

function fail(message) {
  console.error(`size: ${message} (run \`pnpm --filter @domain-broker/widget-sdk build\` first)`);
  process.exit(2);
}

if (!existsSync(join(dist, 'widget.js'))) fail('dist/widget.js is missing');
if (!existsSync(frameDir)) fail('dist/frame is missing');

const loaderRaw = readFileSync(join(dist, 'widget.js'));
const loader = { file: 'dist/widget.js', raw: loaderRaw.length, gzip: gz(loaderRaw) };

/** The HTML page plus the same-origin scripts and stylesheets it links, each gzipped on its own. */
function pageCost(htmlName) {
  const html = readFileSync(join(frameDir, htmlName), 'utf8');
  const files = [{ file: `dist/frame/${htmlName}`, buf: Buffer.from(html) }];
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="([^"]+)"/g)];
  for (const [, url] of refs) {
    // URLs are /widget-frame/assets/x; on disk dist/frame/assets/x.
    const rel = url.replace(/^\/widget-frame\//, '');
    files.push({ file: `dist/frame/${rel}`, buf: readFileSync(join(frameDir, rel)) });
  }
  const parts = files.map(({ file, buf }) => ({ file, raw: buf.length, gzip: gz(buf) }));
  return {
    page: htmlName,
    parts,
    raw: parts.reduce((s, p) => s + p.raw, 0),
    gzip: parts.reduce((s, p) => s + p.gzip, 0),
  };
}

const pages = readdirSync(frameDir)
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map(pageCost);
const assetsDir = join(frameDir, 'assets');
const avatars = readdirSync(assetsDir)
  .filter((f) => f.endsWith('.svg'))
  .map((f) => ({ file: `dist/frame/assets/${f}`, gzip: gz(readFileSync(join(assetsDir, f))) }));

const frameMax = Math.max(...pages.map((p) => p.gzip));
const over = [];
if (loader.gzip > BUDGET.loader) over.push(`loader ${loader.gzip} B > ${BUDGET.loader} B`);
if (frameMax > BUDGET.frame) over.push(`frame ${kb(frameMax)} > ${kb(BUDGET.frame)}`);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ loader, pages, avatars, budget: BUDGET, overBudget: over }, null, 2));
} else {
  console.log(
    `widget loader  ${loader.file}  ${loader.gzip} B gzip (${loader.raw} B raw)  budget ${BUDGET.loader} B`,
  );
  for (const p of pages) {
    console.log(
      `frame page     ${p.page}  ${kb(p.gzip)} gzip (${kb(p.raw)} raw)  budget ${kb(BUDGET.frame)}`,
    );
    for (const part of p.parts) console.log(`                 ${part.file}  ${kb(part.gzip)}`);
  }
  for (const a of avatars) console.log(`avatar         ${a.file}  ${kb(a.gzip)} gzip`);
  if (over.length) console.log(`OVER BUDGET: ${over.join('; ')}`);
}
if (process.argv.includes('--check') && over.length) process.exit(1);
