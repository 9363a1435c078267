/**
 * The one runner of background jobs (ADR 053, docs/operations.md "Background jobs"). Every process
 * starts one with the same list (registry.ts); each job has its own timer. A leased job runs where its
 * lease is held (a row of `scheduler_leases`, src/lib/lease.ts), so two processes on one database run it
 * once. Each run has a time limit, its failures are retried with a doubling delay, and it is recorded
 * in `job_runs` (leased jobs when they start; the others when they did work or failed). Stopping waits
 * for the runs under way (they are told through their abort signal) and gives the leases up.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobRuns } from '#server/db/schema/index.ts';
import type { Clock } from '#server/lib/clock.ts';
import { releaseLease, tryAcquireLease } from '#server/lib/lease.ts';
import type { Logger } from '#server/lib/logger.ts';
import { didWork, type Job, type JobSummary } from './define.ts';

/** `skipped`: another process holds the lease; `interrupted`: the process stopped during the run. */
export type RunOutcome = 'ok' | 'failed' | 'timed_out' | 'interrupted' | 'skipped';

export interface RunResult {
  job: string;
  runId: string;
  outcome: RunOutcome;
  attempt: number;
  summary: JobSummary | null;
  error: string | null;
  durationMs: number;
}

/** Told of every finished run (the metrics count them). */
export type RunObserver = (result: RunResult) => void;

export interface JobRunnerOptions {
  db: Db;
  logger: Logger;
  jobs: readonly Job[];
  /** This process's name on leases and records; host:pid:random by default. */
  holder?: string;
  now?: Clock;
  observe?: RunObserver;
  /** Delay of each job's first run (default: 5 s, or its poll interval for a queue job when shorter). */
  firstRunMs?: number;
}

export interface JobRunner {
  readonly holder: string;
  readonly jobs: readonly Job[];
  start(): void;
  /** Stops the timers, tells the runs under way to stop, waits for them and gives the leases up. */
  stop(): Promise<void>;
  /** Asks for a run of `name` now (a queue job whose rows just arrived). No-op once stopped. */
  nudge(name: string): void;
  /** Runs `name` now, after the run under way if any, and answers how it went (tests, `flush`). */
  runNow(name: string): Promise<RunResult>;
}

export class JobTimeoutError extends Error {
  constructor(job: string, ms: number) {
    super(`job ${job} did not finish within ${ms} ms`);
    this.name = 'JobTimeoutError';
  }
}

