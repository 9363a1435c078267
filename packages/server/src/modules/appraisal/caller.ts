/** Who is asking: an optional session, the guest's device id, the address; and which daily limit applies. */
import { AppError } from '@domain-broker/shared/errors';
import type { RoleType } from '@domain-broker/shared/roles';
import { isDeviceId } from '@domain-broker/shared/schemas/appraisal';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import type { Context } from 'hono';
import type { DbOrTx } from '../../db/client.ts';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/http.ts';
import { type Authenticated, authenticate } from '../auth/sessions.ts';
import type { Caller } from './limits.ts';

/**
 * The session when an Authorization header is sent (a bad or expired token is a 401, so the portal
 * logs out as it should); undefined for a guest.
 */
export async function optionalAuth(c: Context<AppEnv>): Promise<Authenticated | undefined> {
  const header = c.req.header('authorization');
  if (header === undefined || header.trim() === '') return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer' || !parts[1])
    throw new AppError('AUTH_MISSING');
  const s = c.get('services');
  const auth = await authenticate(s.db, parts[1], s.now(), s.config.session);
  if (!auth) throw new AppError('TOKEN_INVALID');
  c.set('auth', auth);
  return auth;
}

/** `?userUID=` is a hint the spec's client sends: it must name the session's user, and alone it proves nothing. */
export function checkUserUid(auth: Authenticated | undefined, userUID: string | undefined) {
  if (auth && userUID && userUID !== auth.user.UID) throw new AppError('NOT_AUTHORIZED');
}

/** The guest's device id (X-Device-Id), when it is well formed. */
export function deviceIdOf(c: Context<AppEnv>): string | null {
  const id = c.req.header('x-device-id')?.trim();
  return isDeviceId(id) ? id : null;
}

export const ipOf = (c: Context<AppEnv>) => clientIp(c, c.get('services').config.trustProxy);

const STAFF: RoleType[] = ['Admin', 'Consultant'];
export const isStaff = (user: UserProfile) => user.roles.some((r) => STAFF.includes(r.role.roleType));

/**
 * Whether the user has a paid lead (20 appraisals a day, the upgrade popup's promise). No leads table
 * exists yet: the check answers false until the leads module registers the real one with
 * `setPaidLeadCheck` (a lead with a succeeded payment), so this module never reads its tables (ADR 010).
 */
export type PaidLeadCheck = (db: DbOrTx, userUid: string) => Promise<boolean>;
const noPaidLeads: PaidLeadCheck = async () => false;
let paidLeadCheck: PaidLeadCheck = noPaidLeads;

/** Registers the paid-lead check (the leads module); `undefined` restores the default (none paid). */
export function setPaidLeadCheck(check: PaidLeadCheck | undefined): void {
  paidLeadCheck = check ?? noPaidLeads;
}

export function hasPaidLead(db: DbOrTx, userUid: string): Promise<boolean> {
  return paidLeadCheck(db, userUid);
}

export async function callerOf(c: Context<AppEnv>, auth: Authenticated | undefined): Promise<Caller> {
  const s = c.get('services');
  const { limits, guestIpDailyCap } = s.config.appraisal;
  const deviceId = deviceIdOf(c);
  if (!auth) return { kind: 'guest', deviceId, ip: ipOf(c), limit: limits.guest, ipCap: guestIpDailyCap };
  const user = auth.user;
  let limit: number | null;
  if (user.userDetail.AppraisalSearchUnLimit) limit = null;
  else if (await hasPaidLead(s.db, user.UID)) limit = limits.paid;
  else limit = limits.user;
  return { kind: 'user', userUid: user.UID, limit, deviceId };
}
