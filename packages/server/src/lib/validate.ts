/**
 * Body and query validation with the shared valibot schemas. Every failure is a 4xx with the
 * catalogue's code: malformed JSON → PARSE_ERROR, an unknown field → UNKNOWN_FIELD, anything else
 * → VALIDATION_FAILED with the schema's own message and the per-field list.
 */
import { AppError, type ErrorCode, type FieldError } from '@domain-broker/shared/errors';
import { UNKNOWN_FIELD } from '@domain-broker/shared/schemas/common';
import type { Context, Env } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { documented, type SchemaSource } from './openapi.ts';

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

/**
 * A row id as the database makes them (a uuid). Services test an id from the path or the body with it
 * before querying: PostgreSQL refuses a malformed uuid with an error, not with no rows.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A query string with no parameters allowed (the endpoint takes none). */
export const NoQuery = v.strictObject({}, UNKNOWN_FIELD);

/** The path of a route on one record, `/things/:id`: the service looks the id up (and answers its own 404). */
export const IdParam = v.object({ id: v.string() });

export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}

// ── declarative validation: the one way a route reads its input ──────────────────────────────────
//
// app.patch('/thing/:id', describeRoute({...}), requireAuth, vParam(IdParam), vQuery(NoQuery),
//   vJson(ThingBody), async (c) => { const body = c.req.valid('json'); … })
//
// Each runs before the handler with the catalogue's messages (parseWith above) and documents itself
// in the OpenAPI document (lib/openapi.ts). A schema that depends on the deployment's configuration
// is passed as a factory of the request context.

type SchemaIn<S> = S extends v.GenericSchema ? S : S extends (c: never) => infer R ? R : never;
type Out<S extends SchemaSource> = SchemaIn<S> extends v.GenericSchema ? v.InferOutput<SchemaIn<S>> : never;
type In<S extends SchemaSource> = SchemaIn<S> extends v.GenericSchema ? v.InferInput<SchemaIn<S>> : never;

const schemaOf = (source: SchemaSource, c: Context): v.GenericSchema =>
  typeof source === 'function' ? source(c) : source;

/** The JSON body (an object; an empty body is `{}`), validated: `c.req.valid('json')`. */
export const vJson = <S extends SchemaSource>(source: S) =>
  documented(
    createMiddleware<Env, string, { in: { json: In<S> }; out: { json: Out<S> } }>(async (c, next) => {
      c.req.addValidatedData('json', (await readBody(c, schemaOf(source, c))) as object);
      await next();
    }),
    {
      json: source,
      errors: ['VALIDATION_FAILED', 'UNKNOWN_FIELD', 'PARSE_ERROR', 'INVALID_BODY', 'INPUT_TOO_LONG'],
    },
  );

/** The query string, validated (unknown parameters refused): `c.req.valid('query')`. */
export const vQuery = <S extends SchemaSource>(source: S) =>
  documented(
    createMiddleware<Env, string, { in: { query: In<S> }; out: { query: Out<S> } }>(async (c, next) => {
      c.req.addValidatedData('query', parseWith(schemaOf(source, c), c.req.query()) as object);
      await next();
    }),
    { query: source, errors: ['VALIDATION_FAILED', 'UNKNOWN_FIELD'] },
  );

/**
 * The path parameters, validated: `c.req.valid('param')`. A failure answers `code` (e.g.
 * DOMAIN_INVALID, REGISTRAR_UID_MISSING) instead of VALIDATION_FAILED. A parameter whose
 * percent-encoding is malformed arrives undecoded and fails its schema like any other bad value.
 */
export const vParam = <S extends SchemaSource>(source: S, code: ErrorCode = 'VALIDATION_FAILED') =>
  documented(
    createMiddleware<Env, string, { in: { param: In<S> }; out: { param: Out<S> } }>(async (c, next) => {
      const schema = schemaOf(source, c);
      const params = c.req.param() as Record<string, string>;
      if (code === 'VALIDATION_FAILED') c.req.addValidatedData('param', parseWith(schema, params) as object);
      else {
        const r = v.safeParse(schema, params);
        if (!r.success) throw new AppError(code);
        c.req.addValidatedData('param', r.output as Record<string, unknown>);
      }
      await next();
    }),
    { param: source, errors: [code] },
  );
