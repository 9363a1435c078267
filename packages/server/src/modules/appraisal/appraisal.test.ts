import { appraise as appraiseDomain } from '@domain-broker/appraisal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, freshDomain, makeUser, newDeviceId, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
/** The users the paid-lead check passed to createApp (the leads module's role) answers true for. */
const paidUsers = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', APPRAISAL_GUEST_IP_DAILY_CAP: '3', APPRAISAL_BURST_PER_MINUTE: '1000' },
    deps: { paidLeadCheck: async (_db, uid) => paidUsers.has(uid) },
  });
});
afterAll(() => t.close());

let ipSeq = 0;
/** A new client address per test, so the per-IP cap of one test does not leak into another. */
const newIp = () => `198.51.100.${++ipSeq}`;
const appraise = (domain: string, headers: Record<string, string> = {}, query = '', body: unknown = {}) =>
  t.call('PUT', `/appraisalDetails/${encodeURIComponent(domain)}${query}`, body, headers);

describe('PUT /appraisalDetails/{domain}', () => {
  it("answers the page's record with remaining and limit, and no signals", async () => {
    const ip = newIp();
    const r = await appraise('CloudKitchen.com', { ...device(newDeviceId()), 'x-forwarded-for': ip }, '', {
      referrerURL: 'https://registrar.example/search',
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      domain: 'cloudkitchen.com',
      tld: 'com',
      remaining: 0,
      limit: 1,
      manualValue: false,
    });
    for (const k of [
      'appraised_value',
      'saw_appraised_value',
      'saw_appraised_value_formatted',
      'appraisalTypes',
      'description',
      'availableExtensions',
      'manualReviewRequire',
      'range',
      'confidence',
    ]) {
      expect(d).toHaveProperty(k);
    }
    expect(d.signals).toBeUndefined();
    expect(d.description.length).toBeGreaterThanOrEqual(5);
    expect(d.range.low).toBeLessThanOrEqual(d.appraised_value);
    expect(d.range.high).toBeGreaterThanOrEqual(d.appraised_value);
    expect(d.saw_appraised_value_formatted).toMatch(/^\$[\d,]+$/);
    expect(d.availableExtensions).not.toContain('com');
  });

  it('a guest reads the first 5 reasons; a signed-in user all of them; both learn how many there are', async () => {
    const domain = [
      'cloudkitchen.com',
      'best-cheap-insurance-quotes.net',
      'bitcoincasino24.io',
      'x7q-9zz.xyz',
    ].find((d) => appraiseDomain(d).description.length > 5)!;
    const guest = (await appraise(domain, { ...device(newDeviceId()), 'x-forwarded-for': newIp() })).body
      .data;
    const u = await makeUser(t);
    const user = (await appraise(domain, u.headers)).body.data;
    expect(user.descriptionCount).toBe(user.description.length);
    expect(user.description.length).toBeGreaterThan(5);
    expect(guest.description).toEqual(user.description.slice(0, 5));
    expect(guest.descriptionCount).toBe(user.description.length);
    const history = await t.call('GET', '/recentSearch', undefined, u.headers);
    expect(history.body.data[0].description).toEqual(user.description);
  });

  it('normalises an encoded URL in the path', async () => {
    const u = await makeUser(t, { privileges: { AppraisalSearchUnLimit: true } });
    const r = await appraise('https://www.Example.NET/some/page', u.headers);
    expect(r.status).toBe(200);
    expect(r.body.data.domain).toBe('example.net');
  });

  it.each(['example', 'exa_mple.com', 'a.b.com', '%20'])(
    "refuses %s with the spec's message",
    async (domain) => {
      const r = await appraise(domain, { ...device(newDeviceId()), 'x-forwarded-for': newIp() });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: 'DOMAIN_INVALID',
        message: 'The domain name you looking for is not a valid one.',
      });
    },
  );

  it.each(['art.museum', 'example.de'])('refuses %s naming the supported extensions', async (domain) => {
    const r = await appraise(domain, { ...device(newDeviceId()), 'x-forwarded-for': newIp() });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'DOMAIN_EXTENSION_UNSUPPORTED',
      message:
        'This extension is not supported. Supported extensions: .com, .net, .org, .xyz, .co, .io, .ca.',
      data: { supportedExtensions: ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'] },
    });
  });

  it('refuses unknown body fields and query parameters', async () => {
    const h = { ...device(newDeviceId()), 'x-forwarded-for': newIp() };
    expect((await appraise('example.com', h, '', { userUID: 'x' })).body.code).toBe('UNKNOWN_FIELD');
    expect((await appraise('example.com', h, '?foo=1')).body.code).toBe('UNKNOWN_FIELD');
  });

  it('checks ?userUID= against the session and never trusts it alone', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const wrong = await appraise(freshDomain(), a.headers, `?userUID=${b.uid}`);
    expect(wrong.status).toBe(403);
    const right = await appraise(freshDomain(), a.headers, `?userUID=${a.uid}`);
    expect(right.status).toBe(200);
    expect(right.body.data.limit).toBe(5);
    // Without a session the userUID of someone else buys nothing: the caller is a guest.
    const guest = await appraise(
      freshDomain(),
      { ...device(newDeviceId()), 'x-forwarded-for': newIp() },
      `?userUID=${a.uid}`,
    );
    expect(guest.body.data.limit).toBe(1);
  });

  it('answers 401 for a dead session token (the portal logs out)', async () => {
    const r = await appraise(freshDomain(), { authorization: 'Bearer not-a-live-token' });
    expect(r.status).toBe(401);
  });

  it('gives signals to staff only', async () => {
    const staff = await makeUser(t, { role: 'Consultant', privileges: { AppraisalSearchUnLimit: true } });
    const buyer = await makeUser(t);
    const s = await appraise('bestinsurancequotes.com', staff.headers, '?signals=1');
    expect(s.status).toBe(200);
    expect(Object.keys(s.body.data.signals).length).toBeGreaterThanOrEqual(216);
    expect((await appraise('bestinsurancequotes.com', buyer.headers, '?signals=1')).status).toBe(403);
  });
});

