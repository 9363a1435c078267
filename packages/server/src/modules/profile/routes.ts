/** The signed-in user's own profile (GET and PATCH /myProfile, docs/api.md "Endpoints"). */

import { UpdateProfileBody, UserProfileSchema } from '@domain-broker/shared/schemas/profile';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vQuery } from '#server/lib/validate.ts';
import { requireAuth } from '../auth/middleware.ts';
import { updateProfile } from './service.ts';

export const UserProfileDoc = component('UserProfile', UserProfileSchema);

export function profileRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/myProfile',
    describeRoute({
      operationId: 'getMyProfile',
      summary: 'The signed-in user, with roles and privileges read fresh.',
      tags: ['profile'],
      responses: { 200: { description: 'Profile', data: UserProfileDoc } },
    }),
    requireAuth,
    vQuery(NoQuery),
    (c) => c.json({ data: c.get('auth').user }),
  );

  app.patch(
    '/myProfile',
    describeRoute({
      operationId: 'updateMyProfile',
      summary: 'Updates only the fields sent; name is derived from first and last name.',
      tags: ['profile'],
      responses: {
        200: { description: SUCCESS.PROFILE_UPDATED, code: 'PROFILE_UPDATED', data: UserProfileDoc },
      },
      errors: ['USER_NOT_FOUND'],
    }),
    requireAuth,
    vJson(UpdateProfileBody),
    async (c) => {
      const s = c.get('services');
      const user = await updateProfile(
        s.db,
        c.get('auth').user.UID,
        c.req.valid('json'),
        s.now(),
        s.leadPrefersPhone,
      );
      return c.json(success('PROFILE_UPDATED', { data: user }));
    },
  );

  return app;
}
