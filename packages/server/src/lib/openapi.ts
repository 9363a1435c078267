/**
 * The OpenAPI document, generated from the routes themselves (docs/decisions/011-server-routes.md).
 *
 * A route states what it does once, in its own definition: `describeRoute({...})` names the operation
 * and its success answers, and every middleware in front of the handler carries the part it adds
 * (vJson/vQuery/vParam their schemas and 400s, requireAuth its security and 401s, requireStaff its
 * 403). `openApiDocument(app.routes, …)` walks the mounted routes and assembles the document, so a
 * route cannot be mounted without being described (a test walks app.routes against the document).
 */

import { DEVICE_ID_PATTERN } from '@domain-broker/shared/constants';
import { ERRORS, type ErrorCode } from '@domain-broker/shared/errors';
import { FIELD_MESSAGES } from '@domain-broker/shared/field-messages';
import { SUCCESS, type SuccessCode } from '@domain-broker/shared/success';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';

export type Json = Record<string, unknown>;

/**
 * Every schema a route states is a valibot schema (the request validators' and the answers' alike,
 * from packages/shared/src/schemas): the document is generated from them, never written by hand.
 */
export type Schema = v.GenericSchema;

/**
 * A success answer: JSON `{ message?, code?, data? }` (schema of `data`), a file, or another document.
 * `message` and `code` come together, from the success catalogue (packages/shared/src/success.ts).
 */
export interface SuccessDoc {
  description: string;
  /** The schema of `data`; absent: no `data`. */
  data?: Schema;
  /**
   * The success code(s) this answer carries with its message (`success(code)`): then `message` and
   * `code` are always present.
   */
  code?: SuccessCode | readonly SuccessCode[];
  /** A whole-body schema instead of the `{ message?, code?, data? }` envelope. */
  body?: Schema;
  /**
   * Other media types (application/pdf, image/png, text/html): the body is `body` when given, else
   * binary.
   */
  mediaType?: string | string[];
  /** Response headers this answer carries: name → [description, schema, required]. */
  headers?: Record<string, HeaderDoc>;
}
export interface HeaderDoc {
  description: string;
  /** A string by default. */
  schema?: Schema;
  required?: boolean;
}
/** A request header the route reads (X-Device-Id, Stripe-Signature). */
export interface ParameterDoc {
  name: string;
  in: 'header';
  description: string;
  required?: boolean;
  schema: Schema;
}
/** A request body the JSON validators do not describe (a multipart upload, a provider's event). */
export interface RequestBodyDoc {
  mediaType: string;
  schema: Schema;
  description?: string;
  required?: boolean;
}

/** What `describeRoute` states about an operation. */
export interface RouteDoc {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Success answers by status. */
  responses: Record<number, SuccessDoc>;
  /** Failures the handler and its services answer, beyond those the middlewares add. */
  errors?: ErrorCode[];
  /** A failure status whose body carries `data` (e.g. 429 with the counters): status → data schema. */
  errorData?: Record<number, Schema>;
  /** A request body the validators do not describe (multipart uploads). */
  requestBody?: RequestBodyDoc;
  /** Extra parameters (headers such as X-Device-Id) the route reads. */
  parameters?: ParameterDoc[];
  /** Headers on a failure status (Retry-After on 429). */
  errorHeaders?: Record<number, Record<string, HeaderDoc>>;
  /** Mounted only in some deployments (the development outbox). */
  'x-condition'?: string;
}

/** What a middleware adds to the operation it guards. */
export interface DocPart {
  route?: RouteDoc;
  /** The security requirement (requireAuth: bearer; optionalAuth: none or bearer). */
  security?: Json[];
  errors?: ErrorCode[];
  /** A valibot schema, or a factory built from the request context (config-dependent schemas). */
  json?: SchemaSource;
  query?: SchemaSource;
  param?: SchemaSource;
}

// biome-ignore lint/suspicious/noExplicitAny: a factory may read any environment's services
export type SchemaSource = v.GenericSchema | ((c: Context<any>) => v.GenericSchema);

