/**
 * Named leases in the database, so that one of several server processes runs a scheduled job.
 *
 * One statement takes a lease: insert the row, or take it over when it has expired or is already ours
 * (a renewal). PostgreSQL's ON CONFLICT DO UPDATE ... WHERE locks the row and re-checks the condition
 * on its latest version, so two processes racing for an expired lease cannot both win.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { scheduledJobRuns, schedulerLeases } from '../db/schema/index.ts';

/**
 * Takes or renews the lease `name` for `holder` until `now + ttlMs`. True when `holder` holds it now;
 * false when another holder's lease has not expired.
 */
export async function tryAcquireLease(
  db: DbOrTx,
  name: string,
  holder: string,
  ttlMs: number,
  now: Date = new Date(),
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(schedulerLeases)
    .values({ name, holder, expiresAt, acquiredAt: now })
    .onConflictDoUpdate({
      target: schedulerLeases.name,
      set: {
        holder,
        expiresAt,
        acquiredAt: sql`case when ${schedulerLeases.holder} = ${holder} then ${schedulerLeases.acquiredAt} else ${now} end`,
      },
      setWhere: sql`${schedulerLeases.holder} = ${holder} or ${schedulerLeases.expiresAt} <= ${now}`,
    })
    .returning({ holder: schedulerLeases.holder });
  return rows.length === 1 && rows[0]?.holder === holder;
}

/** Gives the lease up (only if `holder` still holds it), so another process need not wait for expiry. */
export async function releaseLease(db: DbOrTx, name: string, holder: string): Promise<void> {
  await db
    .delete(schedulerLeases)
    .where(and(eq(schedulerLeases.name, name), eq(schedulerLeases.holder, holder)));
}

/**
 * Takes the run of `job` for `period` (one row per job and period): true for the one process that
 * inserts it, false when it already ran or another process holds it.
 */
export async function claimJobRun(
  tx: DbOrTx,
  job: string,
  period: string,
  holder: string,
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(scheduledJobRuns)
    .values({ job, period, holder, ranAt: now })
    .onConflictDoNothing()
    .returning({ period: scheduledJobRuns.period });
  return claimed.length > 0;
}

/** Keeps what a claimed run did on its row (the weekly report's count of mails). */
export async function recordJobResult(
  tx: DbOrTx,
  job: string,
  period: string,
  result: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(scheduledJobRuns)
    .set({ result })
    .where(and(eq(scheduledJobRuns.job, job), eq(scheduledJobRuns.period, period)));
}
