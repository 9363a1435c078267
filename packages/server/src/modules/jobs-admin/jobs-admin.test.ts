/** The admin's Jobs view over HTTP on the real database: the declared jobs, their recorded runs and queues. */
import type { AdminJob } from '@domain-broker/shared/schemas/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, mailOutbox } from '#server/db/schema/index.ts';
import { HOUSEKEEPING_JOB } from '#server/jobs/housekeeping.ts';
import { MAIL_OUTBOX_JOB } from '#server/jobs/mail-outbox.ts';
import { jobCatalogue } from '#server/jobs/registry.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { createLogger } from '#server/lib/logger.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin' });
  buyer = await makeUser(t, { role: 'Buyer' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const jobs = async () => {
  const r = await t.call('GET', '/admin/jobs', undefined, admin.headers);
  expect(r.status).toBe(200);
  return r.body.data as AdminJob[];
};
const jobNamed = async (name: string) => (await jobs()).find((j) => j.name === name)!;
let seq = 0;
const recordRun = (
  job: string,
  outcome: string,
  startedAgoMs: number,
  extra: Record<string, unknown> = {},
) => {
  const startedAt = new Date(t.clock.now().getTime() - startedAgoMs);
  return t.db.insert(jobRuns).values({
    job,
    runId: `run-${++seq}`,
    holder: 'test-host:1:abc',
    outcome,
    startedAt,
    finishedAt: new Date(startedAt.getTime() + 1_500),
    ...extra,
  });
};

describe('GET /admin/jobs', () => {
  it('is for admins: 401 without a session, 403 for a buyer', async () => {
    expect((await t.call('GET', '/admin/jobs')).status).toBe(401);
    const r = await t.call('GET', '/admin/jobs', undefined, buyer.headers);
    expect(r.status).toBe(403);
    expect(
      (await t.call('GET', `/admin/jobs/${HOUSEKEEPING_JOB}/runs`, undefined, buyer.headers)).status,
    ).toBe(403);
  });

  it('lists every declared job with its trigger in words, before any run', async () => {
    const listed = await jobs();
    const declared = jobCatalogue(t.config, t.db).map((j) => j.name);
    expect(listed.map((j) => j.name)).toEqual(declared);
    expect(declared).toEqual(
      expect.arrayContaining([MAIL_OUTBOX_JOB, HOUSEKEEPING_JOB, 'webhook-deliveries']),
    );
    const mail = listed.find((j) => j.name === MAIL_OUTBOX_JOB)!;
    expect(mail).toMatchObject({
      trigger: { kind: 'queue', text: 'queue, polled every 2 s' },
      lease: false,
      timeoutMs: 300_000,
      lastRun: null,
      lastFailure: null,
      runs24h: 0,
      failures24h: 0,
    });
    expect(mail.queue).toEqual({ waiting: 0, oldestAgeMs: null });
    const housekeeping = listed.find((j) => j.name === HOUSEKEEPING_JOB)!;
    expect(housekeeping).toMatchObject({ trigger: { kind: 'interval', text: 'every 10 min' }, queue: null });
  });

  it("shows a runner's recorded run as the last one", async () => {
    const runner = createJobRunner({
      db: t.db,
      logger: createLogger('silent'),
      jobs: [
        {
          name: HOUSEKEEPING_JOB,
          description: 'a stand-in',
          trigger: { kind: 'interval', everyMs: 600_000 },
          lease: true,
          timeoutMs: 5_000,
          retry: { attempts: 1, backoffMs: 1_000, maxBackoffMs: 1_000 },
          run: async () => ({ deleted: 2 }),
        },
      ],
      holder: 'test-runner',
      now: t.clock.now,
    });
    expect(await runner.runNow(HOUSEKEEPING_JOB)).toMatchObject({ outcome: 'ok' });
    const job = await jobNamed(HOUSEKEEPING_JOB);
    expect(job.lastRun).toMatchObject({ outcome: 'ok', holder: 'test-runner', summary: { deleted: 2 } });
    expect(job.runs24h).toBe(1);
    expect(job.failures24h).toBe(0);
  });

  it('counts the failures of the last 24 hours and shows the last one', async () => {
    await recordRun('webhook-deliveries', 'ok', 30 * HOUR);
    await recordRun('webhook-deliveries', 'failed', 26 * HOUR, { error: 'too old to count' });
    await recordRun('webhook-deliveries', 'timed_out', 3 * HOUR, { error: 'timed out after 300000 ms' });
    await recordRun('webhook-deliveries', 'failed', 2 * HOUR, { error: 'connection refused', attempt: 2 });
    await recordRun('webhook-deliveries', 'ok', 1 * HOUR, { summary: { delivered: 4 } });
    const job = await jobNamed('webhook-deliveries');
    expect(job.runs24h).toBe(3);
    expect(job.failures24h).toBe(2);
    expect(job.lastRun).toMatchObject({ outcome: 'ok', summary: { delivered: 4 }, durationMs: 1_500 });
    expect(job.lastFailure).toMatchObject({ outcome: 'failed', error: 'connection refused', attempt: 2 });
  });

  it("counts a queued mail in the mail job's queue", async () => {
    const before = (await jobNamed(MAIL_OUTBOX_JOB)).queue!.waiting;
    await t.db.insert(mailOutbox).values({
      to: 'someone@example.test',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
      template: 'test',
      messageId: `<jobs-admin-${Date.now()}@example.test>`,
    });
    const queue = (await jobNamed(MAIL_OUTBOX_JOB)).queue!;
    expect(queue.waiting).toBe(before + 1);
    expect(queue.oldestAgeMs).toEqual(expect.any(Number));
  });
});

describe('GET /admin/jobs/{name}/runs', () => {
  it("pages a job's runs, newest first", async () => {
    const first = await t.call(
      'GET',
      '/admin/jobs/webhook-deliveries/runs?pageSize=2',
      undefined,
      admin.headers,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 5, totalPage: 3 });
    const rows = first.body.data.data as Array<{ outcome: string; startedAt: string }>;
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'failed']);
    expect(rows[0]!.startedAt > rows[1]!.startedAt).toBe(true);
    const last = await t.call(
      'GET',
      '/admin/jobs/webhook-deliveries/runs?page=3&pageSize=2',
      undefined,
      admin.headers,
    );
    expect(last.body.data.data.map((r: { outcome: string }) => r.outcome)).toEqual(['ok']);
  });

  it('answers an empty page for a declared job that never ran, 404 for an unknown one, 400 for a bad page', async () => {
    const empty = await t.call('GET', '/admin/jobs/survey-reminder/runs', undefined, admin.headers);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ data: [], total: 0, totalPage: 0 });
    const unknown = await t.call('GET', '/admin/jobs/no-such-job/runs', undefined, admin.headers);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Job is not found.');
    expect(
      (await t.call('GET', '/admin/jobs/mail-outbox/runs?pageSize=0', undefined, admin.headers)).status,
    ).toBe(400);
  });
});
