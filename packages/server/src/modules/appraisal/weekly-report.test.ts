import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/index.ts';
import { releaseLease, tryAcquireLease } from '#server/lib/lease.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';
import { freshDomain, makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { scheduledRunner } from '#server/test/jobs.ts';
import { runAppraisalPrune } from './prune.ts';
import { lastFullWeek, runWeeklyAppraisalReport, WEEKLY_REPORT_JOB } from './weekly-report.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

describe('tryAcquireLease', () => {
  it('one holder at a time; renewal by the holder; takeover after expiry; release', async () => {
    const now = new Date('2026-03-02T10:00:00Z');
    expect(await tryAcquireLease(t.db, 'lease-test', 'a', 60_000, now)).toBe(true);
    expect(await tryAcquireLease(t.db, 'lease-test', 'b', 60_000, now)).toBe(false);
    expect(await tryAcquireLease(t.db, 'lease-test', 'a', 60_000, new Date(now.getTime() + 30_000))).toBe(
      true,
    );
    // a renewed until +90 s: b still waits at +80 s, and wins at +90 s.
    expect(await tryAcquireLease(t.db, 'lease-test', 'b', 60_000, new Date(now.getTime() + 80_000))).toBe(
      false,
    );
    expect(await tryAcquireLease(t.db, 'lease-test', 'b', 60_000, new Date(now.getTime() + 90_000))).toBe(
      true,
    );
    await releaseLease(t.db, 'lease-test', 'a'); // not a's any more: no effect
    expect(await tryAcquireLease(t.db, 'lease-test', 'a', 60_000, new Date(now.getTime() + 91_000))).toBe(
      false,
    );
    await releaseLease(t.db, 'lease-test', 'b');
    expect(await tryAcquireLease(t.db, 'lease-test', 'a', 60_000, new Date(now.getTime() + 92_000))).toBe(
      true,
    );
  });

  it('of many parallel contenders exactly one wins', async () => {
    const now = new Date('2026-03-02T11:00:00Z');
    const wins = await Promise.all(
      Array.from({ length: 8 }, (_, i) => tryAcquireLease(t.db, 'race', `p${i}`, 60_000, now)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
});

describe('weekly appraisal report', () => {
  it('the last full week is Monday to Monday, UTC', () => {
    expect(lastFullWeek(new Date('2026-01-15T12:00:00Z'))).toEqual({
      from: new Date('2026-01-05T00:00:00Z'),
      to: new Date('2026-01-12T00:00:00Z'),
      period: '2026-01-05',
    });
    expect(lastFullWeek(new Date('2026-01-12T00:00:00Z')).period).toBe('2026-01-05');
    expect(lastFullWeek(new Date('2026-01-11T23:59:59Z')).period).toBe('2025-12-29');
  });

  it('runs once across two processes and mails each subscribed user the week they appraised', async () => {
    // The harness clock is Thursday 2026-01-15: appraise during that week.
    const subscriber = await makeUser(t, {
      privileges: { WeeklyAppraisalSearchHistoryReport: true },
      firstName: 'Wes',
    });
    const zh = await makeUser(t, { privileges: { WeeklyAppraisalSearchHistoryReport: true }, locale: 'zh' });
    const other = await makeUser(t);
    const idle = await makeUser(t, { privileges: { WeeklyAppraisalSearchHistoryReport: true } });
    const mine = [freshDomain(), freshDomain('io')];
    for (const d of mine)
      expect((await t.call('PUT', `/appraisalDetails/${d}`, {}, subscriber.headers)).status).toBe(200);
    await t.call('PUT', `/appraisalDetails/${freshDomain()}`, {}, zh.headers);
    await t.call('PUT', `/appraisalDetails/${freshDomain()}`, {}, other.headers);

    // Two "processes" tick the following Monday at the same moment, each with its own scheduler.
    const monday = new Date('2026-01-19T06:00:00Z');
    const deps = (holder: string) => ({
      db: t.db,
      enqueueMail: (tx: Parameters<typeof enqueueMail>[0], m: Parameters<typeof enqueueMail>[1]) =>
        enqueueMail(tx, m, 'https://broker.example'),
      publicUrl: 'https://broker.example',
      holder,
      logger: silent,
      now: () => monday,
    });
    const a = scheduledRunner(t.db, 'process-a', () => monday);
    const b = scheduledRunner(t.db, 'process-b', () => monday);
    const [ra, rb] = await Promise.all([a.runNow(WEEKLY_REPORT_JOB), b.runNow(WEEKLY_REPORT_JOB)]);
    expect([ra.outcome, rb.outcome].sort()).toEqual(['ok', 'skipped']);
    const [leader, follower] = ra.outcome === 'ok' ? [a, b] : [b, a];
    expect((ra.outcome === 'ok' ? ra : rb).summary).toEqual({ period: '2026-01-12', mailed: 2 });

    // The leader running it again, or the other process after the lease passes to it: nothing more.
    expect(await leader.runNow(WEEKLY_REPORT_JOB)).toMatchObject({ outcome: 'ok', summary: null });
    await leader.stop();
    expect(await follower.runNow(WEEKLY_REPORT_JOB)).toMatchObject({ outcome: 'ok', summary: null });
    await follower.stop();
    // The job function itself is idempotent for the period, whoever calls it.
    expect((await runWeeklyAppraisalReport(deps('process-c'), monday)).ran).toBe(false);

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'weekly-appraisal-report'));
    expect(mails.map((m) => m.to).sort()).toEqual([subscriber.email, zh.email].sort());
    const en = mails.find((m) => m.to === subscriber.email)!;
    expect(en.subject).toBe('Your weekly appraisal report');
    expect(en.text).toContain('Hello Wes,');
    expect(en.text).toContain('You appraised 2 domains from 2026-01-12 to 2026-01-18:');
    for (const d of mine) expect(en.text).toContain(d);
    expect(mails.find((m) => m.to === zh.email)!.subject).toBe('您的每周域名估价报告');
    const idleMail = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, idle.email), eq(mailOutbox.template, 'weekly-appraisal-report')));
    expect(idleMail).toEqual([]);
  });
});

describe('daily prune', () => {
  it('drops old counters and month-old cache rows, once a day', async () => {
    const u = await makeUser(t);
    await t.call('PUT', `/appraisalDetails/${freshDomain()}`, {}, u.headers);
    const count = async (table: 'appraisal_counters' | 'appraisal_cache') => {
      const r = await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    expect(await count('appraisal_counters')).toBeGreaterThan(0);
    expect(await count('appraisal_cache')).toBeGreaterThan(0);
    const deps = { db: t.db, holder: 'p' };
    const soon = new Date(t.clock.now().getTime() + 86_400_000);
    expect((await runAppraisalPrune(deps, soon)).counters).toBe(0);
    expect((await runAppraisalPrune(deps, soon)).ran).toBe(false);
    const later = new Date(t.clock.now().getTime() + 40 * 86_400_000);
    const r = await runAppraisalPrune(deps, later);
    expect(r.ran).toBe(true);
    expect(r.counters).toBeGreaterThan(0);
    expect(r.cache).toBeGreaterThan(0);
    expect(await count('appraisal_counters')).toBe(0);
    expect(await count('appraisal_cache')).toBe(0);
  });
});
