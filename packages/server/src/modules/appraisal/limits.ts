/**
 * Daily appraisal limits, exact under any concurrency and across server processes
 * (docs/decisions/010-appraisal-limits.md).
 *
 * One transaction per appraisal:
 *   1. INSERT the (subject, day, domain) history row ON CONFLICT DO NOTHING. No row inserted means the
 *      domain is already in today's history: free, nothing else is written.
 *   2. Otherwise one statement takes one from the day's counter:
 *        INSERT INTO appraisal_counters VALUES (subject, day, 1)
 *        ON CONFLICT (subject, day) DO UPDATE SET count = count + 1 WHERE count < limit RETURNING count
 *      PostgreSQL locks the counter row and re-checks `count < limit` on its newest version, so of N
 *      parallel requests at the limit exactly one gets a row back. No row: over the limit, and the
 *      transaction rolls back (the history row goes with it).
 *   3. A guest's request also takes one from the per-IP cap the same way, in the same transaction.
 */
import type { ErrorCode } from '@domain-broker/shared/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { appraisalCounters, appraisalHistory } from '#server/db/schema/index.ts';
import { RateLimitedError } from '#server/lib/rate-limit.ts';
import type { AppraisalRecord } from './record.ts';

/** Who is appraising: decides the subject of the counter and the limit. */
export type Caller =
  | { kind: 'user'; userUid: string; limit: number | null; deviceId: string | null }
  | { kind: 'guest'; deviceId: string | null; ip: string; limit: number; ipCap: number };

export function subjectOf(caller: Caller): string {
  if (caller.kind === 'user') return `user:${caller.userUid}`;
  // A guest without a device id shares its address's bucket (the portal and the frame always send one).
  return caller.deviceId ? `device:${caller.deviceId}` : `ipguest:${caller.ip}`;
}

/** The UTC calendar day of `now`, the counters' period. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** When the period of `now` ends and the daily allowance renews: the next 00:00 UTC. */
export const renewalOf = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

export async function counterValue(db: DbOrTx, subject: string, day: string): Promise<number> {
  const [row] = await db
    .select({ count: appraisalCounters.count })
    .from(appraisalCounters)
    .where(and(eq(appraisalCounters.subject, subject), eq(appraisalCounters.day, day)))
    .limit(1);
  return row?.count ?? 0;
}

class OverLimit extends Error {
  constructor(public readonly code: ErrorCode) {
    super(code);
  }
}

/** Takes one from (subject, day) unless that would pass `limit`; false when the limit is reached. */
async function take(tx: DbOrTx, subject: string, day: string, limit: number): Promise<number | null> {
  if (limit <= 0) return null;
  const rows = await tx
    .insert(appraisalCounters)
    .values({ subject, day, count: 1 })
    .onConflictDoUpdate({
      target: [appraisalCounters.subject, appraisalCounters.day],
      set: { count: sql`${appraisalCounters.count} + 1` },
      setWhere: sql`${appraisalCounters.count} < ${limit}`,
    })
    .returning({ count: appraisalCounters.count });
  return rows[0]?.count ?? null;
}

export interface Counted {
  /** Today's count after this request (null for an unlimited caller). */
  count: number | null;
  limit: number | null;
  remaining: number | null;
  /** When the allowance renews (ISO 8601, next 00:00 UTC); null for an unlimited caller. */
  renewsAt: string | null;
  /** False when the domain was already in today's history, or the caller is unlimited. */
  counted: boolean;
}

const remainingOf = (limit: number | null, count: number | null) =>
  limit === null ? null : Math.max(0, limit - (count ?? 0));

/**
 * Records the appraisal in the caller's history and takes one from the daily counter(s).
 * Throws the catalogue's limit error (429) when a limit is reached; nothing is recorded then.
 */
export async function recordAppraisal(
  db: Db,
  caller: Caller,
  now: Date,
  record: AppraisalRecord,
  referrerURL: string | null,
  /** Written in the same transaction (the answer's cache row: one commit instead of two). */
  alsoWrite?: (tx: DbOrTx) => Promise<void>,
): Promise<Counted> {
  const subject = subjectOf(caller);
  const day = dayOf(now);
  const limit = caller.limit;
  const renewsAt = renewalOf(now).toISOString();
  const values = {
    subject,
    day,
    domain: record.domain,
    userUid: caller.kind === 'user' ? caller.userUid : null,
    deviceId: caller.deviceId,
    counted: limit !== null,
    referrerURL,
    record,
    createdAt: now,
  };
  /**
   * Inserts the history row; false when the domain is already in today's history. Nothing is written
   * then: the history keeps the day's first answer in its place (the spec's page adds a result to the
   * top of the history only when it is not already there), and a repeat costs no write at all.
   */
  const insertHistory = async (tx: DbOrTx) => {
    const rows = await tx
      .insert(appraisalHistory)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: appraisalHistory.id });
    return rows.length === 1;
  };
  // Unlimited: nothing to count, one statement.
  if (limit === null) {
    if (alsoWrite) {
      await db.transaction(async (tx) => {
        await alsoWrite(tx);
        await insertHistory(tx);
      });
    } else {
      await insertHistory(db);
    }
    return { count: null, limit: null, remaining: null, renewsAt: null, counted: false };
  }
  try {
    return await db.transaction(async (tx) => {
      await alsoWrite?.(tx);
      if (!(await insertHistory(tx))) {
        // Already appraised today: free.
        const count = await counterValue(tx, subject, day);
        return { count, limit, remaining: remainingOf(limit, count), renewsAt, counted: false };
      }
      const count = await take(tx, subject, day, limit);
      if (count === null)
        throw new OverLimit(caller.kind === 'guest' ? 'APPRAISAL_LOGIN_REQUIRED' : 'APPRAISAL_DAILY_LIMIT');
      if (caller.kind === 'guest') {
        const ipCount = await take(tx, `ip:${caller.ip}`, day, caller.ipCap);
        if (ipCount === null) throw new OverLimit('APPRAISAL_SEARCH_LIMIT');
      }
      return { count, limit, remaining: remainingOf(limit, count), renewsAt, counted: true };
    });
  } catch (err) {
    if (!(err instanceof OverLimit)) throw err;
    const count = limit === null ? null : await counterValue(db, subject, day);
    // Daily limits reset at 00:00 UTC: the answer's Retry-After says when.
    throw new RateLimitedError(Math.ceil((renewalOf(now).getTime() - now.getTime()) / 1000), err.code, {
      data: { remaining: remainingOf(limit, count), limit, renewsAt },
    });
  }
}

/** Today's figures without appraising (GET /recentSearch answers them too). */
export async function todayFigures(
  db: DbOrTx,
  caller: Caller,
  now: Date,
): Promise<Pick<Counted, 'limit' | 'remaining' | 'renewsAt'>> {
  if (caller.limit === null) return { limit: null, remaining: null, renewsAt: null };
  const count = await counterValue(db, subjectOf(caller), dayOf(now));
  return {
    limit: caller.limit,
    remaining: remainingOf(caller.limit, count),
    renewsAt: renewalOf(now).toISOString(),
  };
}
