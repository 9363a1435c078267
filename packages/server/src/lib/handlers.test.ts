import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerAction, answerQuery } from './handlers.ts';
import { IdParam, vJson, vParam, vQuery } from './validate.ts';

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

describe('answerAction', () => {
  it("acts with the services, the signed-in user, the path's id and the body, and answers { message, data }", async () => {
    const services = { name: 'the services' };
    const user = { UID: 'u1' };
    const seen: unknown[] = [];
    const app = new Hono<{ Variables: { services: typeof services; auth: { user: typeof user } } }>();
    app.use(async (c, next) => {
      c.set('services', services);
      c.set('auth', { user });
      await next();
    });
    const id = '8f7d5c1e-2b3a-4c5d-9e6f-7a8b9c0d1e2f';
    app.post(
      '/things/:id',
      vParam(IdParam),
      vJson(v.strictObject({ note: v.string() })),
      answerAction(
        async (s: typeof services, u: typeof user, thing: string, body: { note: string }) => {
          seen.push(s, u, thing, body);
          return { thing, note: body.note };
        },
        'TIMELINE_UPDATED',
        201,
      ),
    );
    const r = await app.request(`/things/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'hi' }),
    });
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual({
      message: 'Timeline updated',
      code: 'TIMELINE_UPDATED',
      data: { thing: id, note: 'hi' },
    });
    expect(seen).toEqual([services, user, id, { note: 'hi' }]);
  });
});
