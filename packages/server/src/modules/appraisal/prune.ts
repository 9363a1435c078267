/**
 * Daily housekeeping of the appraisal tables: day counters are dropped after two days, cached answers
 * after a month. Once per UTC day whatever the number of processes (a run row per day, as the weekly
 * report does).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { claimJobRun } from '#server/lib/lease.ts';

const DAY_MS = 86_400_000;

export const PRUNE_JOB = 'appraisal-prune';
/** Counters only matter on their day; cached answers are recomputed after a month (cheap, and the table stays small). */
export const COUNTER_KEEP_DAYS = 2;
export const CACHE_KEEP_DAYS = 30;

/** Daily housekeeping of the appraisal tables, once per UTC day (same run-row rule as the report). */
export async function runAppraisalPrune(
  deps: { db: Db; holder: string },
  now: Date,
): Promise<{ ran: boolean; counters: number; cache: number }> {
  const period = now.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    if (!(await claimJobRun(tx, PRUNE_JOB, period, deps.holder, now)))
      return { ran: false, counters: 0, cache: 0 };
    const counterDay = new Date(now.getTime() - COUNTER_KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
    const counters = await tx.execute(
      sql`delete from appraisal_counters where day < ${counterDay} returning 1`,
    );
    const cache = await tx.execute(
      sql`delete from appraisal_cache where created_at < ${new Date(now.getTime() - CACHE_KEEP_DAYS * DAY_MS)} returning 1`,
    );
    const n = (r: unknown) => (r as { rows: unknown[] }).rows.length;
    return { ran: true, counters: n(counters), cache: n(cache) };
  });
}
