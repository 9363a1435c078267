/**
 * Request body limits, enforced while the body streams in (hono/body-limit): a body over its route's
 * limit is answered 413 INPUT_TOO_LONG as soon as the limit is passed, whether or not it declared a
 * Content-Length, and the connection is closed so the rest is never read. Memory per request is bounded
 * by the limit. Routes get 64 KB unless listed in BODY_LIMITS (docs/operations.md, "Request body
 * limits"). The body is handed on byte for byte, so a webhook that checks a signature over its raw
 * body reads it as sent.
 */
import { ERRORS } from '@domain-broker/shared/errors';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Routes that need more than the default, keyed "METHOD /path" (full path, with /api). */
export const BODY_LIMITS: Record<string, number> = {
  // uploads: a 2 MB file and its multipart envelope (modules/files/routes.ts checks the file itself)
  'POST /api/files': 2 * 1024 * 1024 + 16 * 1024,
  // the payment provider's events (decision B3: read raw, for the signature)
  'POST /api/webhooks/stripe': 256 * 1024,
};

export function bodyLimits(
  limits: Record<string, number> = BODY_LIMITS,
  fallback = DEFAULT_BODY_LIMIT,
): MiddlewareHandler {
  const make = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        c.header('Connection', 'close');
        return c.json({ message: ERRORS.INPUT_TOO_LONG.message, code: 'INPUT_TOO_LONG' }, 413);
      },
    });
  const byRoute = new Map(Object.entries(limits).map(([route, max]) => [route, make(max)]));
  const standard = make(fallback);
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return (byRoute.get(`${c.req.method} ${c.req.path}`) ?? standard)(c, next);
  };
}
