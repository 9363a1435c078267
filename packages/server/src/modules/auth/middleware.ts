/**
 * Who is asking, for every route: the one bearer-token parser, `requireAuth` (a session or 401),
 * `optionalAuth` (a session when a token is sent, a guest otherwise) and the role and privilege gates.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { Privilege, RoleType } from '@domain-broker/shared/roles';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../deps.ts';
import { documented } from '../../lib/openapi.ts';
import type { Authenticated } from './sessions.ts';

/**
 * The token of `Authorization: Bearer <token>`; undefined when no header (or an empty one) is sent.
 * Any other shape is AUTH_MISSING.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer' || !parts[1])
    throw new AppError('AUTH_MISSING');
  return parts[1];
}

async function sessionOf(c: Context<AppEnv>, token: string): Promise<Authenticated> {
  const s = c.get('services');
  const auth = await s.sessions(token, s.now());
  if (!auth) throw new AppError('TOKEN_INVALID');
  c.set('auth', auth);
  c.set('viewer', auth);
  return auth;
}

/** Requires `Authorization: Bearer <token>` naming a live session; 401 otherwise (the client logs out). */
export const requireAuth = documented(
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError('AUTH_MISSING');
    await sessionOf(c, token);
    await next();
  }),
  { security: [{ bearer: [] }], errors: ['AUTH_MISSING', 'TOKEN_INVALID'] },
);

/**
 * The session when an Authorization header is sent (a bad or expired token is a 401, so the portal
 * logs out as it should); `viewer` is undefined for a guest.
 */
export const optionalAuth = documented(
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token) await sessionOf(c, token);
    else c.set('viewer', undefined);
    await next();
  }),
  { security: [{}, { bearer: [] }], errors: ['AUTH_MISSING', 'TOKEN_INVALID'] },
);

const STAFF: RoleType[] = ['Admin', 'Consultant'];
export const hasRole = (user: UserProfile, roles: readonly RoleType[]) =>
  user.roles.some((r) => roles.includes(r.role.roleType));
export const isStaff = (user: UserProfile) => hasRole(user, STAFF);

/**
 * After requireAuth: one of `roles` (or, when given, the privilege `orPrivilege`), else 403
 * PERMISSION_DENIED.
 */
export const requireRole = (roles: readonly RoleType[], opts: { orPrivilege?: Privilege } = {}) =>
  documented(
    createMiddleware<AppEnv>(async (c, next) => {
      const user = c.get('auth').user;
      if (!hasRole(user, roles) && !(opts.orPrivilege && user.userDetail[opts.orPrivilege]))
        throw new AppError('PERMISSION_DENIED');
      await next();
    }),
    { errors: ['PERMISSION_DENIED'] },
  );

/** After requireAuth: Admin or Consultant. */
export const requireStaff = requireRole(STAFF);

/** After requireAuth: the privilege, else 403 ACTION_NOT_PERMITTED. */
export const requirePrivilege = (privilege: Privilege) =>
  documented(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!c.get('auth').user.userDetail[privilege]) throw new AppError('ACTION_NOT_PERMITTED');
      await next();
    }),
    { errors: ['ACTION_NOT_PERMITTED'] },
  );
