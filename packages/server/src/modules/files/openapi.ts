/** The upload endpoints of the OpenAPI document (merged into modules/openapi/document.ts). */
import { ERRORS } from '@domain-broker/shared/errors';

type Json = Record<string, unknown>;
const failure = (...codes: (keyof typeof ERRORS)[]) => ({
  description: `Failure. Codes: ${codes.map((c) => `${c} ("${ERRORS[c].message}")`).join(', ')}`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});
const STORED = {
  type: 'object',
  properties: {
    filename: { type: 'string' },
    url: { type: 'string' },
    contentType: { type: 'string', enum: ['image/png', 'image/jpeg'] },
    size: { type: 'integer' },
  },
};

export const filesOps: Record<string, Record<string, Json>> = {
  '/files': {
    post: {
      summary:
        'Uploads one image (multipart field `file`, signed in): JPEG or PNG recognised by its bytes, at most 2 MB; stored under a random name. The URL answered is what the profile `image` takes.',
      auth: true,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary' } },
              additionalProperties: false,
            },
          },
        },
      },
      responses: {
        201: {
          description: 'Stored',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  data: { type: 'object', properties: { files: { type: 'array', items: STORED } } },
                },
              },
            },
          },
        },
        400: failure('INVALID_IMAGE', 'UNKNOWN_FIELD'),
        401: failure('AUTH_MISSING', 'TOKEN_INVALID'),
        413: failure('INPUT_TOO_LONG'),
        415: failure('FILE_TYPE_NOT_ALLOWED'),
      },
    },
  },
  '/files/{filename}': {
    get: {
      summary: 'A stored upload, with its image type, nosniff and a year-long cache (names never repeat).',
      parameters: [{ name: 'filename', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: {
          description: 'The image',
          content: {
            'image/png': { schema: { type: 'string', format: 'binary' } },
            'image/jpeg': { schema: { type: 'string', format: 'binary' } },
          },
        },
        404: failure('NOT_FOUND'),
      },
    },
  },
};
