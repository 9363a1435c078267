/**
 * N parallel requests at the limit let exactly one through. On PostgreSQL (TEST_DATABASE_URL) the
 * requests run on several pooled connections at once; on PGlite they interleave on one connection.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appraisalCounters } from '#server/db/schema/index.ts';
import { device, freshDomain, makeUser, newDeviceId } from '#server/test/accounts.ts';
import { createTestApp, ENGINE, type TestApp } from '#server/test/harness.ts';
import { dayOf } from './limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', APPRAISAL_GUEST_IP_DAILY_CAP: '3', APPRAISAL_BURST_PER_MINUTE: '100000' },
  });
});
afterAll(() => t.close());

const N = 12;
const appraise = (domain: string, headers: Record<string, string>) =>
  t.call('PUT', `/appraisalDetails/${domain}`, {}, headers);

const counter = async (subject: string) => {
  const [row] = await t.db
    .select({ count: appraisalCounters.count })
    .from(appraisalCounters)
    .where(and(eq(appraisalCounters.subject, subject), eq(appraisalCounters.day, dayOf(t.clock.now()))));
  return row?.count ?? 0;
};
const historyRows = async (subject: string) => {
  const r = await t.db.execute(
    sql`select count(*)::int as n from appraisal_history where subject = ${subject}`,
  );
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
};
const statuses = (rs: { status: number }[]) => {
  const m: Record<number, number> = {};
  for (const r of rs) m[r.status] = (m[r.status] ?? 0) + 1;
  return m;
};

describe(`parallel requests at the limit (${ENGINE})`, () => {
  it(`a signed-in user with one appraisal left: ${N} parallel new domains, exactly one passes`, async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 4; i++) expect((await appraise(freshDomain(), u.headers)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: N }, () => appraise(freshDomain(), u.headers)));
    expect(statuses(results)).toEqual({ 200: 1, 429: N - 1 });
    expect(results.find((r) => r.status === 200)!.body.data.remaining).toBe(0);
    for (const r of results.filter((x) => x.status === 429))
      expect(r.body.code).toBe('APPRAISAL_DAILY_LIMIT');
    expect(await counter(`user:${u.uid}`)).toBe(5);
    expect(await historyRows(`user:${u.uid}`)).toBe(5);
  });

  it(`a new guest: ${N} parallel requests, exactly one passes`, async () => {
    const dev = newDeviceId();
    const h = { ...device(dev), 'x-forwarded-for': '203.0.113.10' };
    const results = await Promise.all(Array.from({ length: N }, () => appraise(freshDomain(), h)));
    expect(statuses(results)).toEqual({ 200: 1, 429: N - 1 });
    expect(await counter(`device:${dev}`)).toBe(1);
  });

  it(`${N} guests with rotating device ids behind one address: exactly the per-IP cap passes`, async () => {
    const ip = '203.0.113.20';
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        appraise(freshDomain(), { ...device(newDeviceId()), 'x-forwarded-for': ip }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 3, 429: N - 3 });
    for (const r of results.filter((x) => x.status === 429))
      expect(r.body.code).toBe('APPRAISAL_SEARCH_LIMIT');
    expect(await counter(`ip:${ip}`)).toBe(3);
  });

  it(`the same domain ${N} times in parallel with one appraisal left: all answered, one counted`, async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 4; i++) await appraise(freshDomain(), u.headers);
    const domain = freshDomain();
    const results = await Promise.all(Array.from({ length: N }, () => appraise(domain, u.headers)));
    expect(statuses(results)).toEqual({ 200: N });
    expect(await counter(`user:${u.uid}`)).toBe(5);
    expect(await historyRows(`user:${u.uid}`)).toBe(5);
  });
});
