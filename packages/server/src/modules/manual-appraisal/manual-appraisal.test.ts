import { MANUAL_REASON } from '@domain-broker/appraisal';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: TestUser;
let broker: TestUser;
let juniorBroker: TestUser;
let buyer: TestUser;
let unlimited: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin', privileges: { ChangeAppraisedDomainValues: true } });
  broker = await makeUser(t, { role: 'Consultant', privileges: { ChangeAppraisedDomainValues: true } });
  juniorBroker = await makeUser(t, { role: 'Consultant' });
  buyer = await makeUser(t, { privileges: { ChangeAppraisedDomainValues: true } });
  unlimited = await makeUser(t, { privileges: { AppraisalSearchUnLimit: true } });
});
afterAll(() => t.close());

const appraise = (domain: string) => t.call('PUT', `/appraisalDetails/${domain}`, {}, unlimited.headers);
const cacheRows = async (domain: string) => {
  const r = await t.db.execute(sql`select count(*)::int as n from appraisal_cache where domain = ${domain}`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('manual appraisal overrides in PUT /appraisalDetails', () => {
  it('a manual value replaces the engine consistently: value, list price, types, range', async () => {
    const domain = freshDomain();
    const engine = (await appraise(domain)).body.data;
    const created = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: domain, manualValue: 12345 },
      broker.headers,
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Updated domain details');
    const d = (await appraise(domain)).body.data;
    expect(d.appraised_value).toBe(12345);
    expect(d.manualValue).toBe(true);
    expect(d.confidence).toBe('high');
    expect(d.manualReviewRequire).toBe(false);
    expect(d.range.low).toBeLessThan(12345);
    expect(d.range.high).toBeGreaterThan(12345);
    expect(d.saw_appraised_value).toBeGreaterThanOrEqual(12345);
    // The list price keeps the engine's ratio to the market value (to two significant figures).
    const ratio = engine.saw_appraised_value / engine.appraised_value;
    expect(Math.abs(d.saw_appraised_value / 12345 - ratio) / ratio).toBeLessThan(0.06);
    expect(d.saw_appraised_value_formatted).toBe(`$${d.saw_appraised_value.toLocaleString('en-US')}`);
    const types = Object.fromEntries(
      d.appraisalTypes.map((x: { type: string; value: number }) => [x.type, x.value]),
    );
    expect(types.Market).toBe(12345);
    expect(types.List).toBe(d.saw_appraised_value);
    expect(types.Wholesale).toBeLessThanOrEqual(12345);
    expect(d.description[0]).toBe(MANUAL_REASON);
  });

  it('a blocked domain answers an error and costs no appraisal', async () => {
    const domain = freshDomain();
    await t.call('POST', '/manualAppraisal', { domainName: domain, isBlocked: true }, broker.headers);
    const guest = await t.call('PUT', `/appraisalDetails/${domain}`, {}, { 'x-device-id': 'b'.repeat(32) });
    expect(guest.status).toBe(403);
    expect(guest.body.code).toBe('APPRAISAL_BLOCKED');
    // The guest still has its one appraisal of the day.
    expect(
      (await t.call('PUT', `/appraisalDetails/${freshDomain()}`, {}, { 'x-device-id': 'b'.repeat(32) }))
        .status,
    ).toBe(200);
  });

  it('the cache serves a domain again, and a manual change invalidates it at once', async () => {
    const domain = freshDomain();
    const first = (await appraise(domain)).body.data;
    expect(await cacheRows(domain)).toBe(1);
    expect((await appraise(domain)).body.data).toEqual(first);
    expect(await cacheRows(domain)).toBe(1);

    const created = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: domain, manualValue: 777 },
      broker.headers,
    );
    expect(await cacheRows(domain)).toBe(0);
    expect((await appraise(domain)).body.data.appraised_value).toBe(777);

    await t.call('PATCH', `/manualAppraisal/${created.body.data.UID}`, { manualValue: 888 }, broker.headers);
    expect((await appraise(domain)).body.data.appraised_value).toBe(888);

    await t.call('PATCH', `/manualAppraisal/${created.body.data.UID}`, { isBlocked: true }, broker.headers);
    expect((await appraise(domain)).status).toBe(403);

    await t.call('DELETE', `/manualAppraisal/${created.body.data.UID}`, undefined, broker.headers);
    expect((await appraise(domain)).body.data).toEqual(first);
  });
});

