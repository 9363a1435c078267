import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerQuery } from './handlers.ts';
import { vQuery } from './validate.ts';

describe('answerQuery', () => {
  it("answers { data } with what read returns for the services' db and the validated query", async () => {
    const db = { name: 'the db' };
    const seen: unknown[] = [];
    const app = new Hono<{ Variables: { services: { db: typeof db } } }>();
    app.use(async (c, next) => {
      c.set('services', { db });
      await next();
    });
    app.get(
      '/list',
      vQuery(v.strictObject({ page: v.pipe(v.string(), v.transform(Number)) })),
      answerQuery(async (d: typeof db, q: { page: number }) => {
        seen.push(d, q);
        return { items: [], page: q.page };
      }),
    );
    const r = await app.request('/list?page=2');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ data: { items: [], page: 2 } });
    expect(seen).toEqual([db, { page: 2 }]);
  });
});
