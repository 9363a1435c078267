/**
 * Serves a built single-page app: files as they are, hashed /assets/* cached for a year, index.html
 * never cached, and an index.html fallback for GET requests outside /api that accept HTML.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';

/** The one MIME table of the files the server sends (the portal's build and the widget's). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The Content-Type of a file by its extension (application/octet-stream when unknown). */
export const contentTypeOf = (path: string) =>
  TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

export function serveSpa(dir: string): MiddlewareHandler {
  const root = resolve(dir);
  const file = async (path: string) => {
    try {
      const s = await stat(path);
      return s.isFile() ? await readFile(path) : undefined;
    } catch {
      return undefined;
    }
  };
  // Answered through the context (c.body), so the headers the app prepared (security, request id) apply.
  const answer = (c: Context, body: Buffer, path: string, method: string) => {
    const isIndex = path.endsWith(`${sep}index.html`) || path === join(root, 'index.html');
    const rel = path.slice(root.length).split(sep).join('/');
    const cache = isIndex
      ? 'no-cache'
      : rel.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600';
    const headers = {
      'content-type': contentTypeOf(path),
      'cache-control': cache,
      'content-length': String(body.length),
    };
    return method === 'HEAD' ? c.body(null, 200, headers) : c.body(new Uint8Array(body), 200, headers);
  };
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path === '/api' || c.req.path.startsWith('/api/'))
      return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    if (decoded.includes('\0')) return next();
    const target = normalize(join(root, decoded));
    const inside = target === root || target.startsWith(root + sep);
    if (inside) {
      const direct = target === root ? undefined : await file(target);
      if (direct) return answer(c, direct, target, method);
    }
    // The page itself for `/`, and for client routes asked by a browser (text/html) or by a generic
    // client (*/*, e.g. curl) when the path does not name a file.
    const accept = c.req.header('accept') ?? '';
    const clientRoute = inside && !extname(decoded);
    if (target === root || accept.includes('text/html') || (clientRoute && accept.includes('*/*'))) {
      const index = join(root, 'index.html');
      const body = await file(index);
      if (body) return answer(c, body, index, method);
    }
    return next();
  };
}