describe('daily limits', () => {
  it("guest: 1 a day, then 429 'Please login to get appraisals' (never 401), and again the next day", async () => {
    const h = { ...device(newDeviceId()), 'x-forwarded-for': newIp() };
    const first = await appraise(freshDomain(), h);
    expect(first.body.data).toMatchObject({ remaining: 0, limit: 1 });
    const second = await appraise(freshDomain(), h);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({
      code: 'APPRAISAL_LOGIN_REQUIRED',
      message: 'Please login to get appraisals',
      data: { remaining: 0, limit: 1 },
    });
    // The harness clock stands at 12:00 UTC: the limit resets in 12 hours.
    expect(second.headers.get('retry-after')).toBe(String(12 * 3600));
    t.clock.advance(24 * 3600_000);
    expect((await appraise(freshDomain(), h)).status).toBe(200);
  });

  it("the same domain again today is free and answers today's remaining", async () => {
    const u = await makeUser(t);
    const domain = freshDomain();
    const a = await appraise(domain, u.headers);
    expect(a.body.data.remaining).toBe(4);
    const b = await appraise(domain.toUpperCase(), u.headers);
    expect(b.status).toBe(200);
    expect(b.body.data.remaining).toBe(4);
    const c = await appraise(freshDomain(), u.headers);
    expect(c.body.data.remaining).toBe(3);
  });

  it("signed-in user: 5 a day, then 'you have reached the maximum appraisal limit today'", async () => {
    const u = await makeUser(t);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++)
      remaining.push((await appraise(freshDomain(), u.headers)).body.data.remaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const over = await appraise(freshDomain(), u.headers);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'APPRAISAL_DAILY_LIMIT',
      message: 'you have reached the maximum appraisal limit today',
      data: { remaining: 0, limit: 5 },
    });
  });

  it('every answer says when the allowance renews: the next 00:00 UTC (null when unlimited)', async () => {
    const now = new Date(t.clock.now());
    const midnight = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
    ).toISOString();
    const u = await makeUser(t);
    for (let i = 0; i < 5; i++)
      expect((await appraise(freshDomain(), u.headers)).body.data.renewsAt).toBe(midnight);
    const over = await appraise(freshDomain(), u.headers);
    expect(over.status).toBe(429);
    expect(over.body.data).toEqual({ remaining: 0, limit: 5, renewsAt: midnight });
    const history = await t.call('GET', '/recentSearch', undefined, u.headers);
    expect(history.headers.get('x-appraisal-remaining')).toBe('0');
    expect(history.headers.get('x-appraisal-renews-at')).toBe(midnight);
    const unlimited = await makeUser(t, { privileges: { AppraisalSearchUnLimit: true } });
    expect((await appraise(freshDomain(), unlimited.headers)).body.data.renewsAt).toBeNull();
    const free = await t.call('GET', '/recentSearch', undefined, unlimited.headers);
    expect(free.headers.get('x-appraisal-renews-at')).toBeNull();
  });

  it('a buyer with a paid lead: 20 a day (the check the leads module provides)', async () => {
    const paid = await makeUser(t);
    paidUsers.add(paid.uid);
    try {
      const first = await appraise(freshDomain(), paid.headers);
      expect(first.body.data).toMatchObject({ remaining: 19, limit: 20 });
      for (let i = 0; i < 19; i++) expect((await appraise(freshDomain(), paid.headers)).status).toBe(200);
      const over = await appraise(freshDomain(), paid.headers);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 'APPRAISAL_DAILY_LIMIT', data: { remaining: 0, limit: 20 } });
      const unpaid = await makeUser(t);
      expect((await appraise(freshDomain(), unpaid.headers)).body.data.limit).toBe(5);
    } finally {
      paidUsers.delete(paid.uid);
    }
  });

  it('AppraisalSearchUnLimit: no limit, remaining and limit null', async () => {
    const u = await makeUser(t, { privileges: { AppraisalSearchUnLimit: true } });
    for (let i = 0; i < 8; i++) {
      const r = await appraise(freshDomain(), u.headers);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ remaining: null, limit: null });
    }
  });

  it("per-IP cap against rotating device ids: 'you have reached the domain search limit, please contact support'", async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      expect(
        (await appraise(freshDomain(), { ...device(newDeviceId()), 'x-forwarded-for': ip })).status,
      ).toBe(200);
    }
    const over = await appraise(freshDomain(), { ...device(newDeviceId()), 'x-forwarded-for': ip });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'APPRAISAL_SEARCH_LIMIT',
      message: 'you have reached the domain search limit, please contact support',
    });
    // The refused request used nothing: that device still has its appraisal elsewhere.
    const elsewhere = await appraise(freshDomain(), { ...device(newDeviceId()), 'x-forwarded-for': newIp() });
    expect(elsewhere.status).toBe(200);
  });

  it('a guest without a device id shares its address bucket', async () => {
    const ip = newIp();
    expect((await appraise(freshDomain(), { 'x-forwarded-for': ip })).status).toBe(200);
    expect((await appraise(freshDomain(), { 'x-forwarded-for': ip, 'x-device-id': 'short' })).status).toBe(
      429,
    );
  });
});