const DOC = Symbol.for('domain-broker.openapi');
type Documented = { [DOC]?: DocPart[] };

/** Attaches a doc part to a middleware or handler (kept when Hono mounts the route). */
// biome-ignore lint/complexity/noBannedTypes: any handler or middleware
export function documented<H extends Function>(handler: H, part: DocPart): H {
  const h = handler as H & Documented;
  h[DOC] = [...(h[DOC] ?? []), part];
  return h;
}

/** A pass-through middleware naming the operation: the first thing in every route's definition. */
export function describeRoute(route: RouteDoc): MiddlewareHandler {
  return documented((_c, next) => next(), { route });
}

/** The names component() gave to answer schemas. */
const componentNames = new WeakMap<Schema, string>();

/** The schema a validator checks with, as JSON Schema (OpenAPI 3.0) of what a client sends. */
export function jsonSchema(schema: v.GenericSchema, mode: 'input' | 'output' = 'input'): Json {
  return numberChecksInBranches(
    nullableEnums(
      toJsonSchema(schema, {
        target: 'openapi-3.0',
        typeMode: mode,
        errorMode: 'ignore',
        // An answer's named parts (component()) are marked, to be written once and referenced.
        overrideSchema: ({ valibotSchema, jsonSchema }) => {
          const name = mode === 'output' && componentNames.get(valibotSchema as Schema);
          return name ? { 'x-component': name, ...jsonSchema } : undefined;
        },
      }),
    ),
  ) as Json;
}

const NUMBER_CHECKS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/**
 * Tidies what the converter writes. A number field that also takes a numeric string (`v.union([numeric string → Number, v.number()])`
 * piped into `v.integer()`, `v.minValue()`…) converts to an `anyOf` carrying `type: integer` beside
 * it, which would refuse the strings the server accepts: the number checks belong to the number
 * branches (the string branches keep their pattern).
 */
function numberChecksInBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(numberChecksInBranches);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([k, val]) => [k, numberChecksInBranches(val)]),
  ) as Json;
  // OpenAPI 3.0 wants a `required` list to name at least one property.
  if (Array.isArray(out.required) && !out.required.length) delete out.required;
  if (!Array.isArray(out.anyOf) || !('type' in out)) return out;
  const checks = Object.fromEntries(NUMBER_CHECKS.filter((k) => k in out).map((k) => [k, out[k]]));
  for (const k of NUMBER_CHECKS) delete out[k];
  out.anyOf = (out.anyOf as Json[]).map((branch) =>
    branch.type === 'number' || branch.type === 'integer' ? { ...branch, ...checks } : branch,
  );
  return out;
}

/** OpenAPI 3.0: a nullable enum lists null among its values, or null is still refused. */
function nullableEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableEnums);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, val]) => [k, nullableEnums(val)])) as Json;
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out;
}

/**
 * The guest's device id header (the portal and the widget frame keep a random one). Any value is
 * accepted: one that is not a device id is ignored and the guest shares its address's bucket
 * (docs/decisions/010-appraisal-limits.md "Who is counted").
 */
