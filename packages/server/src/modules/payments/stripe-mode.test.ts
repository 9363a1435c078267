/**
 * The checkout in Stripe mode: stripe-node against the local Stripe stand-in (src/test/stripe-standin.ts),
 * webhooks signed with stripe-node's own test-header helper.
 */
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leads, mailOutbox, payments } from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '#server/test/stripe-standin.ts';

const WEBHOOK_SECRET = 'whsec_checkout_test';
const stripeNode = new Stripe('sk_test_only_for_the_header_helper');
let t: TestApp;
let standIn: StripeStandIn;
let seq = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function buyerWithLead(): Promise<{ u: TestUser; leadUID: string }> {
  const u = await makeUser(t, { role: 'Buyer' });
  const r = await t.call(
    'POST',
    '/leads',
    { domainName: `stripe${++seq}.com`, offerAmount: '2500' },
    u.headers,
  );
  return { u, leadUID: r.body.data.UID };
}
const pay = (u: TestUser, leadUID: string, paymentID = 'pm_card_visa') =>
  t.call('POST', '/payments', { paymentID, amountPaid: 19.95, leadUID }, u.headers);
/** Stripe's event for the intent as it stands in the stand-in, signed the way Stripe signs it. */
const deliver = async (eventId: string, type: string, intentId: string) => {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: standIn.intents.get(intentId) },
  });
  const res = await t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeNode.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { data?: { result: string } } };
};
const paidEvents = async (leadUID: string) =>
  (
    await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUID)).orderBy(asc(leadEvents.id))
  ).filter((e) => e.type === 'paid');
const receipts = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .then((rows) => rows.filter((m) => m.template === 'payment-receipt'));

describe('Stripe mode (stripe-node against the stand-in)', () => {
  it('GET /config names Stripe with the publishable key; the sandbox routes are not mounted', async () => {
    const r = await t.call('GET', '/config');
    expect(r.body.data.payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
      testMode: true,
    });
    const u = await makeUser(t, { role: 'Buyer' });
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
    expect((await t.call('POST', '/sandbox/paymentMethods', card, u.headers)).status).toBe(404);
  });

  it('pays with a PaymentMethod; the webhook then, and its replay, change nothing', async () => {
    const before = standIn.charges();
    const { u, leadUID } = await buyerWithLead();
    const r = await pay(u, leadUID);
    expect(r).toMatchObject({ status: 200, body: { message: 'Success! The charge has been approved.' } });
    expect(r.body.data.lead).toMatchObject({
      status: 'new',
      payments: [{ status: 'succeeded', amountPaid: 19.95 }],
    });
    const id = r.body.data.paymentIntentId as string;
    const sent = standIn.requests.find((q) => q.path === '/v1/payment_intents' && q.method === 'POST');
    expect(sent?.idempotencyKey).toBe(`lead:${leadUID}:attempt:1`);
    expect(sent?.form.amount).toBe('1995');
    expect((await deliver('evt_paid_1', 'payment_intent.succeeded', id)).body.data?.result).toBe('handled');
    expect((await deliver('evt_paid_1', 'payment_intent.succeeded', id)).body.data?.result).toBe('duplicate');
    expect(standIn.charges()).toBe(before + 1);
    expect(await paidEvents(leadUID)).toHaveLength(1);
    expect(await receipts(u.email)).toHaveLength(1);
  });

  it('a double submit charges once', async () => {
    const before = standIn.charges();
    const { u, leadUID } = await buyerWithLead();
    const answers = await Promise.all([pay(u, leadUID), pay(u, leadUID)]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers) if (a.status !== 200) expect(a.body.message).toBe('Payment already done.');
    expect(standIn.charges()).toBe(before + 1);
    expect(await paidEvents(leadUID)).toHaveLength(1);
  });

  it('3-D Secure: the webhook arrives before the verification; the verification still answers success once', async () => {
    const { u, leadUID } = await buyerWithLead();
    const r = await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    expect(r.body.data).toMatchObject({ status: 'requires_action', clientSecret: expect.any(String) });
    const id = r.body.data.paymentIntentId as string;
    standIn.authenticate(id, 'complete');
    expect((await deliver('evt_3ds_1', 'payment_intent.succeeded', id)).body.data?.result).toBe('handled');
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(lead?.status).toBe('new');
    const verified = await t.call('POST', '/stripeVerification', { leadUID, id }, u.headers);
    expect(verified).toMatchObject({
      status: 200,
      body: { data: { status: 'succeeded', lead: { status: 'new' } } },
    });
    expect(await paidEvents(leadUID)).toHaveLength(1);
    expect(await receipts(u.email)).toHaveLength(1);
  });

  it('declines answer 402 with Stripe’s text; payment_failed marks the attempt failed', async () => {
    const { u, leadUID } = await buyerWithLead();
    const r = await pay(u, leadUID, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(r).toMatchObject({
      status: 402,
      body: {
        code: 'CARD_DECLINED',
        errors: [{ field: 'card', message: 'Your card has insufficient funds.' }],
      },
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.leadUid, leadUID));
    expect(row).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect(
      (await deliver('evt_failed_1', 'payment_intent.payment_failed', row!.providerPaymentId!)).status,
    ).toBe(200);
    expect(await pay(u, leadUID, 'pm_nope')).toMatchObject({
      status: 400,
      body: { message: 'No such PaymentMethod.' },
    });
  });

  it('Stripe unavailable: 503 with a retry message, nothing written; the retry pays once', async () => {
    const before = standIn.charges();
    const { u, leadUID } = await buyerWithLead();
    standIn.failNext(10);
    const r = await pay(u, leadUID);
    expect(r).toMatchObject({ status: 503, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE' } });
    expect(r.body.message).toContain('try again');
    expect(await t.db.select().from(payments).where(eq(payments.leadUid, leadUID))).toEqual([]);
    standIn.failNext(0);
    expect((await pay(u, leadUID)).status).toBe(200);
    expect(standIn.charges()).toBe(before + 1);
  }, 30_000);

  it('a buyer refund goes to Stripe once with the payment’s key', async () => {
    const { u, leadUID } = await buyerWithLead();
    const r = await pay(u, leadUID);
    const refunds = () => standIn.requests.filter((q) => q.path === '/v1/refunds');
    const n = refunds().length;
    const [a, b] = await Promise.all([
      t.call('POST', `/leads/${leadUID}/refund`, {}, u.headers),
      t.call('POST', `/leads/${leadUID}/refund`, {}, u.headers),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await t.db.select().from(payments).where(eq(payments.leadUid, leadUID));
    const sent = refunds().slice(n);
    expect(new Set(sent.map((q) => q.idempotencyKey))).toEqual(new Set([`refund:${row!.uid}`]));
    expect(row).toMatchObject({ status: 'refunded', providerPaymentId: r.body.data.paymentIntentId });
  });
});
