/** Promo codes over HTTP on the real database: the staff API and the buyer's check. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, mailOutbox, promoCodes, promoRedemptions } from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: TestUser;
let broker: TestUser;
let buyer: TestUser;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin', firstName: 'Ada' });
  broker = await makeUser(t, { role: 'Consultant', firstName: 'Bo' });
  buyer = await makeUser(t, { role: 'Buyer' });
});
afterAll(() => t.close());

const day = 86_400_000;
const future = () => new Date(t.clock.now().getTime() + 7 * day).toISOString();
const code = () => `PROMO${++seq}X${Math.random().toString(36).slice(2, 6)}`;
const generate = (body: Record<string, unknown>, who: TestUser = admin) =>
  t.call('POST', '/generatePromo', { offerPercent: 100, validThru: future(), ...body }, who.headers);
const details = (c: string, who: TestUser = buyer) =>
  t.call('GET', `/getPromoDetails/${encodeURIComponent(c)}`, undefined, who.headers);

describe('POST /generatePromo', () => {
  it('creates a code for Admin and Consultant, named after the creator, single-use by default', async () => {
    const a = await generate({ code: code() });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('Promo code created successfully');
    expect(a.body.data).toMatchObject({ offerPercent: 100, reUsableCount: 1, promoDetails: [] });
    expect(a.body.data.createdUser).toMatch(/^Ada/);
    const b = await generate({ code: code(), reUsableCount: 3 }, broker);
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({ reUsableCount: 3 });
  });

  it('refuses buyers, guests, short codes, other percentages and past dates; a date alone lasts the day', async () => {
    expect((await generate({ code: code() }, buyer)).status).toBe(403);
    expect(
      (await t.call('POST', '/generatePromo', { code: code(), offerPercent: 100, validThru: future() }))
        .status,
    ).toBe(401);
    const short = await generate({ code: 'ABC12' });
    expect([short.status, short.body.message]).toEqual([400, 'please enter a valid promo code']);
    expect((await generate({ code: code(), offerPercent: 50 })).body.message).toBe(
      'Offer percent must be 100.',
    );
    const past = await generate({ code: code(), validThru: '2026-01-14' });
    expect([past.status, past.body.message]).toEqual([400, 'The date cannot be in the past.']);
    // The clock is 2026-01-15T12:00Z: today's date is still valid until the end of the day.
    const today = await generate({ code: code(), validThru: '2026-01-15' });
    expect(today.status).toBe(200);
    expect(today.body.data.validThru).toBe('2026-01-15T23:59:59.999Z');
    expect((await generate({ code: code(), validThru: 'soon' })).body.message).toBe('Invalid date format.');
  });

  it('answers 409 Data already exist. for a code that exists in any case', async () => {
    const c = code();
    expect((await generate({ code: c })).status).toBe(200);
    const dup = await generate({ code: c.toLowerCase() });
    expect([dup.status, dup.body.message, dup.body.code]).toEqual([
      409,
      'Data already exist.',
      'ALREADY_EXISTS',
    ]);
  });
});

describe('GET /promoCode and DELETE /promoCode/{id}', () => {
  it('pages newest first with the uses; an Admin deletes, a Consultant may not', async () => {
    t.clock.advance(1000);
    const first = await generate({ code: code() });
    t.clock.advance(1000);
    const second = await generate({ code: code() });
    t.clock.advance(1000);
    const page = await t.call('GET', '/promoCode?page=1&pageLimit=2', undefined, broker.headers);
    expect(page.status).toBe(200);
    expect(page.body.data.promoCodeList.map((p: { UID: string }) => p.UID)).toEqual([
      second.body.data.UID,
      first.body.data.UID,
    ]);
    expect(page.body.data.pagination).toMatchObject({ page: 1, pageLimit: 2 });
    expect(page.body.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(page.body.data.items).toEqual(page.body.data.promoCodeList);
    expect((await t.call('GET', '/promoCode', undefined, buyer.headers)).status).toBe(403);
    expect((await t.call('GET', '/promoCode?pageLimit=0', undefined, admin.headers)).status).toBe(400);

    const id = first.body.data.UID;
    expect((await t.call('DELETE', `/promoCode/${id}`, undefined, broker.headers)).status).toBe(403);
    const del = await t.call('DELETE', `/promoCode/${id}`, undefined, admin.headers);
    expect([del.status, del.body.message]).toEqual([200, 'Deleted successfully']);
    expect((await t.call('DELETE', `/promoCode/${id}`, undefined, admin.headers)).status).toBe(404);
    expect((await t.call('DELETE', '/promoCode/not-a-uuid', undefined, admin.headers)).status).toBe(404);
  });
});

describe('GET /getPromoDetails/{code}', () => {
  it('answers offerPercent for a usable code in any case, {} otherwise', async () => {
    const c = code();
    await generate({ code: c });
    expect((await details(c.toLowerCase())).body).toEqual({ data: { offerPercent: 100 } });
    expect((await details('NOSUCHCODE')).body).toEqual({ data: {} });
    expect((await details('abc')).body).toEqual({ data: {} });
    expect((await details('%00%00%00%00%00%00')).body).toEqual({ data: {} });
    expect((await t.call('GET', `/getPromoDetails/${c}`)).status).toBe(401);
  });

  it('is empty for an expired code, a used-up code, one this user used, and another user’s auto code', async () => {
    const expired = code();
    await generate({ code: expired, validThru: new Date(t.clock.now().getTime() + 1000).toISOString() });
    t.clock.advance(2000);
    expect((await details(expired)).body.data).toEqual({});

    const used = code();
    const created = await generate({ code: used });
    const other = await makeUser(t);
    const [lead] = await t.db
      .insert(leads)
      .values({
        userUid: other.uid,
        domainName: 'used.com',
        status: 'pending',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning();
    const leadUid = lead!.uid;
    await t.db.insert(promoRedemptions).values({
      promoCodeUid: created.body.data.UID,
      userUid: other.uid,
      leadUid,
      createdAt: t.clock.now(),
    });
    expect((await details(used)).body.data).toEqual({});
    expect((await details(used, other)).body.data).toEqual({});

    const [auto] = await t.db
      .insert(promoCodes)
      .values({
        code: code(),
        offerPercent: 100,
        validThru: new Date(t.clock.now().getTime() + day),
        createdUser: 'Auto',
        forUserUid: other.uid,
        createdAt: t.clock.now(),
      })
      .returning();
    expect((await details(auto!.code)).body.data).toEqual({});
    expect((await details(auto!.code, other)).body.data).toEqual({ offerPercent: 100 });
    // Nothing here mails anyone.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).toEqual([]);
  });
});
