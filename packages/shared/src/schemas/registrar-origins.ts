/**
 * A registrar's self-service allowed origins (docs/registrar-integration.md): the pages the widget may be embedded on.
 * The same rule checks the portal's form and the server's `POST /api/registrar/origins`.
 *
 * Paths (all under /api, Registrar role only, always the signed-in registrar's own list):
 *   GET    /registrar/origins            → RegistrarOrigins
 *   POST   /registrar/origins  {origin}  → RegistrarOrigins (the list after adding)
 *   DELETE /registrar/origins  {origin}  → RegistrarOrigins (the list after removing)
 *
 * An origin is what a browser serialises (`scheme://host[:port]`): https, or http only for `localhost`
 * and `127.0.0.1`; no path, query, fragment, credentials or wildcard; the host is lower-cased and an
 * internationalised name is stored in punycode (`https://bücher.example` → `https://xn--bcher-kva.example`),
 * a default port dropped. The list is the frame pages' CSP `frame-ancestors` and the frame's origin
 * check (packages/shared/src/widget-contract.ts `isAllowedOrigin`).
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { DOMAIN_NAME_MAX_LENGTH, isDomainName } from '../widget-contract.ts';
import { UNKNOWN_FIELD } from './common.ts';

/** At most this many origins per registrar: enough for every site, checkout and staging host. */
export const MAX_ALLOWED_ORIGINS = 20;
/** Longest text accepted as an origin (a 253-character host, scheme and port fit). */
export const ORIGIN_MAX_LENGTH = 300;

export const ORIGIN_MESSAGES = {
  empty: FIELD_MESSAGES.ORIGIN_EMPTY,
  tooLong: FIELD_MESSAGES.TOO_LONG,
  invalid: FIELD_MESSAGES.ORIGIN_INVALID,
  pathOrQuery: FIELD_MESSAGES.ORIGIN_PATH_OR_QUERY,
  notHttps: FIELD_MESSAGES.ORIGIN_NOT_HTTPS,
  host: FIELD_MESSAGES.ORIGIN_HOST,
} as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/**
 * The serialised origin of `input`, or the message that says why it is not one. Whitespace around is
 * ignored, and so is one trailing slash (`https://example.com/` is the origin `https://example.com`).
 */
export function parseAllowedOrigin(input: string): { origin: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: ORIGIN_MESSAGES.empty };
  if (text.length > ORIGIN_MAX_LENGTH) return { error: ORIGIN_MESSAGES.tooLong };
  if (!/^https?:\/\/[^/?#]/i.test(text) || /\s/.test(text) || text.includes('\u0000')) {
    return {
      error:
        /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:/i.test(text)
          ? ORIGIN_MESSAGES.notHttps
          : ORIGIN_MESSAGES.invalid,
    };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: ORIGIN_MESSAGES.invalid };
  }
  const afterScheme = text.slice(text.indexOf('//') + 2);
  if (/[?#]/.test(afterScheme) || url.pathname !== '/' || /\/./.test(afterScheme)) {
    return { error: ORIGIN_MESSAGES.pathOrQuery };
  }
  if (url.username || url.password || afterScheme.includes('@')) return { error: ORIGIN_MESSAGES.invalid };
  const host = url.hostname;
  const local = LOCAL_HOSTS.has(host);
  if (!local && !IPV4.test(host) && !(host.length <= DOMAIN_NAME_MAX_LENGTH && isDomainName(host))) {
    return { error: ORIGIN_MESSAGES.host };
  }
  if (url.protocol === 'http:' && !local) return { error: ORIGIN_MESSAGES.notHttps };
  return { origin: url.origin };
}

/** `{ origin }` of POST /registrar/origins: checked and normalised to the serialised origin. */
export const AddOriginBody = v.strictObject(
  {
    origin: v.pipe(
      v.string(ORIGIN_MESSAGES.empty),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parsed = parseAllowedOrigin(dataset.value);
        if ('error' in parsed) {
          addIssue({ message: parsed.error });
          return NEVER;
        }
        return parsed.origin;
      }),
    ),
  },
  UNKNOWN_FIELD,
);
export type AddOriginInput = v.InferInput<typeof AddOriginBody>;

/**
 * `{ origin }` of DELETE /registrar/origins: any text, so an entry stored before these rules (or by
 * staff) can still be removed; it is compared after the same normalisation as the stored list.
 */
export const RemoveOriginBody = v.strictObject(
  {
    origin: v.pipe(
      v.string(ORIGIN_MESSAGES.empty),
      v.trim(),
      v.nonEmpty(ORIGIN_MESSAGES.empty),
      v.maxLength(ORIGIN_MAX_LENGTH, ORIGIN_MESSAGES.tooLong),
      v.check((s) => !s.includes('\u0000'), ORIGIN_MESSAGES.invalid),
    ),
  },
  UNKNOWN_FIELD,
);

/** What the three routes answer in `data`. */
export const RegistrarOriginsSchema = v.object({
  registrarUID: v.string(),
  name: v.string(),
  origins: v.pipe(
    v.array(v.pipe(v.string(), v.metadata({ example: 'https://www.example-registrar.com' }))),
    v.description('Serialised origins, in the order they were added'),
  ),
  maxOrigins: v.pipe(v.number(), v.integer(), v.metadata({ example: MAX_ALLOWED_ORIGINS })),
});
export type RegistrarOrigins = v.InferOutput<typeof RegistrarOriginsSchema>;
