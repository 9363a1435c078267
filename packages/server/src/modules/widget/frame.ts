/**
 * The widget's files and frame pages (routes.ts serves them): where dist is, the files read once and
 * kept, the frame pages with their script and style written in, and the CSP and registrar a frame page
 * carries for the registrar it is opened for.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { AppError } from '@domain-broker/shared/errors';
import { isRegistrarId } from '@domain-broker/shared/widget-contract';
import type { Db } from '#server/db/client.ts';
import { findRegistrar, toWidgetRegistrar } from '../registrar/service.ts';

/** packages/widget-sdk/dist, from the source tree or from the server's bundle. */
export function findWidgetDist(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, '../../../../widget-sdk/dist'), // src/modules/widget → packages/widget-sdk/dist
    join(here, '../../widget-sdk/dist'), // dist/main.js → packages/widget-sdk/dist
  ];
  return candidates.map((c) => resolve(c)).find((c) => existsSync(join(c, 'widget.js')));
}

const escapeAttribute = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** `hashes.script` / `hashes.style`: CSP source expressions ('sha256-…') of the page's inline script and style. */
export function frameCsp(
  ancestors: string[],
  hashes: { script: string[]; style: string[] } = NO_HASHES,
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes.script].join(' '),
    ["style-src 'self'", ...hashes.style].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
}

const NO_HASHES = { script: [], style: [] };
/** Gzipped frame pages kept (two pages per registrar). */
const GZIP_CACHE_MAX = 500;

export interface FramePage {
  html: string;
  hashes: { script: string[]; style: string[] };
}

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The frame page with its script and stylesheet written into it (docs/decisions/022-widget-availability.md):
 * one response instead of three before the frame can run, which is most of a cold start. The inline
 * script and style are allowed by their hashes in the page's CSP, so the policy stays free of
 * 'unsafe-inline'. A reference that cannot be read (or a script holding `</script`) stays a link.
 */
export async function inlineFramePage(
  html: string,
  readAsset: (urlPath: string) => Promise<Buffer | null>,
): Promise<FramePage> {
  const hashes = { script: [] as string[], style: [] as string[] };
  let out = html;
  for (const tag of html.match(/<script type="module" crossorigin src="\/widget-frame\/[^"]+"><\/script>/g) ??
    []) {
    const body = (await readAsset(/src="([^"]+)"/.exec(tag)?.[1] ?? ''))?.toString('utf8');
    if (body === undefined || /<\/script/i.test(body)) continue;
    out = out.replace(tag, () => `<script type="module">${body}</script>`);
    hashes.script.push(cspHash(body));
  }
  for (const tag of html.match(/<link rel="stylesheet" crossorigin href="\/widget-frame\/[^"]+">/g) ?? []) {
    const body = (await readAsset(/href="([^"]+)"/.exec(tag)?.[1] ?? ''))?.toString('utf8');
    if (body === undefined || /<\/style/i.test(body)) continue;
    out = out.replace(tag, () => `<style>${body}</style>`);
    hashes.style.push(cspHash(body));
  }
  return { html: out, hashes };
}

/**
 * The files of dist, read once: `fileCache` keeps the files read so far (tests pass their own to watch
 * it). Only files that exist are kept: a miss is never cached, so strangers asking for made-up names
 * cannot grow it (it holds at most the files of dist).
 */
