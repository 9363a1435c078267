/**
 * POST /files (multipart, field `file`, signed-in users): answers `{ data: { files: [{ filename, url }] } }`.
 * GET /files/{filename}: the stored file with its type, `nosniff` and a long cache (names never repeat).
 */
import { AppError } from '@domain-broker/shared/errors';
import { UploadedFilesSchema, UploadForm } from '@domain-broker/shared/schemas/files';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { requireAuth } from '../auth/middleware.ts';
import { MAX_UPLOAD_BYTES, storedFile, storeImage } from './service.ts';
import { uploadedBytes } from './upload-form.ts';

/** Room for the multipart envelope (boundaries, part headers) around a file of the maximum size. */
const ENVELOPE_BYTES = 16 * 1024;

const tags = ['files'];

export function filesRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    '/files',
    describeRoute({
      operationId: 'uploadFile',
      summary:
        'Uploads one image (multipart field `file`, signed in): JPEG or PNG recognised by its bytes, at most 2 MB; stored under a random name. The URL answered is what the profile `image` takes.',
      tags,
      requestBody: { mediaType: 'multipart/form-data', schema: UploadForm },
      responses: {
        201: {
          description: 'Stored',
          data: UploadedFilesSchema,
        },
      },
      errors: ['INVALID_IMAGE', 'UNKNOWN_FIELD', 'INPUT_TOO_LONG', 'FILE_TYPE_NOT_ALLOWED'],
    }),
    requireAuth,
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
      onError: () => {
        throw new AppError('INPUT_TOO_LONG');
      },
    }),
    async (c) => {
      const stored = await storeImage(c.get('services').files, await uploadedBytes(c.req));
      return c.json({ data: { files: [stored] } }, 201);
    },
  );
  app.get(
    '/files/:filename',
    describeRoute({
      operationId: 'getFile',
      summary: 'A stored upload, with its image type, nosniff and a year-long cache (names never repeat).',
      tags,
      responses: {
        200: {
          description: 'The image',
          mediaType: ['image/png', 'image/jpeg'],
          headers: {
            'Cache-Control': { description: 'public, max-age=31536000, immutable' },
            'Content-Disposition': { description: 'inline' },
          },
        },
      },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const file = await storedFile(c.get('services').files, c.req.param('filename'));
      c.header('Content-Type', file.contentType);
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Content-Disposition', 'inline');
      return c.body(file.body as Uint8Array<ArrayBuffer>);
    },
  );
  return app;
}
