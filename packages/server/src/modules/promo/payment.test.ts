/**
 * POST /paymentUsingPromoCode over HTTP on the real database (PGlite by default; PostgreSQL with
 * TEST_DATABASE_URL, where the parallel redemptions really run in parallel).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, mailOutbox, payments, promoCodes, promoRedemptions, users } from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: TestUser;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin', firstName: 'Ada' });
});
afterAll(() => t.close());

const day = 86_400_000;
const newCode = async (body: Record<string, unknown> = {}) => {
  const code = `PAYPROMO${++seq}${Math.random().toString(36).slice(2, 6)}`;
  const r = await t.call(
    'POST',
    '/generatePromo',
    {
      code,
      offerPercent: 100,
      validThru: new Date(t.clock.now().getTime() + 7 * day).toISOString(),
      ...body,
    },
    admin.headers,
  );
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { code, uid: r.body.data.UID as string };
};
/** A buyer with a pending lead. */
const buyerWithLead = async (domainName = `promo-${++seq}.com`) => {
  const user = await makeUser(t, { role: 'Buyer' });
  const r = await t.call('POST', '/leads', { domainName, offerAmount: '1500' }, user.headers);
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { user, leadUID: r.body.data.UID as string };
};
const pay = (user: TestUser, code: string, leadUID: string) =>
  t.call('POST', '/paymentUsingPromoCode', { code, leadUID }, user.headers);
const paymentsOf = (leadUid: string) => t.db.select().from(payments).where(eq(payments.leadUid, leadUid));
const usesOf = (promoUid: string) =>
  t.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeUid, promoUid));
const statusOf = async (leadUid: string) =>
  (await t.db.select({ s: leads.status }).from(leads).where(eq(leads.uid, leadUid)))[0]?.s;

