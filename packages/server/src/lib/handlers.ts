/**
 * Handlers several modules share (docs/decisions/012-route-helpers.md). A route still states its
 * `describeRoute`, gate and validators itself; only the handler at the end is named here.
 */
import { type SuccessCode, success } from '@domain-broker/shared/success';
import type { Context } from 'hono';

/**
 * The handler of a route that reads with its validated query and nothing else (the staff's paged lists,
 * the settle summary): `read(db, query)`, answered `{ data }`. Follows `vQuery(schema)`.
 */
export const answerQuery =
  <D, Q, T>(read: (db: D, query: Q) => Promise<T>) =>
  async (c: Context<{ Variables: { services: { db: D } } }, string, { out: { query: Q } }>) =>
    c.json({ data: await read(c.get('services').db, c.req.valid('query')) });

/**
 * The handler of a route where the signed-in user changes the record named by the path's id with the
 * request's body: `act(services, user, id, body)`, answered `success(code, { data })` with `status`. Follows
 * an auth gate, `vParam(IdParam)` and `vJson(schema)`.
 */
export const answerAction =
  <S, U, B, T>(
    act: (s: S, user: U, id: string, body: B) => Promise<T>,
    code: SuccessCode,
    status: 200 | 201 = 200,
  ) =>
  async (
    c: Context<
      { Variables: { services: S; auth: { user: U } } },
      string,
      { out: { param: { id: string }; json: B } }
    >,
  ) => {
    const data = await act(
      c.get('services'),
      c.get('auth').user,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(success(code, { data }), status);
  };