export const processHolder = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Milliseconds from `now` to the next `HH:MM` UTC (a full day when it is that minute now). */
export function msUntilDaily(at: string, now: Date): number {
  const m = /^(\d{2}):(\d{2})$/.exec(at);
  if (!m) throw new Error(`a daily job's time is HH:MM (UTC), not ${at}`);
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Number(m[1]), Number(m[2])),
  );
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** The wait before the next run after a failure: `backoffMs`, doubled per consecutive failure, capped. */
export function backoffMs(job: Job, failures: number): number {
  return Math.min(job.retry.maxBackoffMs, job.retry.backoffMs * 2 ** Math.max(0, failures - 1));
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

interface JobState {
  job: Job;
  timer: NodeJS.Timeout | undefined;
  running: Promise<RunResult> | undefined;
  controller: AbortController | undefined;
  /** Consecutive failures: the next run is a retry while below `retry.attempts`. */
  failures: number;
  heldLease: boolean;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, logger } = opts;
  const now = opts.now ?? (() => new Date());
  const holder = opts.holder ?? processHolder();
  const names = new Set<string>();
  for (const job of opts.jobs) {
    if (names.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
    names.add(job.name);
  }
  const states = new Map<string, JobState>(
    opts.jobs.map((job) => [
      job.name,
      {
        job,
        timer: undefined,
        running: undefined,
        controller: undefined,
        failures: 0,
        heldLease: false,
      },
    ]),
  );
  let stopped = true;

  const leaseName = (job: Job) => `job:${job.name}`;
  // a lease outlives a run that is still allowed to go on, and is renewed by every run
  const leaseMs = (job: Job) => job.timeoutMs + 60_000;

  async function runOne(state: JobState): Promise<RunResult> {
    const { job } = state;
    const runId = randomBytes(6).toString('hex');
    const attempt = state.failures + 1;
    const started = now();
    const log = logger.child({ job: job.name, runId });
    const result = (outcome: RunOutcome, summary: JobSummary | null, error: string | null): RunResult => ({
      job: job.name,
      runId,
      outcome,
      attempt,
      summary,
      error,
      durationMs: now().getTime() - started.getTime(),
    });

    if (job.lease) {
      const leader = await tryAcquireLease(db, leaseName(job), holder, leaseMs(job), started);
      state.heldLease = leader;
      if (!leader) return result('skipped', null, null);
      // a run left `running` by a holder that lost the lease (its process died) ended there
      await db
        .update(jobRuns)
        .set({ outcome: 'interrupted', finishedAt: started, error: 'the process running it stopped' })
        .where(
          and(eq(jobRuns.job, job.name), eq(jobRuns.outcome, 'running'), lt(jobRuns.startedAt, started)),
        );
    }
    const recordId = job.lease
      ? (
          await db
            .insert(jobRuns)
            .values({ job: job.name, runId, holder, attempt, startedAt: started })
            .returning({ id: jobRuns.id })
        )[0]?.id
      : undefined;

    const controller = new AbortController();
    state.controller = controller;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new JobTimeoutError(job.name, job.timeoutMs));
      }, job.timeoutMs);
      timer.unref?.();
    });
    let outcome: RunResult;
    try {
      const summary = await Promise.race([
        job.run({ db, logger: log, now: started, signal: controller.signal, attempt }),
        timeout,
      ]);
      outcome = result('ok', summary, null);
    } catch (err) {
      const kind = err instanceof JobTimeoutError ? 'timed_out' : stopped ? 'interrupted' : 'failed';
      outcome = result(kind, null, errorText(err));
      log.error({ err, attempt, outcome: outcome.outcome }, `job ${job.name} ${outcome.outcome}`);
    } finally {
      clearTimeout(timer);
      state.controller = undefined;
    }

    const finishedAt = now();
    const worked = didWork(outcome.summary);
    try {
      if (recordId !== undefined) {
        await db
          .update(jobRuns)
          .set({
            outcome: outcome.outcome,
            summary: outcome.summary ?? {},
            error: outcome.error,
            finishedAt,
          })
          .where(eq(jobRuns.id, recordId));
      } else if (worked || outcome.outcome !== 'ok') {
        await db.insert(jobRuns).values({
          job: job.name,
          runId,
          holder,
          attempt,
          outcome: outcome.outcome,
          summary: outcome.summary ?? {},
          error: outcome.error,
          startedAt: started,
          finishedAt,
        });
      }
    } catch (err) {
      // the run happened; a record that cannot be written is logged, not retried
      log.error({ err }, `job ${job.name}: its run could not be recorded`);
    }
    if (worked) log.info({ ...outcome.summary, durationMs: outcome.durationMs }, `job ${job.name}`);
    if (outcome.outcome === 'ok') state.failures = 0;
    else if (outcome.outcome !== 'interrupted') state.failures += 1;
    return outcome;
  }

  /** Runs the job unless a run is under way; every run, whatever happens, ends in a result. */
  function runGuarded(state: JobState): Promise<RunResult> {
    if (!state.running) {
      state.running = runOne(state)
        .catch((err): RunResult => {
          // the lease or the record could not be written (the database is away): a failed run
          state.failures += 1;
          logger.error({ err, job: state.job.name }, `job ${state.job.name} could not run`);
          return {
            job: state.job.name,
            runId: '',
            outcome: 'failed',
            attempt: state.failures,
            summary: null,
            error: errorText(err),
            durationMs: 0,
          };
        })
        .then((r) => {
          opts.observe?.(r);
          return r;
        })
        .finally(() => {
          state.running = undefined;
        });
    }
    return state.running;
  }

  function nextDelay(state: JobState): number {
    const { job } = state;
    if (state.failures > 0 && state.failures < job.retry.attempts) return backoffMs(job, state.failures);
    if (state.failures >= job.retry.attempts) state.failures = 0; // given up: back on the schedule
    switch (job.trigger.kind) {
      case 'interval':
        return job.trigger.everyMs;
      case 'queue':
        return job.trigger.pollMs;
      case 'daily':
        return msUntilDaily(job.trigger.at, now());
    }
  }

  function firstDelay(job: Job): number {
    const first = opts.firstRunMs ?? 5_000;
    if (job.trigger.kind === 'daily') return msUntilDaily(job.trigger.at, now());
    if (job.trigger.kind === 'queue') return Math.min(first, job.trigger.pollMs);
    return job.trigger.firstAfterMs ?? Math.min(first, job.trigger.everyMs);
  }

  function schedule(state: JobState, delay: number) {
    if (stopped) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(async () => {
      state.timer = undefined;
      await runGuarded(state);
      schedule(state, nextDelay(state));
    }, delay);
    state.timer.unref?.();
  }

  function stateOf(name: string): JobState {
    const state = states.get(name);
    if (!state) throw new Error(`no job is named ${name}`);
    return state;
  }

  return {
    holder,
    jobs: opts.jobs,
    start() {
      if (!stopped) return;
      stopped = false;
      for (const state of states.values()) schedule(state, firstDelay(state.job));
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) {
        clearTimeout(state.timer);
        state.timer = undefined;
        state.controller?.abort();
      }
      await Promise.all([...states.values()].map((s) => s.running));
      await Promise.all(
        [...states.values()]
          .filter((s) => s.job.lease && s.heldLease)
          .map((s) => releaseLease(db, leaseName(s.job), holder).catch(() => {})),
      );
    },
    nudge(name) {
      const state = stateOf(name);
      if (stopped) return;
      // rows queued during a run may predate what it claimed: one more run after it
      if (state.running) void state.running.then(() => schedule(state, 0));
      else schedule(state, 0);
    },
    async runNow(name) {
      const state = stateOf(name);
      await state.running;
      return runGuarded(state);
    },
  };
}