export function widgetFiles(dist: string | undefined, fileCache: Map<string, Buffer>) {
  const gzippedFiles = new WeakMap<Buffer, Uint8Array<ArrayBuffer>>();
  const read = async (path: string) => {
    const hit = fileCache.get(path);
    if (hit) return hit;
    const body = await readFile(path).catch(() => null);
    if (body) fileCache.set(path, body);
    return body;
  };

  /** dist/frame/assets/x for the URL path /widget-frame/assets/x; null outside that folder or missing. */
  const readAsset = async (urlPath: string) => {
    if (!dist || !urlPath.startsWith('/widget-frame/')) return null;
    const root = resolve(dist, 'frame');
    const target = normalize(join(root, urlPath.slice('/widget-frame'.length)));
    return target.startsWith(root + sep) ? read(target) : null;
  };
  // Built once per page file (the files of dist do not change while the server runs).
  const pages = new Map<string, Promise<FramePage | null>>();
  const framePage = (path: string) => {
    let hit = pages.get(path);
    if (!hit) {
      hit = (async () => {
        const body = dist ? await read(join(dist, 'frame', `${path.slice(1)}.html`)) : null;
        return body ? inlineFramePage(body.toString('utf8'), readAsset) : null;
      })();
      pages.set(path, hit);
      // a page missing now may be built later: only found pages stay
      void hit.then((p) => p || pages.delete(path));
    }
    return hit;
  };

  // The page differs only by registrar: gzip it once per registrar row, not on every request (a cold
  // frame waited tens of milliseconds for the streaming compressor on a busy machine). Bounded: the
  // oldest go first.
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();

  return {
    /** The loader (dist/widget.js) and its ETag; null without dist or the file. */
    async loader() {
      const body = dist ? await read(join(dist, 'widget.js')) : null;
      if (!body) return null;
      return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
    },

    /** The loader gzipped once, not by the streaming compressor on every request (it is on the cold path). */
    gzippedFile(body: Buffer) {
      let zipped = gzippedFiles.get(body);
      if (!zipped) {
        zipped = new Uint8Array(gzipSync(body));
        gzippedFiles.set(body, zipped);
      }
      return zipped;
    },

    /**
     * The frame page at `path` for the registrar of `registrarId`: its CSP, its HTML (a known
     * registrar's details written into it) and the key its gzipped copy is kept under; null when dist
     * has no such page.
     */
    async framePageFor(db: Db, path: string, registrarId: string | undefined) {
      // A NUL cannot be a registrar id (nor reach PostgreSQL): refused like any invalid input.
      if (registrarId?.includes('\u0000')) throw new AppError('VALIDATION_FAILED');
      const built = await framePage(path);
      if (!built) return null;
      const row = isRegistrarId(registrarId) ? await findRegistrar(db, registrarId) : undefined;
      const registrar = row ? toWidgetRegistrar(row) : undefined;
      // A known registrar's frame may also be framed by the portal itself: the preview on the
      // registrar's integration page (the frame checks that host as its own origin, and counts no click).
      const ancestors = registrar ? [...registrar.allowedOrigins, "'self'"] : [];
      const csp = frameCsp(ancestors, built.hashes);
      if (!registrar) return { csp, key: path, html: built.html };
      // The same answer GET /api/widget/registrars/{id} gives, written into the page so the frame can
      // check its host without another round trip before it says ready.
      const preloaded = escapeAttribute(JSON.stringify(registrar));
      // before the page's own </head> (the last one: an inlined script may spell the string too)
      const at = built.html.lastIndexOf('</head>');
      const meta = `<meta name="domain-broker-registrar" content="${preloaded}">`;
      return {
        csp,
        key: `${path}\n${preloaded}`,
        html: at < 0 ? built.html : built.html.slice(0, at) + meta + built.html.slice(at),
      };
    },

    /** A frame page gzipped once per key (path and registrar). */
    gzippedPage(key: string, html: string) {
      let body = gzipped.get(key);
      if (!body) {
        body = new Uint8Array(gzipSync(html));
        gzipped.set(key, body);
        if (gzipped.size > GZIP_CACHE_MAX) gzipped.delete(gzipped.keys().next().value as string);
      }
      return body;
    },

    /**
     * The frame's asset for the URL path after /widget-frame (dist/frame/assets/x; the frame's Vite base
     * keeps its URLs apart from the portal's /assets) and its file path; null when there is none.
     */
    async asset(rawName: string) {
      let name: string;
      try {
        name = decodeURIComponent(rawName);
      } catch {
        throw new AppError('VALIDATION_FAILED'); // malformed percent-encoding
      }
      if (name.includes('\u0000')) throw new AppError('VALIDATION_FAILED');
      if (!dist) return null;
      const root = resolve(dist, 'frame');
      const target = normalize(join(root, name));
      if (!target.startsWith(root + sep)) return null;
      const body = await read(target);
      return body ? { body, target } : null;
    },
  };
}
