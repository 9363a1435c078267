/**
 * The registrar widget, served from the portal's origin: the loader script (/widget.js) and the frame
 * pages (/registrar-message, /sample-registrar-flow) with their assets (/widget-frame/assets/* from dist/frame/assets).
 *
 * The frame pages are the only HTML that may be framed by another site: their CSP's frame-ancestors
 * lists exactly the origins the registrar registered, plus 'self' for the portal's own preview (none at
 * all for an unknown registrar), while every other page keeps `frame-ancestors 'none'`. The registrar
 * row is read on every page request (no copy kept), so an origin a registrar adds or removes
 * (modules/registrar/origins.ts) counts at the next frame load. The files and pages come from frame.ts.
 */
import { FRAME_PATHS } from '@domain-broker/shared/widget-contract';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { dropHeader } from '#server/lib/response-headers.ts';
import { contentTypeOf } from '#server/lib/static.ts';
import { findWidgetDist, widgetFiles } from './frame.ts';

const acceptsGzip = (header: string | undefined) => /\bgzip\b/i.test(header ?? '');

/** `fileCache` keeps the files read so far (widgetFiles in frame.ts; tests pass their own to watch it). */
export function widgetRoutes(
  dist: string | undefined = findWidgetDist(),
  fileCache: Map<string, Buffer> = new Map(),
) {
  const app = new Hono<AppEnv>();
  const files = widgetFiles(dist, fileCache);

  // The loader keeps one URL for every registrar's snippet, so it cannot be cached forever: a short
  // max-age with an ETag lets a new release reach pages within minutes at the cost of a 304.
  app.get('/widget.js', async (c) => {
    const loader = await files.loader();
    if (!loader) return c.json({ message: 'Entry not found.', code: 'NOT_FOUND' }, 404);
    const { body, etag } = loader;
    c.header('ETag', etag);
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    c.header('Content-Type', contentTypeOf('widget.js'));
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Access-Control-Allow-Origin', '*');
    const match = c.req.header('if-none-match');
    if (match === etag || match === `W/${etag}`) return c.body(null, 304);
    if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(new Uint8Array(body));
    const zipped = files.gzippedFile(body);
    c.header('ETag', `W/${etag}`); // what the compressor would have sent: another encoding, a weak tag
    c.header('Content-Encoding', 'gzip');
    return c.body(zipped);
  });

  // /registrar-message is built from frame/registrar-message.html, and so on.
  const page = (path: string) =>
    app.get(path, async (c) => {
      const framed = await files.framePageFor(c.get('services').db, path, c.req.query('registrarId'));
      if (!framed) return c.json({ message: 'Entry not found.', code: 'NOT_FOUND' }, 404);
      // the only pages another site may frame: their own CSP, and no blanket framing ban
      c.header('Content-Security-Policy', framed.csp);
      dropHeader(c, 'X-Frame-Options');
      dropHeader(c, 'Cross-Origin-Opener-Policy');
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', 'text/html; charset=utf-8');
      if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(framed.html);
      const body = files.gzippedPage(framed.key, framed.html);
      c.header('Content-Encoding', 'gzip');
      return c.body(body);
    });
  page(FRAME_PATHS.message);
  page(FRAME_PATHS.search);

  app.get('/widget-frame/assets/*', async (c) => {
    const file = await files.asset(c.req.path.slice('/widget-frame'.length));
    if (!file) return c.notFound();
    c.header('Content-Type', contentTypeOf(file.target));
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(file.body));
  });

  return app;
}
