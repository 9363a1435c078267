/**
 * POST /files (multipart, field `file`, signed-in users): answers `{ data: { files: [{ filename, url }] } }`.
 * GET /files/{filename}: the stored file with its type, `nosniff` and a long cache (names never repeat).
 */
import { AppError } from '@domain-broker/shared/errors';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../deps.ts';
import { requireAuth } from '../auth/middleware.ts';
import { MAX_UPLOAD_BYTES, STORED_NAME, storeImage } from './service.ts';

/** Room for the multipart envelope (boundaries, part headers) around a file of the maximum size. */
const ENVELOPE_BYTES = 16 * 1024;

export function filesRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    '/files',
    requireAuth,
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
      onError: () => {
        throw new AppError('INPUT_TOO_LONG');
      },
    }),
    async (c) => {
      if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data'))
        throw new AppError('INVALID_IMAGE');
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch (e) {
        if (e instanceof AppError) throw e; // the body limit, raised while the body streams
        throw new AppError('INVALID_IMAGE');
      }
      const unknown = Object.keys(form).filter((k) => k !== 'file');
      if (unknown.length)
        throw new AppError('UNKNOWN_FIELD', {
          errors: unknown.map((field) => ({ field, message: 'Unknown input field' })),
        });
      const file = form.file;
      if (!(file instanceof File)) throw new AppError('INVALID_IMAGE');
      const stored = await storeImage(c.get('services').files, new Uint8Array(await file.arrayBuffer()));
      return c.json({ data: { files: [stored] } }, 201);
    },
  );
  app.get('/files/:filename', async (c) => {
    const name = c.req.param('filename');
    const file = STORED_NAME.test(name) ? await c.get('services').files.get(name) : null;
    if (!file) throw new AppError('NOT_FOUND');
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Disposition', 'inline');
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });
  return app;
}
