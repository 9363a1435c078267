#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
/**
 * A stand-in for the portal, for trying the widget without the API server: it serves the built loader
 * and frame exactly where the real server will, with the frame's CSP, plus the two API calls the frame
 * makes, answered from environment variables.
 *
 *   PORT             default 3100
 *   REGISTRAR_ID     default demo-registrar (any other id answers 404, like an unknown registrar)
 *   ALLOWED_ORIGINS  comma-separated, default http://localhost:4000 (the example registrar site)
 *   FRAME_ANCESTORS  set to 'off' to leave frame-ancestors out of the frame CSP, so a test can watch
 *                    the frame's own origin check refuse a page (the real server always sends it)
 *
 * Not for production: no database, the click counter is a log line.
 */
import { createServer } from 'node:http';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const port = Number(process.env.PORT ?? 3100);
const registrarId = process.env.REGISTRAR_ID ?? 'demo-registrar';
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? 'http://localhost:4000')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const frameCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  process.env.FRAME_ANCESTORS === 'off' ? '' : `frame-ancestors ${allowedOrigins.join(' ') || "'none'"}`,
]
  .filter(Boolean)
  .join('; ');

const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

async function sendFile(res, file, headers = {}) {
  const safe = normalize(file);
  if (!safe.startsWith(dist + sep)) return send(res, 404, 'not found');
  try {
    const body = await readFile(safe);
    const type = types[safe.slice(safe.lastIndexOf('.'))] ?? 'application/octet-stream';
    res.writeHead(200, {
      'content-type': `${type}; charset=utf-8`,
      'x-content-type-options': 'nosniff',
      ...headers,
    });
    res.end(body);
  } catch {
    send(res, 404, 'not found (did you run `pnpm --filter @domain-broker/widget-sdk build`?)');
  }
}

function send(res, status, body, type = 'text/plain') {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/widget.js') return sendFile(res, join(dist, 'widget.js'));
  if (req.method === 'GET' && (path === '/registrar-message' || path === '/sample-registrar-flow')) {
    return sendFile(res, join(dist, 'frame', `${path.slice(1)}.html`), {
      'content-security-policy': frameCsp,
    });
  }
  if (req.method === 'GET' && path.startsWith('/widget-frame/')) {
    return sendFile(res, join(dist, 'frame', path.slice('/widget-frame/'.length)), {
      'cache-control': 'public, max-age=31536000, immutable',
    });
  }
  const registrar = path.match(/^\/api\/widget\/registrars\/([^/]+)$/);
  if (req.method === 'GET' && registrar) {
    if (decodeURIComponent(registrar[1]) !== registrarId) {
      return send(
        res,
        404,
        { message: 'Registrar not found', code: 'REGISTRAR_NOT_FOUND' },
        'application/json',
      );
    }
    return send(
      res,
      200,
      { data: { UID: registrarId, name: 'Demo Registrar', image: '', allowedOrigins } },
      'application/json',
    );
  }
  const clicks = path.match(/^\/api\/updateClicks\/([^/]+)$/);
  if (req.method === 'POST' && clicks) {
    let body = '';
    for await (const chunk of req) body += chunk;
    console.log(
      `click: registrar=${decodeURIComponent(clicks[1])} dn=${url.searchParams.get('dn')} body=${body}`,
    );
    return send(res, 200, { message: 'Click recorded' }, 'application/json');
  }
  if (req.method === 'GET' && path === '/registrar-landing-page') {
    return send(
      res,
      200,
      `Registrar landing page (stand-in) for ${url.searchParams.get('domainName')} via ${url.searchParams.get('registrarId')}`,
    );
  }
  send(res, 404, 'not found');
}).listen(port, () => {
  console.log(
    `dev portal on http://localhost:${port} (registrar ${registrarId}, allowed: ${allowedOrigins.join(', ')})`,
  );
});