export const DEVICE_ID_HEADER: ParameterDoc = {
  name: 'X-Device-Id',
  in: 'header',
  required: false,
  description: `A guest's random device id (${DEVICE_ID_PATTERN}). A value that does not match is ignored (the address is used instead).`,
  schema: v.string(),
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A named answer schema (`UserProfile`): written once under components.schemas and referenced from
 * every operation that answers it (`data: UserProfileDoc`, `data: v.array(LeadDoc)`).
 */
export function component<S extends Schema>(name: string, schema: S): S {
  componentNames.set(schema, name);
  return schema;
}

/** A named JSON schema (the request bodies): hoisted like component(). */
const namedJson = (name: string, schema: Json): Json => ({ 'x-component': name, ...schema });

/** An answer's JSON schema. */
const answerSchema = (schema: Schema) => jsonSchema(schema, 'output');

/** Replaces every `component()` by its $ref and collects the named schemas. */
function hoist(node: unknown, into: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((n) => hoist(n, into));
  if (!node || typeof node !== 'object') return node;
  const { 'x-component': name, ...rest } = node as Json;
  const walked = Object.fromEntries(Object.entries(rest).map(([k, val]) => [k, hoist(val, into)]));
  if (typeof name !== 'string') return walked;
  into[name] ??= walked;
  return ref(name);
}

/** The failure body of a status, limited to the codes the operation can answer there. */
function failureResponse(
  status: number,
  codes: ErrorCode[],
  data?: Schema,
  headers?: Record<string, HeaderDoc>,
) {
  const unique = [...new Set(codes)].sort();
  const schema: Json = {
    allOf: [
      ref('Failure'),
      {
        type: 'object',
        properties: { code: { type: 'string', enum: unique }, ...(data ? { data: answerSchema(data) } : {}) },
      },
    ],
  };
  return {
    description: unique.map((c) => `${c}: ${ERRORS[c].message}`).join(' | ') || `Failure ${status}`,
    ...(headers ? { headers: headerObjects(headers) } : {}),
    content: { 'application/json': { schema } },
  };
}

const headerObjects = (headers: Record<string, HeaderDoc>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, h]) => [
      name,
      {
        description: h.description,
        required: h.required ?? true,
        schema: h.schema ? answerSchema(h.schema) : { type: 'string' },
      },
    ]),
  );

function successResponse(doc: SuccessDoc) {
  const headers = doc.headers ? { headers: headerObjects(doc.headers) } : {};
  if (doc.mediaType)
    return {
      description: doc.description,
      ...headers,
      content: Object.fromEntries(
        [doc.mediaType]
          .flat()
          .map((m) => [
            m,
            { schema: doc.body ? answerSchema(doc.body) : { type: 'string', format: 'binary' } },
          ]),
      ),
    };
  const codes = doc.code === undefined ? [] : [doc.code].flat();
  const schema = doc.body
    ? answerSchema(doc.body)
    : {
        type: 'object',
        ...(codes.length || doc.data
          ? { required: [...(codes.length ? ['message', 'code'] : []), ...(doc.data ? ['data'] : [])] }
          : {}),
        properties: {
          message: { type: 'string' },
          code: { type: 'string', enum: codes.length ? codes : Object.keys(SUCCESS) },
          ...(doc.data ? { data: answerSchema(doc.data) } : {}),
        },
        additionalProperties: false,
      };
  return { description: doc.description, ...headers, content: { 'application/json': { schema } } };
}

const RETRY_AFTER: HeaderDoc = {
  description: 'Seconds until the limit resets.',
  schema: v.pipe(v.number(), v.integer(), v.minValue(0)),
};

/** Answers any operation may give: an unexpected error, or the database being unavailable. */
const ALWAYS: ErrorCode[] = ['INTERNAL', 'SERVICE_UNAVAILABLE'];

interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

/** `/a/:b` → `/a/{b}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

function parametersOf(source: v.GenericSchema, where: 'query' | 'path'): Json[] {
  const s = jsonSchema(source);
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => {
    const { description, ...rest } = schema as Json & { description?: string };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

export interface DocumentOptions {
  title: string;
  version: string;
  description: string;
  /** The mount point the paths are relative to (`/api`). */
  base: string;
  /** What each tag groups. */
  tags: Record<string, string>;
  /** The request context, for schemas built from the deployment's configuration. */
  context: Context;
}

/**
 * The document of every described route under `base`. An operation with no describeRoute is left
 * out, and the route coverage test fails on it.
 */
