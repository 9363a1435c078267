/**
 * Who is asking, for every route: the one bearer-token parser, `requireAuth` (a session or 401),
 * `optionalAuth` (a session when a token is sent, a guest otherwise) and the role and privilege gates.
 */
import { AppError, type ErrorCode } from '@domain-broker/shared/errors';
import type { Privilege, RoleType } from '@domain-broker/shared/roles';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/deps.ts';
import { documented } from '#server/lib/openapi.ts';
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

/** The security and 401s of a route that needs a session (requireAuth and every gate below). */
const SIGNED_IN: { security: Record<string, string[]>[]; errors: ErrorCode[] } = {
  security: [{ bearer: [] }],
  errors: ['AUTH_MISSING', 'TOKEN_INVALID'],
};

/** The session of `Authorization: Bearer <token>` (read once per request), else 401 AUTH_MISSING/TOKEN_INVALID. */
function signedIn(c: Context<AppEnv>): Authenticated | Promise<Authenticated> {
  const known = c.get('auth') as Authenticated | undefined;
  if (known) return known;
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new AppError('AUTH_MISSING');
  return sessionOf(c, token);
}

/** Requires `Authorization: Bearer <token>` naming a live session; 401 otherwise (the client logs out). */
export const requireAuth = documented(
  createMiddleware<AppEnv>(async (c, next) => {
    await signedIn(c);
    await next();
  }),
  SIGNED_IN,
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
/** Whether a user (or any actor carrying its roles) has one of `roles`. */
export const hasRole = (
  user: { roles: readonly { role: { roleType: RoleType } }[] },
  roles: readonly RoleType[],
) => user.roles.some((r) => roles.includes(r.role.roleType));
export const isStaff = (user: UserProfile) => hasRole(user, STAFF);

/**
 * A route's gate, the one middleware after describeRoute: a session (as requireAuth, 401 without one)
 * whose user `allows`, else `refusal` (403). Gates chain (staff with a privilege): the session is read once.
 */
const gate = (
  allows: (user: UserProfile) => boolean,
  refusal: 'PERMISSION_DENIED' | 'ACTION_NOT_PERMITTED',
) =>
  documented(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!allows((await signedIn(c)).user)) throw new AppError(refusal);
      await next();
    }),
    { ...SIGNED_IN, errors: [...SIGNED_IN.errors, refusal] },
  );

/** A session with one of `roles` (or, when given, the privilege `orPrivilege`), else 403 PERMISSION_DENIED. */
export const requireRole = (roles: readonly RoleType[], opts: { orPrivilege?: Privilege } = {}) =>
  gate(
    (user) => hasRole(user, roles) || !!(opts.orPrivilege && user.userDetail[opts.orPrivilege]),
    'PERMISSION_DENIED',
  );

/** A session of an Admin or a Consultant. */
export const requireStaff = requireRole(STAFF);
/** A session of an Admin. */
export const requireAdmin = requireRole(['Admin']);
/** A session of a Registrar account. */
export const requireRegistrar = requireRole(['Registrar']);

/** A session whose user has the privilege, else 403 ACTION_NOT_PERMITTED. */
export const requirePrivilege = (privilege: Privilege) =>
  gate((user) => !!user.userDetail[privilege], 'ACTION_NOT_PERMITTED');
