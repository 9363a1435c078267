/**
 * The admin's read-only Jobs view (docs/operations.md "Background jobs", ADR 053): every declared job
 * (src/jobs/registry.ts `jobCatalogue`) with what `job_runs` recorded of it (only reads: the table is
 * written by src/jobs/runner.ts) and, for a queue job, its queue's depth.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { AdminJob, JobRun, JobRunList, JobRunListQuery } from '@domain-broker/shared/schemas/jobs';
import { count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobRuns } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import type { JobTrigger } from '#server/jobs/define.ts';
import { type JobFacts, jobCatalogue } from '#server/jobs/registry.ts';

export type JobsAdminServices = Pick<Services, 'db' | 'config' | 'now'>;

/** The outcomes that count as a failure. */
const FAILED = ['failed', 'timed_out', 'interrupted'];
const DAY_MS = 24 * 60 * 60_000;

/** A duration in words: "2 s", "10 min", "1 h" (whole units only when they fit). */
function every(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

export function triggerText(trigger: JobTrigger): string {
  switch (trigger.kind) {
    case 'interval':
      return `every ${every(trigger.everyMs)}`;
    case 'daily':
      return `daily at ${trigger.at} UTC`;
    case 'queue':
      return `queue, polled every ${every(trigger.pollMs)}`;
  }
}

type RunRow = typeof jobRuns.$inferSelect;

function runOf(row: RunRow): JobRun {
  return {
    id: row.id,
    runId: row.runId,
    holder: row.holder,
    attempt: row.attempt,
    outcome: row.outcome as JobRun['outcome'],
    summary: (row.summary ?? {}) as Record<string, unknown>,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  };
}

/** The newest run of each job (of the failures only, when `failedOnly`). */
async function lastRuns(db: Db, failedOnly: boolean): Promise<Map<string, JobRun>> {
  const rows = await db
    .selectDistinctOn([jobRuns.job])
    .from(jobRuns)
    .where(failedOnly ? inArray(jobRuns.outcome, FAILED) : undefined)
    .orderBy(jobRuns.job, desc(jobRuns.startedAt), desc(jobRuns.id));
  return new Map(rows.map((r) => [r.job, runOf(r)]));
}

async function queueOf(db: Db, job: JobFacts, now: Date): Promise<AdminJob['queue']> {
  if (job.trigger.kind !== 'queue') return null;
  // a queue that cannot be read is shown as unknown, as the metrics leave it out (src/jobs/registry.ts)
  const depth = await job.trigger.depth(db, now).catch(() => null);
  if (!depth) return null;
  const oldestAgeMs = depth.oldestAt ? Math.max(0, now.getTime() - depth.oldestAt.getTime()) : null;
  return { waiting: depth.waiting, oldestAgeMs };
}

export async function listJobs(s: JobsAdminServices): Promise<AdminJob[]> {
  const now = s.now();
  const catalogue = jobCatalogue(s.config, s.db);
  const [last, lastFailed, recent] = await Promise.all([
    lastRuns(s.db, false),
    lastRuns(s.db, true),
    s.db
      .select({
        job: jobRuns.job,
        runs: sql<number>`count(*)::int`,
        failures: sql<number>`(count(*) filter (where ${inArray(jobRuns.outcome, FAILED)}))::int`,
      })
      .from(jobRuns)
      .where(gte(jobRuns.startedAt, new Date(now.getTime() - DAY_MS)))
      .groupBy(jobRuns.job),
  ]);
  const counts = new Map(recent.map((r) => [r.job, r]));
  return Promise.all(
    catalogue.map(async (job) => ({
      name: job.name,
      description: job.description,
      trigger: { kind: job.trigger.kind, text: triggerText(job.trigger) },
      lease: job.lease,
      timeoutMs: job.timeoutMs,
      lastRun: last.get(job.name) ?? null,
      lastFailure: lastFailed.get(job.name) ?? null,
      runs24h: Number(counts.get(job.name)?.runs ?? 0),
      failures24h: Number(counts.get(job.name)?.failures ?? 0),
      queue: await queueOf(s.db, job, now),
    })),
  );
}

/** A job's recorded runs, newest first; JOB_NOT_FOUND for a name no declaration has. */
export async function listJobRuns(
  s: JobsAdminServices,
  name: string,
  query: JobRunListQuery,
): Promise<JobRunList> {
  if (!jobCatalogue(s.config, s.db).some((job) => job.name === name)) throw new AppError('JOB_NOT_FOUND');
  const { page, pageSize } = query;
  const [rows, [total]] = await Promise.all([
    s.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, name))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    s.db.select({ n: count() }).from(jobRuns).where(eq(jobRuns.job, name)),
  ]);
  const n = total?.n ?? 0;
  return { data: rows.map(runOf), total: n, totalPage: Math.ceil(n / pageSize) };
}
