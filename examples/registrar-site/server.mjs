#!/usr/bin/env node
/**
 * A registrar's site on its own origin, embedding the Domain Broker widget every supported way.
 * No dependencies: Node's http module and the built widget-sdk.
 *
 *   PORT          default 4000
 *   PORTAL_URL    default http://localhost:3000 (where /widget.js and the frame are served)
 *   REGISTRAR_ID  default demo-registrar
 *
 * Each page under public/ is a page body with its own `<title>`; it is served inside layout.html (the
 * shared head, stylesheet and navigation). `%PORTAL_URL%`, `%PORTAL_ORIGIN%` and `%REGISTRAR_ID%` in
 * the pages and scripts are replaced at serve time. /sdk/* serves packages/widget-sdk/dist/* (the npm
 * build) for esm.html.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = join(here, 'public');
const sdkDir = join(here, '..', '..', 'packages', 'widget-sdk', 'dist');

const port = Number(process.env.PORT ?? 4000);
const portalUrl = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const registrarId = process.env.REGISTRAR_ID ?? 'demo-registrar';

// The widget contract's rules, from the SDK's npm build (the same code the loader and the frame run).
const sdk = await import('@domain-broker/widget-sdk').catch(() => {
  console.error('Build the SDK first: pnpm --filter @domain-broker/widget-sdk build');
  process.exit(1);
});

const portalOrigin = sdk.toOrigin(portalUrl);
if (!portalOrigin) {
  console.error(`PORTAL_URL is not an http(s) URL: ${portalUrl}`);
  process.exit(1);
}
if (!sdk.isRegistrarId(registrarId)) {
  console.error(
    `REGISTRAR_ID must be 1 to ${sdk.REGISTRAR_ID_MAX_LENGTH} letters, digits, dots, dashes or underscores: ${registrarId}`,
  );
  process.exit(1);
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

/** The strict page allows scripts and frames from the portal only, and no inline code or style. */
const strictCsp = [
  "default-src 'self'",
  `script-src 'self' ${portalOrigin}`,
  `frame-src ${portalOrigin}`,
  "style-src 'self'",
].join('; ');

const layout = await readFile(join(here, 'layout.html'), 'utf8');

/** A page body (its first `<title>` gives the title) inside the layout. */
function inLayout(page) {
  const title = /<title>([^<]*)<\/title>\n?/.exec(page);
  const body = title ? page.replace(title[0], '') : page;
  return layout.replace('%TITLE%', title?.[1] ?? 'ExampleReg').replace('%BODY%', body.trimEnd());
}

const fill = (text) =>
  text
    .replaceAll('%PORTAL_URL%', portalUrl)
    .replaceAll('%PORTAL_ORIGIN%', portalOrigin)
    .replaceAll('%REGISTRAR_ID%', registrarId);

/** Resolves `rel` inside `root`, or null if it would escape it. */
function inside(root, rel) {
  const file = normalize(join(root, rel));
  return file.startsWith(root + sep) ? file : null;
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    return res.end();
  }
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/favicon.ico') {
    res.writeHead(204);
    return res.end();
  }
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = '';
  }
  const fromSdk = path.startsWith('/sdk/');
  const file = fromSdk
    ? inside(sdkDir, path.slice('/sdk/'.length))
    : inside(publicDir, path === '/' ? 'index.html' : path.slice(1));
  const ext = file ? extname(file) : '';
  if (!file || !types[ext]) return notFound(res);

  let body;
  try {
    body = await readFile(file);
  } catch {
    return notFound(
      res,
      fromSdk ? 'Build the SDK first: pnpm --filter @domain-broker/widget-sdk build' : undefined,
    );
  }
  const headers = {
    'content-type': types[ext],
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
  if (!fromSdk && ext === '.html') body = Buffer.from(fill(inLayout(body.toString('utf8'))));
  else if (!fromSdk && ext === '.js') body = Buffer.from(fill(body.toString('utf8')));
  if (path === '/strict-csp.html') headers['content-security-policy'] = strictCsp;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function notFound(res, hint) {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(hint ?? 'Not found');
}

createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
}).listen(port, () => {
  console.log(`registrar-site on http://localhost:${port}  (portal ${portalUrl}, registrar ${registrarId})`);
});
