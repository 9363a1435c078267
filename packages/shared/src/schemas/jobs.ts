/**
 * The admin's read-only view of the background jobs (docs/operations.md "Background jobs", ADR 053):
 * every declared job with its last run, its last failure and its queue, and a job's recent runs.
 *
 * Paths (all under /api; Admin only):
 *   GET /admin/jobs                  → AdminJob[]
 *   GET /admin/jobs/{name}/runs      JobRunListQuery → JobRunList (newest first)
 */
import * as v from 'valibot';
import { answerInt, anyObject, pageNumber, specPage, UNKNOWN_FIELD } from './common.ts';

export const JOB_RUN_OUTCOMES = ['running', 'ok', 'failed', 'timed_out', 'interrupted'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];
export const JOB_TRIGGER_KINDS = ['interval', 'daily', 'queue'] as const;

export const JobRunSchema = v.object({
  id: answerInt,
  /** The run's id in the log lines. */
  runId: v.string(),
  /** The process that ran it. */
  holder: v.string(),
  /** 1 on schedule; 2, 3… for the retries after consecutive failures. */
  attempt: answerInt,
  outcome: v.picklist(JOB_RUN_OUTCOMES),
  /** What the run did, as the job reports it (`{ sent: 3 }`). */
  summary: anyObject,
  error: v.nullable(v.string()),
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  /** finishedAt − startedAt; null while running. */
  durationMs: v.nullable(answerInt),
});
export type JobRun = v.InferOutput<typeof JobRunSchema>;

export const AdminJobSchema = v.object({
  name: v.string(),
  description: v.string(),
  trigger: v.object({
    kind: v.picklist(JOB_TRIGGER_KINDS),
    /** In words: "every 2 s", "daily at 03:00 UTC", "queue, polled every 2 s". */
    text: v.string(),
  }),
  /** One process at a time runs it. */
  lease: v.boolean(),
  timeoutMs: answerInt,
  lastRun: v.nullable(JobRunSchema),
  lastFailure: v.nullable(JobRunSchema),
  /** Recorded runs and failures (failed, timed out, interrupted) started in the last 24 hours. */
  runs24h: answerInt,
  failures24h: answerInt,
  /** Queue jobs only: the rows waiting and the oldest one's age; null for the others or when unreadable. */
  queue: v.nullable(v.object({ waiting: answerInt, oldestAgeMs: v.nullable(answerInt) })),
});
export type AdminJob = v.InferOutput<typeof AdminJobSchema>;

export const JobRunListQuery = v.strictObject(
  { page: pageNumber(1, 10_000), pageSize: pageNumber(20, 100) },
  UNKNOWN_FIELD,
);
export type JobRunListQuery = v.InferOutput<typeof JobRunListQuery>;

export const JobRunListSchema = v.object(specPage(JobRunSchema));
export type JobRunList = v.InferOutput<typeof JobRunListSchema>;

export const JobNameParam = v.object({ name: v.string() });
