/**
 * `housekeeping`: rate-limit windows, sessions and email codes stop mattering a day after they end, and
 * the jobs' own records after JOB_RUNS_KEEP_DAYS. Every ten minutes in any process: the deletes are
 * idempotent, so several processes need no coordination.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailCodes, jobRuns, rateLimits, sessions } from '#server/db/schema/index.ts';
import type { Job } from './define.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
/** How long the admin view can look back at runs. */
export const JOB_RUNS_KEEP_DAYS = 30;

const DAY = 86_400_000;

export async function pruneExpired(
  db: Db,
  now: Date,
): Promise<{ rateLimits: number; sessions: number; codes: number }> {
  const dayAgo = new Date(now.getTime() - DAY);
  const rl = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, dayAgo))
    .returning({ k: rateLimits.key });
  const s = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo))),
    )
    .returning({ k: sessions.tokenHash });
  const c = await db
    .delete(emailCodes)
    .where(
      or(lt(emailCodes.expiresAt, dayAgo), and(isNotNull(emailCodes.usedAt), lt(emailCodes.usedAt, dayAgo))),
    )
    .returning({ k: emailCodes.uid });
  return { rateLimits: rl.length, sessions: s.length, codes: c.length };
}

/** The records of runs that ended more than JOB_RUNS_KEEP_DAYS ago. */
export async function pruneJobRuns(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - JOB_RUNS_KEEP_DAYS * DAY);
  const gone = await db.delete(jobRuns).where(lt(jobRuns.startedAt, before)).returning({ id: jobRuns.id });
  return gone.length;
}

export const housekeepingJob: Job = {
  name: HOUSEKEEPING_JOB,
  description:
    'Deletes ended sessions, used or expired codes and rate-limit windows a day old, and old job records.',
  // the first run a whole interval after start, as every process runs it: a process that just started
  // has nothing to delete that the others left, and a test's server sharing a database with a test
  // clock set in the past does not delete that test's sessions as long expired
  trigger: { kind: 'interval', everyMs: 10 * 60_000, firstAfterMs: 10 * 60_000 },
  lease: false,
  timeoutMs: 5 * 60_000,
  retry: { attempts: 3, backoffMs: 60_000, maxBackoffMs: 10 * 60_000 },
  run: async ({ db, now }) => ({ ...(await pruneExpired(db, now)), jobRuns: await pruneJobRuns(db, now) }),
};
