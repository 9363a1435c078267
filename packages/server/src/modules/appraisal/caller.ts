/** Who is asking: an optional session, the guest's device id, the address; and which daily limit applies. */
import { isDeviceId } from '@domain-broker/shared/constants';
import { AppError } from '@domain-broker/shared/errors';
import type { Context } from 'hono';
import type { DbOrTx } from '#server/db/client.ts';
import type { AppEnv, Services } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import type { Authenticated } from '../auth/sessions.ts';
import type { Caller } from './limits.ts';

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

/** Who asks, as the request tells: the session (undefined for a guest), the device id and the address. */
export interface Asker {
  auth: Authenticated | undefined;
  deviceId: string | null;
  ip: string;
}

export const askerOf = (c: Context<AppEnv>, auth: Authenticated | undefined): Asker => ({
  auth,
  deviceId: deviceIdOf(c),
  ip: ipOf(c),
});

/**
 * Whether the user has a paid lead (20 appraisals a day, the upgrade popup's promise). The leads
 * module provides it through AppDeps.paidLeadCheck, so this module never reads its tables (ADR 010).
 */
export type PaidLeadCheck = (db: DbOrTx, userUid: string) => Promise<boolean>;

export async function callerOf(s: Services, { auth, deviceId, ip }: Asker): Promise<Caller> {
  const { limits, guestIpDailyCap } = s.config.appraisal;
  if (!auth) return { kind: 'guest', deviceId, ip, limit: limits.guest, ipCap: guestIpDailyCap };
  const user = auth.user;
  let limit: number | null;
  if (user.userDetail.AppraisalSearchUnLimit) limit = null;
  else if (await s.paidLeadCheck(s.db, user.UID)) limit = limits.paid;
  else limit = limits.user;
  return { kind: 'user', userUid: user.UID, limit, deviceId };
}
