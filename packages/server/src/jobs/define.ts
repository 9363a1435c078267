/**
 * What a background job is (docs/operations.md "Background jobs", ADR 053): declared once, run by the
 * one runner (runner.ts) that main.ts starts. A job says what triggers it, whether one process at a time
 * runs it (the lease), how long a run may take and how failures are retried; `run` does one round of
 * the work and says what it did.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';

/** How many rows wait in a queue table and since when the oldest has waited. */
export interface QueueDepth {
  waiting: number;
  oldestAt: Date | null;
}

/**
 * A queue's depth from a query answering one row `(waiting, oldest)`: the count of waiting rows and the
 * creation time of the oldest (the queue jobs' `depth`).
 */
export async function readQueueDepth(db: Db, query: SQL): Promise<QueueDepth> {
  const result = await db.execute(query);
  const row = (result as unknown as { rows: { waiting: number; oldest: Date | string | null }[] }).rows[0];
  return { waiting: row?.waiting ?? 0, oldestAt: row?.oldest ? new Date(row.oldest) : null };
}

export type JobTrigger =
  /**
   * A run `everyMs` after the previous one ended; the first soon after start, or `firstAfterMs` after
   * it (a job whose first run at start would find nothing the other processes left).
   */
  | { kind: 'interval'; everyMs: number; firstAfterMs?: number }
  /** Once a day at this UTC time, `HH:MM`. */
  | { kind: 'daily'; at: string }
  /**
   * Rows waiting in a queue table: polled every `pollMs`, and at once when the code that queues a row
   * nudges the job. `depth` reads the queue for the metrics and the admin view.
   */
  | { kind: 'queue'; pollMs: number; depth: (db: Db, now: Date) => Promise<QueueDepth> };

/** What a run did, as numbers and short words (`{ sent: 3 }`); kept on its record and logged. */
export type JobSummary = Record<string, number | string | boolean | null>;

export interface JobContext {
  db: Db;
  /** Carries `job` and `runId` on every line. */
  logger: Logger;
  now: Date;
  /** Aborted when the run times out or the process stops: a long run checks it between steps. */
  signal: AbortSignal;
  /** 1 on schedule, 2, 3… for the retries after consecutive failures. */
  attempt: number;
}

export interface Job {
  /** kebab-case, unique: the metrics label, the lease's name and the record's `job`. */
  name: string;
  /** One sentence for the admin view. */
  description: string;
  trigger: JobTrigger;
  /**
   * True: one process at a time runs it (a PostgreSQL lease row, `job:<name>`), and each run is
   * recorded when it starts, so a run cut short by a dead process is seen and its work picked up again
   * when the lease expires. False: every process may run it (the work is idempotent, or claims its
   * queue rows one by one).
   */
  lease: boolean;
  /** A run still going after this is recorded as timed out; the runner moves on. */
  timeoutMs: number;
  /** After a failure the job runs again after `backoffMs`, doubling up to `maxBackoffMs`, `attempts` times in all. */
  retry: { attempts: number; backoffMs: number; maxBackoffMs: number };
  /** One round of the work; answers what it did, or null when there was nothing to do. */
  run(ctx: JobContext): Promise<JobSummary | null>;
}

/** A summary worth recording: the run did something (a non-zero count, or a word). */
export function didWork(summary: JobSummary | null): boolean {
  if (!summary) return false;
  return Object.values(summary).some((v) => (typeof v === 'number' ? v !== 0 : v !== null && v !== false));
}
