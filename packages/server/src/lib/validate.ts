/**
 * Body and query validation with the shared valibot schemas. Every failure is a 4xx with the
 * catalogue's code: malformed JSON → PARSE_ERROR, an unknown field → UNKNOWN_FIELD, anything else
 * → VALIDATION_FAILED with the schema's own message and the per-field list.
 */
import { AppError, type FieldError } from '@domain-broker/shared/errors';
import { UNKNOWN_FIELD } from '@domain-broker/shared/schemas/common';
import type { Context } from 'hono';
import * as v from 'valibot';

const MAX_BODY_BYTES = 64 * 1024;

function toFieldErrors(issues: v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((i) => ({
    field: (i.path ?? []).map((p) => String(p.key)).join('.') || '',
    message: i.message,
  }));
}

/** A strict object reports a field it does not know with expected 'never'. */
const isUnknownKey = (i: v.BaseIssue<unknown>) =>
  i.kind === 'schema' && i.type.endsWith('object') && i.expected === 'never';
/** A required key that is absent: reported by the object schema, not the field, so with the object's message. */
const isMissingKey = (i: v.BaseIssue<unknown>) =>
  i.kind === 'schema' &&
  i.type.endsWith('object') &&
  i.expected !== 'never' &&
  i.input === undefined &&
  !!i.path?.length;

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  let result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const unknownIssues = result.issues.filter(isUnknownKey);
  if (unknownIssues.length) {
    throw new AppError('UNKNOWN_FIELD', {
      errors: unknownIssues.map((i) => ({
        field: String(i.path?.at(-1)?.key ?? ''),
        message: UNKNOWN_FIELD,
      })),
    });
  }
  // An absent required field gets the field's own "empty" message (e.g. 'Please Enter OTP'): validate
  // again with the missing keys present but empty, so each field schema speaks for itself.
  const missing = result.issues.filter(isMissingKey);
  if (missing.length && typeof input === 'object' && input !== null) {
    const filled: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const i of missing) filled[String(i.path?.[0]?.key)] = '';
    const again = v.safeParse(schema, filled);
    if (!again.success) result = again;
  }
  const errors = toFieldErrors(result.issues);
  throw new AppError('VALIDATION_FAILED', { message: errors[0]?.message ?? 'Invalid entry.', errors });
}

/** Reads the JSON body (an object) and validates it. An empty body counts as `{}`. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new AppError('INPUT_TOO_LONG');
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new AppError('PARSE_ERROR');
  }
  if (text.length > MAX_BODY_BYTES) throw new AppError('INPUT_TOO_LONG');
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('PARSE_ERROR');
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('INVALID_BODY');
  return parseWith(schema, body);
}

/** A query string with no parameters allowed (the endpoint takes none). */
export const NoQuery = v.strictObject({}, UNKNOWN_FIELD);

export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}
