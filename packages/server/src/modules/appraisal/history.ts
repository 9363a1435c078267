/** Search history: what a user or a guest's device appraised, and attaching a guest's searches after sign-in. */
import type { RecentSearchItem } from '@domain-broker/shared/schemas/appraisal';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { type AppraisalRecord, canonical } from './record.ts';

export const RECENT_SEARCH_LIMIT = 50;

interface Row {
  domain: string;
  record: AppraisalRecord | string;
  created_at: Date | string;
}

const toItem = (r: Row): RecentSearchItem => {
  const record = typeof r.record === 'string' ? (JSON.parse(r.record) as AppraisalRecord) : r.record;
  return {
    ...canonical(record),
    domainName: r.domain,
    searchedAt: new Date(r.created_at).toISOString(),
  };
};

/** Newest first, one entry per domain (its latest appraisal). */
export async function recentSearches(
  db: DbOrTx,
  who: { userUid: string } | { deviceId: string },
): Promise<RecentSearchItem[]> {
  const filter =
    'userUid' in who ? sql`user_uid = ${who.userUid}` : sql`device_id = ${who.deviceId} and user_uid is null`;
  const result = await db.execute(sql`
    select domain, record, created_at from (
      select distinct on (domain) id, domain, record, created_at
      from appraisal_history where ${filter}
      order by domain, created_at desc, id desc
    ) latest
    order by created_at desc, id desc
    limit ${RECENT_SEARCH_LIMIT}`);
  return (result as unknown as { rows: Row[] }).rows.map(toItem);
}

/** True when the user has appraised the domain (any day). */
export async function hasAppraised(db: DbOrTx, userUid: string, domain: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from appraisal_history where user_uid = ${userUid} and domain = ${domain} limit 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * After sign-in the browser sends the domains it appraised as a guest: those rows of this device move
 * to the user. They were paid for by the guest's counter, so they do not count again: the user's
 * counter is untouched, and a row the user already has for the same day is dropped instead of moved.
 */
export async function attachGuestSearches(
  db: Db,
  userUid: string,
  deviceId: string,
  domains: string[],
): Promise<number> {
  if (domains.length === 0) return 0;
  const subject = `user:${userUid}`;
  const list = sql.join(
    domains.map((d) => sql`${d}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from appraisal_history g
      where g.device_id = ${deviceId} and g.user_uid is null and g.domain in (${list})
        and exists (select 1 from appraisal_history u where u.subject = ${subject} and u.day = g.day and u.domain = g.domain)`);
    const moved = await tx.execute(sql`
      update appraisal_history set user_uid = ${userUid}, subject = ${subject}, counted = false
      where device_id = ${deviceId} and user_uid is null and domain in (${list})
      returning id`);
    return (moved as unknown as { rows: unknown[] }).rows.length;
  });
}
