/** The role list (the admin workspace's role picker). */
import { RoleSchema } from '@domain-broker/shared/schemas/profile';
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { roles } from '#server/db/schema/index.ts';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vQuery } from '#server/lib/validate.ts';

export function rolesRoutes() {
  const app = new Hono<AppEnv>();
  app.get(
    '/roles',
    describeRoute({
      operationId: 'listRoles',
      summary: 'The role list.',
      tags: ['profile'],
      responses: {
        200: { description: 'Roles', data: v.array(component('Role', RoleSchema)) },
      },
    }),
    vQuery(NoQuery),
    async (c) => {
      const rows = await c
        .get('services')
        .db.select({ UID: roles.uid, roleType: roles.roleType })
        .from(roles)
        .orderBy(asc(roles.roleType));
      return c.json({ data: rows });
    },
  );
  return app;
}