describe('POST /paymentUsingPromoCode', () => {
  it('pays the lead with no card: a promo payment of 0, the use, the lead paid and the receipt queued', async () => {
    const { code, uid } = await newCode();
    const { user, leadUID } = await buyerWithLead();
    const r = await t.call(
      'POST',
      '/paymentUsingPromoCode',
      { code: code.toLowerCase(), leadUID, phone: '+1 415 555 0111' },
      user.headers,
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Success! The charge has been approved.');
    expect(r.body.data).toMatchObject({
      status: 'succeeded',
      paymentIntentId: '',
      lead: { UID: leadUID, status: 'new' },
    });
    expect(r.body.data.lead.paidAt).toBeTruthy();
    expect(r.body.data.lead.phone).toBe('+14155550111');
    const [profile] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.uid, user.uid));
    expect(profile?.phone).toBe('+14155550111');
    expect(await paymentsOf(leadUID)).toMatchObject([
      { method: 'promo', amountCents: 0, status: 'succeeded', promoCodeUid: uid, providerPaymentId: null },
    ]);
    expect(await usesOf(uid)).toMatchObject([{ userUid: user.uid, leadUid: leadUID }]);
    expect(await t.lastMail(user.email, 'payment-receipt')).toBeDefined();
    const again = await pay(user, code, leadUID);
    expect([again.status, again.body.message]).toEqual([409, 'Payment already done.']);
    // The staff list shows the use.
    const list = await t.call('GET', '/promoCode?pageLimit=100', undefined, admin.headers);
    const listed = list.body.data.promoCodeList.find((p: { UID: string }) => p.UID === uid);
    expect(listed.promoDetails).toMatchObject([{ userUID: user.uid, leadUID }]);
  });

  it('refuses expired, unknown and used codes with the catalogue texts and leaves nothing behind', async () => {
    const expired = await newCode({ validThru: new Date(t.clock.now().getTime() + 1000).toISOString() });
    t.clock.advance(2000);
    const { user, leadUID } = await buyerWithLead();
    const r = await pay(user, expired.code, leadUID);
    expect([r.status, r.body.message, r.body.code]).toEqual([400, 'Promo code is expired', 'PROMO_EXPIRED']);
    const unknown = await pay(user, 'NOSUCHCODE', leadUID);
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Promo code is invalid']);
    const short = await pay(user, 'abc', leadUID);
    expect([short.status, short.body.message]).toEqual([400, 'please enter a valid promo code']);
    expect(await statusOf(leadUID)).toBe('pending');
    expect(await paymentsOf(leadUID)).toEqual([]);
    expect(await usesOf(expired.uid)).toEqual([]);
  });

  it('a code used by this user before answers "You have used this promo code already"', async () => {
    const { code, uid } = await newCode({ reUsableCount: 5 });
    const { user, leadUID } = await buyerWithLead();
    expect((await pay(user, code, leadUID)).status).toBe(200);
    // The first purchase was refunded; the buyer starts a new lead and tries the same code.
    await t.db.update(leads).set({ status: 'refunded' }).where(eq(leads.uid, leadUID));
    const second = await t.call(
      'POST',
      '/leads',
      { domainName: 'second-try.com', offerAmount: '900' },
      user.headers,
    );
    expect(second.status).toBe(200);
    const r = await pay(user, code, second.body.data.UID);
    expect([r.status, r.body.message]).toEqual([400, 'You have used this promo code already']);
    expect(await usesOf(uid)).toHaveLength(1);
  });

  it('a code reusable 3 times pays three buyers; the fourth gets "Promo code is already used"', async () => {
    const { code, uid } = await newCode({ reUsableCount: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const { user, leadUID } = await buyerWithLead();
      answers.push((await pay(user, code, leadUID)).body.message);
    }
    expect(answers).toEqual([
      'Success! The charge has been approved.',
      'Success! The charge has been approved.',
      'Success! The charge has been approved.',
      'Promo code is already used',
    ]);
    expect(await usesOf(uid)).toHaveLength(3);
  });

  it('twenty parallel redemptions of a single-use code by twenty buyers succeed exactly once', async () => {
    const { code, uid } = await newCode();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWithLead()));
    const answers = await Promise.all(buyers.map((b) => pay(b.user, code, b.leadUID)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.message)).toEqual(
      Array(19).fill('Promo code is already used'),
    );
    expect(await usesOf(uid)).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.promoCodeUid, uid))).toHaveLength(1);
    const paid = await Promise.all(buyers.map((b) => statusOf(b.leadUID)));
    expect(paid.filter((s) => s === 'new')).toHaveLength(1);
    expect(paid.filter((s) => s === 'pending')).toHaveLength(19);
  });

  it("refuses someone else's lead, staff, investors and another user's automatic code", async () => {
    const { code } = await newCode({ reUsableCount: 10 });
    const owner = await buyerWithLead();
    const stranger = await makeUser(t, { role: 'Buyer' });
    const r = await pay(stranger, code, owner.leadUID);
    expect([r.status, r.body.message]).toEqual([404, 'Lead is not found.']);
    expect((await pay(stranger, code, 'not-a-uuid')).body.message).toBe('Lead is not found.');
    expect((await pay(stranger, code, '')).body.message).toBe(
      'Lead UID is missing. Please refresh the page and try again.',
    );
    const broker = await makeUser(t, { role: 'Consultant' });
    expect((await pay(broker, code, owner.leadUID)).body.message).toBe('please login as user to continue');
    const investor = await makeUser(t, { role: 'Buyer' });
    await t.db.update(users).set({ userInterested: 'Investor' }).where(eq(users.uid, investor.uid));
    expect((await pay(investor, code, owner.leadUID)).body.message).toBe('not allowed, please contact admin');
    expect((await t.call('POST', '/paymentUsingPromoCode', { code, leadUID: owner.leadUID })).status).toBe(
      401,
    );

    const [auto] = await t.db
      .insert(promoCodes)
      .values({
        code: `AUTOX${++seq}ABCD`,
        offerPercent: 100,
        validThru: new Date(t.clock.now().getTime() + day),
        createdUser: 'Auto',
        forUserUid: stranger.uid,
        createdAt: t.clock.now(),
      })
      .returning();
    const other = await pay(owner.user, auto!.code, owner.leadUID);
    expect([other.status, other.body.message]).toEqual([400, 'Promo code is invalid']);
    expect(await statusOf(owner.leadUID)).toBe('pending');
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, owner.user.email), eq(mailOutbox.template, 'payment-receipt'))),
    ).toEqual([]);
  });
});
