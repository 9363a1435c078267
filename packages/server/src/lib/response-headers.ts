/**
 * The headers every answer carries (the security policy, the request id, `no-store` on the API), set
 * before the route runs so that a route can replace one (`c.header`) or drop one (`dropHeader`).
 *
 * Behind the Node server they go straight onto Node's response (`outgoing.setHeader`): Node writes
 * them with the answer's own headers, which win where both name a header. The answer itself then
 * carries only what the route set, usually just its Content-Type, which the Node adapter writes
 * without building a `Headers` object. Seven `c.header` calls cost about 6 µs a request in `Headers`
 * validation and copying, a fifth of what the app adds to a small API call (`pnpm bench --only
 * server`). Elsewhere (`app.request` in tests, other runtimes) they go through `c.header`, with the
 * same result: `security-headers.test.ts` compares the two over a real socket.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

const nodeResponse = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.outgoing;

/** Sets each header for this answer; a route's own `c.header` of the same name replaces it. */
export function setDefaultHeaders(c: Context, headers: HeaderList) {
  const out = nodeResponse(c);
  if (out && !out.headersSent) for (const [name, value] of headers) out.setHeader(name, value);
  else for (const [name, value] of headers) c.header(name, value);
}

/** Drops a header this answer would otherwise carry, whether a default or set by the route. */
export function dropHeader(c: Context, name: string) {
  c.header(name, undefined);
  const out = nodeResponse(c);
  if (out && !out.headersSent) out.removeHeader(name);
}
