/**
 * The job runner on the test's engine (PGlite, and PostgreSQL in the suite's second run): two runners
 * on one database stand for two processes (each its holder and clock). The lease, a run cut short by a
 * dead process, timeouts, retries with backoff and a stop during a run.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '#server/db/schema/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import type { Job, JobContext } from './define.ts';
import { backoffMs, createJobRunner, msUntilDaily, type RunResult } from './runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logger = createLogger('silent');
let seq = 0;

function job(over: Partial<Job> & Pick<Job, 'run'>): Job {
  seq += 1;
  return {
    name: `test-job-${seq}`,
    description: 'a test job',
    trigger: { kind: 'interval', everyMs: 3_600_000 },
    lease: false,
    timeoutMs: 60_000,
    retry: { attempts: 3, backoffMs: 10, maxBackoffMs: 1_000 },
    ...over,
  };
}

const runsOf = (name: string) =>
  t.db.select().from(jobRuns).where(eq(jobRuns.job, name)).orderBy(desc(jobRuns.id));

/** Resolves once `check` is true, checking as the event loop turns (never a fixed sleep). */
async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 10_000) {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

/** A promise and its resolver, to hold a run in the middle. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('job runner', () => {
  it('runs a leased job in one of two processes, and records it', async () => {
    let runs = 0;
    const hold = gate();
    const leased = job({
      lease: true,
      run: async () => {
        runs += 1;
        await hold.opened;
        return { done: 1 };
      },
    });
    const a = createJobRunner({ db: t.db, logger, jobs: [leased], holder: 'process-a', now: t.clock.now });
    const b = createJobRunner({ db: t.db, logger, jobs: [leased], holder: 'process-b', now: t.clock.now });
    const first = a.runNow(leased.name);
    await until(() => runs === 1, 'the first run to start');
    expect(await b.runNow(leased.name)).toMatchObject({ outcome: 'skipped' });
    const [running] = await runsOf(leased.name);
    expect(running).toMatchObject({ holder: 'process-a', outcome: 'running', attempt: 1 });
    hold.open();
    const done = await first;
    expect(done).toMatchObject({ outcome: 'ok', summary: { done: 1 } });
    expect(runs).toBe(1);
    const [row] = await runsOf(leased.name);
    expect(row).toMatchObject({ runId: done.runId, outcome: 'ok', summary: { done: 1 } });
    expect(row?.finishedAt).not.toBeNull();
    // the holder keeps its lease; once it stops, the other process takes the job over
    expect(await b.runNow(leased.name)).toMatchObject({ outcome: 'skipped' });
    await a.stop();
    expect(await b.runNow(leased.name)).toMatchObject({ outcome: 'ok' });
    await b.stop();
  });

  it('picks up the work of a process that died during a run once its lease has expired', async () => {
    let calls = 0;
    const never = gate();
    const leased = job({
      lease: true,
      timeoutMs: 30_000,
      run: async () => {
        calls += 1;
        if (calls === 1) await never.opened; // the process "dies" here: the run never ends
        return { picked: calls };
      },
    });
    const start = t.clock.now();
    const dead = createJobRunner({ db: t.db, logger, jobs: [leased], holder: 'dead', now: () => start });
    void dead.runNow(leased.name);
    await until(() => calls === 1, 'the doomed run to start');
    // another process before the lease expires: nothing to do; after it (timeout + a minute): the work
    let later = new Date(start.getTime() + 60_000);
    const next = createJobRunner({ db: t.db, logger, jobs: [leased], holder: 'next', now: () => later });
    expect(await next.runNow(leased.name)).toMatchObject({ outcome: 'skipped' });
    later = new Date(start.getTime() + 30_000 + 60_000 + 1);
    expect(await next.runNow(leased.name)).toMatchObject({ outcome: 'ok', summary: { picked: 2 } });
    const [mine, cut] = await runsOf(leased.name);
    expect(mine).toMatchObject({ holder: 'next', outcome: 'ok' });
    expect(cut).toMatchObject({ holder: 'dead', outcome: 'interrupted' });
    expect(cut?.error).toBe('the process running it stopped');
    await next.stop();
    never.open();
  });

  it('times out a run that hangs, records it, and keeps going', async () => {
    let signal: AbortSignal | undefined;
    let calls = 0;
    const hangs = job({
      timeoutMs: 50,
      run: async (ctx: JobContext) => {
        calls += 1;
        if (calls > 1) return { fine: 1 };
        signal = ctx.signal;
        return new Promise(() => {}); // never settles
      },
    });
    const runner = createJobRunner({ db: t.db, logger, jobs: [hangs] });
    const timedOut = await runner.runNow(hangs.name);
    expect(timedOut).toMatchObject({ outcome: 'timed_out', attempt: 1 });
    expect(timedOut.error).toBe(`job ${hangs.name} did not finish within 50 ms`);
    expect(signal?.aborted).toBe(true);
    // the retry is the second attempt, and it works
    expect(await runner.runNow(hangs.name)).toMatchObject({ outcome: 'ok', attempt: 2 });
    const rows = await runsOf(hangs.name);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'timed_out']);
    await runner.stop();
  });

  it('retries a failing job with a doubling delay, then goes back to its schedule', async () => {
    expect([1, 2, 3, 4, 9].map((n) => backoffMs(job({ run: async () => null }), n))).toEqual([
      10, 20, 40, 80, 1_000,
    ]);
    const results: RunResult[] = [];
    let calls = 0;
    const flaky = job({
      // an hour between scheduled runs: only the retries can bring the next runs this soon
      trigger: { kind: 'interval', everyMs: 3_600_000 },
      retry: { attempts: 3, backoffMs: 5, maxBackoffMs: 50 },
      run: async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`SMTP refused (${calls})`);
        return { sent: 1 };
      },
    });
    const runner = createJobRunner({
      db: t.db,
      logger,
      jobs: [flaky],
      firstRunMs: 0,
      observe: (r) => results.push(r),
    });
    runner.start();
    await until(() => results.length === 3, 'two retries after the first failure');
    expect(results.map((r) => [r.outcome, r.attempt])).toEqual([
      ['failed', 1],
      ['failed', 2],
      ['ok', 3],
    ]);
    expect(results[0]?.error).toBe('SMTP refused (1)');
    const rows = await runsOf(flaky.name);
    expect(rows.map((r) => [r.outcome, r.attempt, r.error])).toEqual([
      ['ok', 3, null],
      ['failed', 2, 'SMTP refused (2)'],
      ['failed', 1, 'SMTP refused (1)'],
    ]);
    await runner.stop();
    expect(calls).toBe(3);
  });

  it('gives a job up after its attempts and waits for its next scheduled run', async () => {
    const results: RunResult[] = [];
    const broken = job({
      trigger: { kind: 'interval', everyMs: 3_600_000 },
      retry: { attempts: 2, backoffMs: 1, maxBackoffMs: 1 },
      run: async () => {
        throw new Error('always');
      },
    });
    const runner = createJobRunner({
      db: t.db,
      logger,
      jobs: [broken],
      firstRunMs: 0,
      observe: (r) => results.push(r),
    });
    runner.start();
    await until(() => results.length === 2, 'the first run and its one retry');
    // a nudge runs it now; the count starts again from the first attempt
    runner.nudge(broken.name);
    await until(() => results.length === 3, 'the nudged run');
    expect(results.map((r) => r.attempt)).toEqual([1, 2, 1]);
    await runner.stop();
  });

  it('stops during a run: the run is told, recorded as interrupted, and the lease given up', async () => {
    let started = false;
    const patient = job({
      lease: true,
      run: (ctx) =>
        new Promise((_, reject) => {
          started = true;
          ctx.signal.addEventListener('abort', () => reject(new Error('stopped by the runner')));
        }),
    });
    const a = createJobRunner({ db: t.db, logger, jobs: [patient], holder: 'a', firstRunMs: 0 });
    a.start();
    await until(() => started, 'the run to start');
    await a.stop();
    const [row] = await runsOf(patient.name);
    expect(row).toMatchObject({ holder: 'a', outcome: 'interrupted', error: 'stopped by the runner' });
    // the lease went with the stop: another process takes the job at once
    const b = createJobRunner({
      db: t.db,
      logger,
      jobs: [job({ ...patient, run: async () => null })],
      holder: 'b',
    });
    expect(await b.runNow(patient.name)).toMatchObject({ outcome: 'ok' });
    await b.stop();
  });

  it('records a job without a lease only when it worked or failed', async () => {
    let sent = 0;
    const queue = job({
      trigger: { kind: 'queue', pollMs: 1_000, depth: async () => ({ waiting: 0, oldestAt: null }) },
      run: async () => ({ sent }),
    });
    const runner = createJobRunner({ db: t.db, logger, jobs: [queue] });
    expect(await runner.runNow(queue.name)).toMatchObject({ outcome: 'ok', summary: { sent: 0 } });
    expect(await runsOf(queue.name)).toEqual([]);
    sent = 3;
    await runner.runNow(queue.name);
    expect((await runsOf(queue.name)).map((r) => r.summary)).toEqual([{ sent: 3 }]);
    await runner.stop();
  });

  it('refuses two jobs of one name and a daily time that is not HH:MM', () => {
    const a = job({ run: async () => null });
    expect(() => createJobRunner({ db: t.db, logger, jobs: [a, a] })).toThrow(`two jobs are named ${a.name}`);
    expect(() => msUntilDaily('3am', new Date())).toThrow("a daily job's time is HH:MM (UTC), not 3am");
    const now = new Date('2026-03-01T02:30:00Z');
    expect(msUntilDaily('03:00', now)).toBe(30 * 60_000);
    expect(msUntilDaily('02:30', now)).toBe(24 * 3_600_000);
    expect(msUntilDaily('01:00', now)).toBe(22.5 * 3_600_000);
  });
});
