/**
 * The admin's Users tab over HTTP (packages/shared/src/schemas/users.ts is the wire contract).
 * Every route is Admin only: other roles get 403, guests 401. The rules live in service.ts.
 */

import {
  AdminUserSchema,
  CreateUserBody,
  UpdatePrivilegesBody,
  UpdateUserBody,
  UserChangeSchema,
  UserListQuery,
  UserListSchema,
} from '@domain-broker/shared/schemas/users';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { answerAction, answerQuery } from '#server/lib/handlers.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAdmin } from '../auth/middleware.ts';
import { createUser, deleteUser, listUsers, updatePrivileges, updateUser } from './service.ts';

const AdminUserDoc = component('AdminUser', AdminUserSchema);
const ListDoc = component('UserList', UserListSchema);
const tags = ['users'];

export function usersRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/users',
    describeRoute({
      operationId: 'listUsers',
      summary:
        "Admin: the users, paged (10), searched by any part of a name or an email, sorted (createdAt DESC by default). filterBy 'role' with a role type, or 'status' with active (the default), deactivated or all.",
      tags,
      responses: { 200: { description: 'A page of users', data: ListDoc } },
    }),
    requireAdmin,
    vQuery(UserListQuery),
    answerQuery(listUsers),
  );

  app.post(
    '/createUser',
    describeRoute({
      operationId: 'createUser',
      summary:
        'Admin: a new user with one role and no password; they are mailed a single-use link to set their password. A registrar needs a website and gets its registrar id.',
      tags,
      responses: { 201: { description: SUCCESS.USER_CREATED, code: 'USER_CREATED', data: AdminUserDoc } },
      errors: ['ROLE_ID_INVALID', 'URL_INVALID', 'ALREADY_EXISTS'],
    }),
    requireAdmin,
    vQuery(NoQuery),
    vJson(CreateUserBody),
    async (c) => {
      const s = c.get('services');
      const data = await createUser(s, c.req.valid('json'));
      return c.json(success('USER_CREATED', { data }), 201);
    },
  );

  app.patch(
    '/users/:id',
    describeRoute({
      operationId: 'updateUser',
      summary:
        "Admin: change a user's fields (not the email), role or 'accepting leads'. The last admin cannot be demoted; a consultant who stops being one has their open leads reassigned.",
      tags,
      responses: { 200: { description: SUCCESS.USER_UPDATED, code: 'USER_UPDATED', data: UserChangeSchema } },
      errors: ['USER_NOT_FOUND', 'EMAIL_NOT_EDITABLE', 'ROLE_ID_INVALID', 'URL_INVALID', 'LAST_ADMIN'],
    }),
    requireAdmin,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(UpdateUserBody),
    answerAction(updateUser, 'USER_UPDATED'),
  );

  app.delete(
    '/users/:id',
    describeRoute({
      operationId: 'deleteUser',
      summary:
        "Admin: deactivate and anonymise a user (payments, leads and commissions stay); their sessions end and a consultant's open leads are reassigned. Not the last admin, not oneself.",
      tags,
      responses: { 200: { description: SUCCESS.USER_DELETED, code: 'USER_DELETED' } },
      errors: ['USER_NOT_FOUND', 'LAST_ADMIN', 'CANNOT_DELETE_SELF'],
    }),
    requireAdmin,
    vParam(IdParam),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      await deleteUser(s, c.get('auth').user, c.req.valid('param').id);
      return c.json(success('USER_DELETED'));
    },
  );

  app.patch(
    '/updatePrivileges/:id',
    describeRoute({
      operationId: 'updatePrivileges',
      summary: "Admin: a user's privilege flags and percentages (0-100); only those sent change.",
      tags,
      responses: {
        200: { description: SUCCESS.PRIVILEGES_UPDATED, code: 'PRIVILEGES_UPDATED', data: UserChangeSchema },
      },
      errors: ['USER_NOT_FOUND', 'PERCENTAGE_INVALID'],
    }),
    requireAdmin,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(UpdatePrivilegesBody),
    answerAction(updatePrivileges, 'PRIVILEGES_UPDATED'),
  );

  return app;
}
