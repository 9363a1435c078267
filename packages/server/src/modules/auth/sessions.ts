/**
 * Sessions: opaque 256-bit Bearer tokens, only their SHA-256 stored. 60-minute sliding idle expiry
 * (last_seen_at written at most once a minute), a 30-day absolute cap, revocation on logout and on
 * password change or reset. The lookup reads the user and their roles in the same query, so a
 * role or privilege change applies on the very next request.
 */
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { roles, sessions, userRoles, users } from '#server/db/schema/index.ts';
import { newToken, sha256 } from '#server/lib/crypto.ts';
import { profileFields, type RoleRef, toProfile } from '../profile/service.ts';

export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: DbOrTx,
  userUid: string,
  now: Date,
  policy: SessionPolicy,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userUid,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.maxDays * 86_400_000),
  });
  return token;
}

export interface Authenticated {
  tokenHash: string;
  user: UserProfile;
}

/**
 * The lookup runs on every authenticated request, so it is a named prepared statement: the database
 * plans it once (per connection on PostgreSQL, once on PGlite, db/pglite-statements.ts), since planning
 * the joins costs more than running them. The roles come as one row each (a left join, so a user
 * without roles still gives one row): cheaper for the database than aggregating them into JSON in a
 * subquery, which cost as much again as the rest of the lookup. The row carries each role's id only:
 * its name comes from `roleTypes` below, which saves the database a fourth table per request.
 */
function lookupQuery(db: DbOrTx) {
  return db
    .select({ lastSeenAt: sessions.lastSeenAt, user: profileFields, roleUid: userRoles.roleUid })
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.userUid))
    .leftJoin(userRoles, eq(userRoles.userUid, users.uid))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        // a deactivated account's sessions end with it, even one its revocation missed
        isNull(users.deactivatedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleCutoff')}::timestamptz`),
      ),
    )
    .prepare('session_lookup');
}

/**
 * Role id → role, kept for the life of the process. The roles are fixed reference rows: the seed
 * inserts them and nothing updates or deletes one (an id always names the same role), so a kept entry
 * can never be stale; an id it does not know yet (a role added since) reloads the table once.
 */
function roleTypes(db: DbOrTx) {
  let known = new Map<string, RoleRef>();
  const load = async () => {
    const rows = await db.select({ UID: roles.uid, roleType: roles.roleType }).from(roles);
    known = new Map(rows.map((r) => [r.UID, r as RoleRef]));
  };
  return async (uids: string[]): Promise<RoleRef[]> => {
    if (uids.some((u) => !known.has(u))) await load();
    const refs: RoleRef[] = [];
    for (const u of uids) {
      const ref = known.get(u);
      if (ref) refs.push(ref);
    }
    return refs;
  };
}

/** Finds the live session of a bearer token at `now` (and slides its idle expiry). */
export type SessionLookup = (token: string, now: Date) => Promise<Authenticated | undefined>;

/** Built once per app (Services.sessions): the prepared lookup lives as long as the database handle. */
export function createSessionLookup(db: DbOrTx, policy: SessionPolicy): SessionLookup {
  const query = lookupQuery(db);
  const rolesOf = roleTypes(db);
  return async (token, now) => {
    const tokenHash = sha256(token);
    const idleCutoff = new Date(now.getTime() - policy.idleMinutes * 60_000);
    const rows = await query.execute({
      tokenHash,
      now: now.toISOString(),
      idleCutoff: idleCutoff.toISOString(),
    });
    const row = rows[0];
    if (!row) return undefined;
    if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    }
    const uids: string[] = [];
    for (const r of rows) if (r.roleUid) uids.push(r.roleUid);
    const roleRefs = await rolesOf(uids);
    // in the order of their names, as the profile's roles aggregate gives them
    if (roleRefs.length > 1) roleRefs.sort((a, b) => (a.roleType < b.roleType ? -1 : 1));
    return { tokenHash, user: toProfile(row.user, roleRefs) };
  };
}

export async function revokeSession(db: DbOrTx, tokenHash: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userUid: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userUid, userUid), isNull(sessions.revokedAt)));
}