describe('GET /recentSearch and PATCH /updateUserIDInDomain', () => {
  let dev: string;
  let ip: string;
  let user: TestUser;
  const guestDomain = freshDomain('io');

  beforeAll(async () => {
    dev = newDeviceId();
    ip = newIp();
    user = await makeUser(t);
  });

  it("an empty history is 200 with [] and 'no search history found'", async () => {
    const r = await t.call('GET', '/recentSearch', undefined, { ...device(dev), 'x-forwarded-for': ip });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'no search history found', data: [] });
  });

  it("lists the device's guest searches, newest first", async () => {
    expect((await appraise(guestDomain, { ...device(dev), 'x-forwarded-for': ip })).status).toBe(200);
    const r = await t.call('GET', '/recentSearch', undefined, { ...device(dev), 'x-forwarded-for': ip });
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ domainName: guestDomain, domain: guestDomain });
    expect(typeof r.body.data[0].searchedAt).toBe('string');
    expect(r.headers.get('x-appraisal-remaining')).toBe('0');
  });

  it("attaches the guest's searches to the user without counting them again", async () => {
    const before = await t.call('GET', '/recentSearch', undefined, user.headers);
    expect(before.body.data).toEqual([]);
    const r = await t.call(
      'PATCH',
      '/updateUserIDInDomain',
      { domainNames: [guestDomain, 'never-searched.com'] },
      { ...user.headers, ...device(dev) },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.attached).toBe(1);
    const after = await t.call('GET', '/recentSearch', undefined, user.headers);
    expect(after.body.data.map((x: { domainName: string }) => x.domainName)).toEqual([guestDomain]);
    expect(after.headers.get('x-appraisal-remaining')).toBe('5');
    // Appraising the attached domain today is free for the user; a new one takes one.
    expect((await appraise(guestDomain, user.headers)).body.data.remaining).toBe(5);
    const next = freshDomain();
    expect((await appraise(next, user.headers)).body.data.remaining).toBe(4);
    const list = await t.call('GET', `/recentSearch?userUID=${user.uid}`, undefined, user.headers);
    expect(list.body.data.map((x: { domainName: string }) => x.domainName)).toEqual([next, guestDomain]);
    // The device's guest history no longer holds it.
    const guest = await t.call('GET', '/recentSearch', undefined, { ...device(dev), 'x-forwarded-for': ip });
    expect(guest.body.data).toEqual([]);
  });

  it('needs a session, and refuses a userUID that is not the session user', async () => {
    expect((await t.call('PATCH', '/updateUserIDInDomain', { domainNames: [] })).status).toBe(401);
    const other = await makeUser(t);
    expect((await t.call('GET', `/recentSearch?userUID=${other.uid}`, undefined, user.headers)).status).toBe(
      403,
    );
    expect((await t.call('PATCH', '/updateUserIDInDomain', { domainNames: 'x' }, user.headers)).status).toBe(
      400,
    );
  });
});
