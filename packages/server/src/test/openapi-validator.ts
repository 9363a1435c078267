/**
 * An OpenAPI response validator for the suites: checks that an answer is one the document describes
 * (its status among the operation's responses, its media type, its required headers, and a JSON body
 * valid against the response schema, with ajv). Used by src/openapi.test.ts and the no-5xx property
 * test, so any answer the document does not describe fails a test.
 */
import { Ajv, type ValidateFunction } from 'ajv';

type Json = Record<string, unknown>;

export interface Operation {
  method: string;
  /** The document's path template, e.g. /appraisalDetails/{domain}. */
  path: string;
  operationId: string;
  op: Json;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(item))
      out.push({ method, path, op, operationId: String(op.operationId) });
  return out;
}

export function createResponseValidator(doc: Json) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<object, ValidateFunction>();
  const compile = (schema: object) => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile({ ...schema, components: doc.components });
      compiled.set(schema, fn);
    }
    return fn;
  };
  const ops = operationsOf(doc).map((o) => ({
    ...o,
    re: new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
  }));

  /** The operation a request reaches (method and a path relative to the server's base, /api). */
  const find = (method: string, path: string): Operation | undefined => {
    const bare = path.split('?')[0]!;
    const m = method.toLowerCase();
    // A literal path wins over a template (as the router matches).
    const candidates = ops.filter((o) => o.method === m && o.re.test(bare));
    return candidates.find((o) => o.path === bare) ?? candidates[0];
  };

  /** The problems of an answer to `op`; empty when the document describes it. */
  const problems = (op: Operation, answer: Answer): string[] => {
    const responses = op.op.responses as Record<string, Json>;
    const doc = responses[String(answer.status)] ?? responses.default;
    const where = `${op.method.toUpperCase()} ${op.path} → ${answer.status}`;
    if (!doc) return [`${where}: status not documented (${answer.text.slice(0, 200)})`];
    const out: string[] = [];
    for (const [name, h] of Object.entries((doc.headers ?? {}) as Record<string, Json>)) {
      const value = answer.headers.get(name);
      if (h.required && value === null) out.push(`${where}: header ${name} missing`);
      const pattern = (h.schema as Json | undefined)?.pattern;
      if (value !== null && typeof pattern === 'string' && !new RegExp(pattern).test(value))
        out.push(`${where}: header ${name}=${value} does not match ${pattern}`);
    }
    const content = (doc.content ?? {}) as Record<string, Json>;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!Object.keys(content).length) return out;
    const media = content[type];
    if (!media)
      return [...out, `${where}: content type ${type} not documented (${Object.keys(content).join(', ')})`];
    if (type !== 'application/json') return out;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [...out, `${where}: body is not JSON`];
    }
    const validate = compile(media.schema as object);
    if (!validate(body))
      out.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
    return out;
  };

  return { find, problems, operations: ops };
}

export type ResponseValidator = ReturnType<typeof createResponseValidator>;