describe('staff API /manualAppraisal', () => {
  it('is for Admin and Consultant only', async () => {
    expect((await t.call('GET', '/manualAppraisal')).status).toBe(401);
    const r = await t.call('GET', '/manualAppraisal', undefined, buyer.headers);
    expect(r.status).toBe(403);
    expect(
      (await t.call('POST', '/manualAppraisal', { domainName: freshDomain(), manualValue: 5 }, buyer.headers))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/manualAppraisal', undefined, admin.headers)).status).toBe(200);
  });

  it("validates: 'Please enter domain value' without a nonzero whole value or the blocked flag", async () => {
    for (const body of [
      { domainName: freshDomain() },
      { domainName: freshDomain(), manualValue: 0 },
      { domainName: freshDomain(), manualValue: '12.5' },
      { domainName: freshDomain(), manualValue: -3, isBlocked: false },
    ]) {
      const r = await t.call('POST', '/manualAppraisal', body, broker.headers);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Please enter domain value');
    }
    const bad = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: 'nope', manualValue: 5 },
      broker.headers,
    );
    expect(bad.body.message).toBe('The domain name you looking for is not a valid one.');
    const unknown = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: freshDomain(), manualValue: 5, UID: 'x' },
      broker.headers,
    );
    expect(unknown.body.code).toBe('UNKNOWN_FIELD');
  });

  it('an existing domain answers 409 with the entry; overwrite replaces it', async () => {
    const domain = freshDomain();
    const a = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: domain, manualValue: '1500' },
      juniorBroker.headers,
    );
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ domainName: domain, manualValue: 1500, isBlocked: false });
    const again = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: domain.toUpperCase(), manualValue: 2000 },
      juniorBroker.headers,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MANUAL_APPRAISAL_EXISTS');
    expect(again.body.data).toMatchObject({ UID: a.body.data.UID, manualValue: 1500 });
    // Changing an existing value needs ChangeAppraisedDomainValues.
    const denied = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: domain, manualValue: 2000, overwrite: true },
      juniorBroker.headers,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("you don't have a permission to perform this action");
    const ok = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: domain, manualValue: 2000, overwrite: true },
      broker.headers,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ UID: a.body.data.UID, manualValue: 2000 });
  });

  it('PATCH and DELETE need ChangeAppraisedDomainValues; the result must keep a value or the flag', async () => {
    const created = await t.call(
      'POST',
      '/manualAppraisal',
      { domainName: freshDomain(), manualValue: 300 },
      juniorBroker.headers,
    );
    const id = created.body.data.UID;
    expect(
      (await t.call('PATCH', `/manualAppraisal/${id}`, { manualValue: 1 }, juniorBroker.headers)).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/manualAppraisal/${id}`, undefined, juniorBroker.headers)).status).toBe(
      403,
    );
    const zero = await t.call('PATCH', `/manualAppraisal/${id}`, { manualValue: 0 }, broker.headers);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Please enter domain value');
    const blocked = await t.call(
      'PATCH',
      `/manualAppraisal/${id}`,
      { manualValue: 0, isBlocked: true },
      broker.headers,
    );
    expect(blocked.body.data).toMatchObject({ manualValue: 0, isBlocked: true });
    expect(
      (await t.call('PATCH', '/manualAppraisal/not-a-uuid', { manualValue: 1 }, broker.headers)).status,
    ).toBe(404);
    const del = await t.call('DELETE', `/manualAppraisal/${id}`, undefined, admin.headers);
    expect(del.body.message).toBe('Deleted successfully');
    expect((await t.call('DELETE', `/manualAppraisal/${id}`, undefined, admin.headers)).status).toBe(404);
  });

  it('lists with search, sort (createdAt DESC by default) and paging', async () => {
    const tag = `zz${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i++) {
      await t.call(
        'POST',
        '/manualAppraisal',
        { domainName: `${tag}${String(i).padStart(2, '0')}.com`, manualValue: 100 + i },
        broker.headers,
      );
      t.clock.advance(1000);
    }
    const p1 = await t.call('GET', `/manualAppraisal?search=${tag}`, undefined, broker.headers);
    expect(p1.status).toBe(200);
    expect(p1.body.data).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(p1.body.data.items).toHaveLength(10);
    expect(p1.body.data.manualAppraisal).toEqual(p1.body.data.items);
    expect(p1.body.data.items[0].domainName).toBe(`${tag}11.com`);
    const p2 = await t.call('GET', `/manualAppraisal?search=${tag}&page=2`, undefined, broker.headers);
    expect(p2.body.data.items.map((x: { domainName: string }) => x.domainName)).toEqual([
      `${tag}01.com`,
      `${tag}00.com`,
    ]);
    const byValue = await t.call(
      'GET',
      `/manualAppraisal?search=${tag}&sortBy=manualValue&sortType=ASC&limit=3`,
      undefined,
      broker.headers,
    );
    expect(byValue.body.data.items.map((x: { manualValue: number }) => x.manualValue)).toEqual([
      100, 101, 102,
    ]);
    const none = await t.call('GET', '/manualAppraisal?search=%25_nothing', undefined, broker.headers);
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
    expect((await t.call('GET', '/manualAppraisal?sortBy=password', undefined, broker.headers)).status).toBe(
      400,
    );
  });
});
