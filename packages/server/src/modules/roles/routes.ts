/** The role list (the admin workspace's role picker). */
import { RoleSchema } from '@domain-broker/shared/schemas/profile';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vQuery } from '#server/lib/validate.ts';
import { listRoles } from './service.ts';

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
    async (c) => c.json({ data: await listRoles(c.get('services').db) }),
  );
  return app;
}