export function openApiDocument(routes: readonly RouteEntry[], opts: DocumentOptions): Json {
  const groups = new Map<string, DocPart[]>();
  for (const r of routes) {
    if (r.method === 'ALL' || !r.path.startsWith(`${opts.base}/`)) continue;
    const parts = (r.handler as Documented)[DOC];
    if (!parts) continue;
    const key = `${r.method.toLowerCase()} ${r.path.slice(opts.base.length)}`;
    groups.set(key, [...(groups.get(key) ?? []), ...parts]);
  }
  const resolve = (s: SchemaSource) => (typeof s === 'function' ? s(opts.context) : s);
  const paths: Record<string, Json> = {};
  for (const [key, parts] of groups) {
    const route = parts.find((p) => p.route)?.route;
    if (!route) continue;
    const [method, honoPath] = key.split(' ') as [string, string];
    const path = openApiPath(honoPath);
    const errors: ErrorCode[] = [...ALWAYS, ...(route.errors ?? [])];
    const parameters: Json[] = [];
    let requestBody: Json | undefined;
    let security: Json[] = [];
    for (const p of parts) {
      errors.push(...(p.errors ?? []));
      if (p.security) security = p.security;
      if (p.param) parameters.push(...parametersOf(resolve(p.param), 'path'));
      if (p.query) parameters.push(...parametersOf(resolve(p.query), 'query'));
      if (p.json)
        requestBody = {
          required: false,
          description: 'JSON object; an empty body counts as {}. Unknown fields are refused.',
          content: {
            'application/json': {
              schema: namedJson(
                `${route.operationId[0]!.toUpperCase()}${route.operationId.slice(1)}Body`,
                jsonSchema(resolve(p.json)),
              ),
            },
          },
        };
    }
    // Path parameters a validator does not check are still strings.
    for (const name of path.match(/\{(\w+)\}/g) ?? []) {
      const n = name.slice(1, -1);
      if (!parameters.some((x) => x.in === 'path' && x.name === n))
        parameters.push({ name: n, in: 'path', required: true, schema: { type: 'string' } });
    }
    for (const { schema, required, ...rest } of route.parameters ?? [])
      parameters.push({ ...rest, required: required ?? false, schema: jsonSchema(schema) });
    if (!requestBody && route.requestBody) {
      const b = route.requestBody;
      requestBody = {
        required: b.required ?? true,
        ...(b.description ? { description: b.description } : {}),
        content: { [b.mediaType]: { schema: jsonSchema(b.schema) } },
      };
    }
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of errors) {
      const status = ERRORS[code].status;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    const responses: Record<string, Json> = {};
    for (const [status, doc] of Object.entries(route.responses)) responses[status] = successResponse(doc);
    for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
      const headers = {
        ...(status === 429 ? { 'Retry-After': RETRY_AFTER } : {}),
        ...route.errorHeaders?.[status],
      };
      responses[String(status)] = failureResponse(
        status,
        codes,
        route.errorData?.[status],
        Object.keys(headers).length ? headers : undefined,
      );
    }
    paths[path] ??= {};
    paths[path]![method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      security,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      ...(route['x-condition'] ? { 'x-condition': route['x-condition'] } : {}),
    };
  }
  const tags = [
    ...new Set(
      Object.values(paths).flatMap((item) =>
        Object.values(item).flatMap((op) => (op as { tags: string[] }).tags),
      ),
    ),
  ]
    .sort()
    .map((name) => ({ name, description: opts.tags[name] ?? name }));
  const named: Record<string, Json> = {};
  const hoisted = hoist(paths, named) as Record<string, Json>;
  return {
    openapi: '3.0.3',
    info: {
      title: opts.title,
      version: opts.version,
      description: opts.description,
    },
    servers: [{ url: opts.base }],
    tags,
    security: [],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token of login or verifyEmailByCode.',
        },
      },
      schemas: {
        Failure: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { type: 'string' },
            code: { type: 'string', enum: Object.keys(ERRORS) },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'message'],
                properties: {
                  field: { type: 'string' },
                  message: { type: 'string' },
                  code: {
                    type: 'string',
                    enum: Object.keys(FIELD_MESSAGES),
                    description: 'The message in the field-message catalogue, when it is one of its texts.',
                  },
                },
              },
            },
            data: {},
          },
        },
        ...Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b))),
      },
    },
    paths: Object.fromEntries(Object.entries(hoisted).sort(([a], [b]) => a.localeCompare(b))),
  };
}
