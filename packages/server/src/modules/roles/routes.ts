import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { roles } from '../../db/schema/index.ts';
import type { AppEnv } from '../../deps.ts';
import { NoQuery, readQuery } from '../../lib/validate.ts';

export function rolesRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/roles', async (c) => {
    readQuery(c, NoQuery);
    const rows = await c
      .get('services')
      .db.select({ UID: roles.uid, roleType: roles.roleType })
      .from(roles)
      .orderBy(asc(roles.roleType));
    return c.json({ data: rows });
  });
  return app;
}
