/**
 * Handlers several modules share (docs/decisions/012-route-helpers.md). A route still states its
 * `describeRoute`, gate and validators itself; only the handler at the end is named here.
 */
import type { Context } from 'hono';

/**
 * The handler of a route that reads with its validated query and nothing else (the staff's paged lists,
 * the settle summary): `read(db, query)`, answered `{ data }`. Follows `vQuery(schema)`.
 */
export const answerQuery =
  <D, Q, T>(read: (db: D, query: Q) => Promise<T>) =>
  async (c: Context<{ Variables: { services: { db: D } } }, string, { out: { query: Q } }>) =>
    c.json({ data: await read(c.get('services').db, c.req.valid('query')) });
