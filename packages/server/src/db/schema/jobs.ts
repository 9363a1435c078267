/**
 * The background jobs' record (src/jobs/, docs/operations.md "Background jobs"): one row per run that
 * did work or failed, written by the runner when the run starts and completed when it ends. A row left
 * `running` by a process that died is closed as `interrupted` by the next run of the same job.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

export const jobRuns = pgTable(
  'job_runs',
  {
    id: col.serialId(),
    job: text('job').notNull(),
    /** The run's id in the log lines (`runId`). */
    runId: text('run_id').notNull(),
    /** The process that ran it (host:pid:random, as the leases name it). */
    holder: text('holder').notNull(),
    /** 1 for a run on its schedule; 2, 3… for the retries after consecutive failures. */
    attempt: integer('attempt').notNull().default(1),
    /** running, ok, failed, timed_out or interrupted. */
    outcome: text('outcome').notNull().default('running'),
    /** What the run did, as the job reports it (`{ sent: 3 }`). */
    summary: jsonb('summary').notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
    startedAt: col.timestamptz('started_at').notNull(),
    finishedAt: col.timestamptz('finished_at'),
  },
  (t) => [index('job_runs_job_started_idx').on(t.job, t.startedAt)],
);
