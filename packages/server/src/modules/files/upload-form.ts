/**
 * The multipart form of POST /files, read by hand (the validators read JSON, queries and paths): one
 * field, `file`, holding a file. Anything else answers INVALID_IMAGE, or UNKNOWN_FIELD naming the
 * fields it does not know.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { HonoRequest } from 'hono';

/** The bytes of the form's file. */
export async function uploadedBytes(req: HonoRequest): Promise<Uint8Array> {
  if (!req.header('content-type')?.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError('INVALID_IMAGE');
  let form: Record<string, unknown>;
  try {
    form = await req.parseBody({ all: true });
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
  return new Uint8Array(await file.arrayBuffer());
}
