/**
 * The checkout over HTTP with the sandbox provider, on the real database: card payments, 3-D Secure,
 * declines, double submits, the webhook (replayed, early, late), and the lead answer after payment.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  leadEvents,
  leads,
  mailOutbox,
  payments,
  paymentWebhookEvents,
  sandboxEvents,
  sandboxPaymentIntents,
  users,
} from '#server/db/schema/index.ts';
import { SANDBOX_WEBHOOK_SECRET } from '#server/lib/payments/sandbox.ts';
import { signPayload } from '#server/lib/payments/signature.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';
import { createSession } from '../auth/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every sandbox event has reached the webhook handler (it is delivered in-process, after the fact). */
const eventsDelivered = () =>
  vi.waitFor(
    async () => {
      const [pending] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxEvents)
        .where(
          sql`${sandboxEvents.id} not in (select ${paymentWebhookEvents.id} from ${paymentWebhookEvents})`,
        );
      expect(pending!.n).toBe(0);
    },
    { timeout: 10_000, interval: 20 },
  );

async function buyerWithLead(domain = 'wanted.com'): Promise<{ u: TestUser; leadUID: string }> {
  const u = await makeUser(t, { role: 'Buyer' });
  const r = await t.call('POST', '/leads', { domainName: domain, offerAmount: '1500' }, u.headers);
  expect(r.status).toBe(200);
  return { u, leadUID: r.body.data.UID };
}
const pay = (u: TestUser, leadUID: string, paymentID = 'pm_card_visa', extra: Record<string, unknown> = {}) =>
  t.call('POST', '/payments', { paymentID, amountPaid: 19.95, leadUID, ...extra }, u.headers);
const paymentsOf = (leadUID: string) =>
  t.db.select().from(payments).where(eq(payments.leadUid, leadUID)).orderBy(asc(payments.createdAt));
const eventTypes = async (leadUID: string) =>
  (
    await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUID)).orderBy(asc(leadEvents.id))
  ).map((e) => e.type);
const mailsTo = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id))).map(
    (m) => m.template,
  );
const intentsFor = (leadUID: string) =>
  t.db
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'leadUID' = ${leadUID}`);

describe('POST /payments with the sandbox', () => {
  it('pays with pm_card_visa: the lead is paid, a broker assigned, receipt and introduction mailed once', async () => {
    const { u, leadUID } = await buyerWithLead();
    const r = await pay(u, leadUID, 'pm_card_visa', { phone: '+1 415 555 0100' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Success! The charge has been approved.');
    expect(r.body.data).toMatchObject({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const lead = r.body.data.lead;
    expect(lead).toMatchObject({ UID: leadUID, status: 'new', phone: '+14155550100' });
    expect(lead.consultant).toMatchObject({ name: 'Bruno Broker' });
    expect(lead.consultant).not.toHaveProperty('email');
    expect(lead.payments).toEqual([
      { UID: expect.any(String), status: 'succeeded', amountPaid: 19.95, createdAt: expect.any(String) },
    ]);
    expect(lead.refundableUntil).toBe(new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString());
    await eventsDelivered();
    const rows = await paymentsOf(leadUID);
    expect(rows).toMatchObject([
      {
        status: 'succeeded',
        amountCents: 1995,
        method: 'sandbox',
        cardLast4: '4242',
        idempotencyKey: `lead:${leadUID}:attempt:1`,
      },
    ]);
    expect(await eventTypes(leadUID)).toEqual(['created', 'updated', 'paid', 'assigned']);
    expect(await mailsTo(u.email)).toEqual(['payment-receipt', 'broker-introduction']);
    const [profile] = await t.db.select().from(users).where(eq(users.uid, u.uid));
    expect(profile?.phone).toBe('+14155550100');
    // Paying again: already done.
    expect(await pay(u, leadUID)).toMatchObject({ status: 409, body: { message: 'Payment already done.' } });
  });

  it('a double submit (parallel requests) charges once and fulfils once', async () => {
    const { u, leadUID } = await buyerWithLead('double.com');
    const answers = await Promise.all([pay(u, leadUID), pay(u, leadUID), pay(u, leadUID)]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers)
      if (a.status !== 200) expect(a.body.message, JSON.stringify(a.body)).toBe('Payment already done.');
    await eventsDelivered();
    expect(await intentsFor(leadUID)).toHaveLength(1);
    expect((await paymentsOf(leadUID)).map((p) => p.status)).toEqual(['succeeded']);
    expect((await eventTypes(leadUID)).filter((e) => e === 'paid')).toHaveLength(1);
    expect(await mailsTo(u.email)).toEqual(['payment-receipt', 'broker-introduction']);
  });

  it('declined and insufficient-funds cards answer 402 with the card text under the card; a new card then pays', async () => {
    const { u, leadUID } = await buyerWithLead('declined.com');
    const declined = await pay(u, leadUID, 'pm_card_chargeDeclined');
    expect(declined).toMatchObject({
      status: 402,
      body: {
        code: 'CARD_DECLINED',
        message: 'Your card was declined.',
        errors: [{ field: 'card', message: 'Your card was declined.' }],
      },
    });
    const poor = await pay(u, leadUID, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(poor).toMatchObject({ status: 402, body: { message: 'Your card has insufficient funds.' } });
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(lead?.status).toBe('pending');
    const ok = await pay(u, leadUID);
    expect(ok.status).toBe(200);
    expect((await paymentsOf(leadUID)).map((p) => [p.status, p.idempotencyKey])).toEqual([
      ['failed', `lead:${leadUID}:attempt:1`],
      ['failed', `lead:${leadUID}:attempt:2`],
      ['succeeded', `lead:${leadUID}:attempt:3`],
    ]);
    await eventsDelivered();
  });

  it('card numbers through the sandbox card form: 4242 pays; 0002 declined; 9995 insufficient funds; bad fields', async () => {
    const card = (number: string, more: Record<string, unknown> = {}) => ({
      number,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      ...more,
    });
    const { u, leadUID } = await buyerWithLead('cards.com');
    const pm = async (number: string) => {
      const r = await t.call('POST', '/sandbox/paymentMethods', card(number), u.headers);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id as string;
    };
    const declined = await pay(u, leadUID, await pm('4000 0000 0000 0002'));
    expect(declined).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } });
    const poor = await pay(u, leadUID, await pm('4000000000009995'));
    expect(poor).toMatchObject({ status: 402, body: { message: 'Your card has insufficient funds.' } });
    const visa = await t.call('POST', '/sandbox/paymentMethods', card('4242424242424242'), u.headers);
    expect(visa.body.data.card).toEqual({ brand: 'visa', last4: '4242' });
    expect((await pay(u, leadUID, visa.body.data.id)).status).toBe(200);

    const wrong = await t.call('POST', '/sandbox/paymentMethods', card('4242424242424241'), u.headers);
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        code: 'CARD_DETAILS_INVALID',
        errors: [{ field: 'number', message: 'Your card number is incorrect.' }],
      },
    });
    const expired = await t.call(
      'POST',
      '/sandbox/paymentMethods',
      card('4242424242424242', { expYear: 2020 }),
      u.headers,
    );
    expect(expired.body.errors).toEqual([
      { field: 'expiry', message: "Your card's expiration year is invalid." },
    ]);
    const cvc = await t.call(
      'POST',
      '/sandbox/paymentMethods',
      card('4242424242424242', { cvc: '1' }),
      u.headers,
    );
    expect(cvc.body.errors).toEqual([{ field: 'cvc', message: "Your card's security code is invalid." }]);
    expect((await t.call('POST', '/sandbox/paymentMethods', card('4242424242424242'))).status).toBe(401);
    await eventsDelivered();
  });

  it('3-D Secure: requires_action, the challenge completed, then /stripeVerification pays once', async () => {
    const { u, leadUID } = await buyerWithLead('secure.com');
    const r = await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringContaining('_secret_'),
    });
    const { paymentIntentId: id, clientSecret } = r.body.data;
    const early = await t.call('POST', '/stripeVerification', { leadUID, id }, u.headers);
    expect(early).toMatchObject({
      status: 402,
      body: { message: 'Payment is not completed, please retry.' },
    });
    const wrongSecret = await t.call(
      'POST',
      `/sandbox/paymentIntents/${id}/authenticate`,
      { clientSecret: 'nope', outcome: 'complete' },
      u.headers,
    );
    expect(wrongSecret.status).toBe(404);
    const auth = await t.call(
      'POST',
      `/sandbox/paymentIntents/${id}/authenticate`,
      { clientSecret, outcome: 'complete' },
      u.headers,
    );
    expect(auth).toMatchObject({ status: 200, body: { data: { status: 'succeeded' } } });
    const verified = await t.call('POST', '/stripeVerification', { leadUID, id }, u.headers);
    expect(verified).toMatchObject({
      status: 200,
      body: {
        message: 'Success! The charge has been approved.',
        data: { status: 'succeeded', lead: { status: 'new' } },
      },
    });
    // Asked again (a reload): the same success, nothing done twice.
    const again = await t.call('POST', '/stripeVerification', { leadUID, id }, u.headers);
    expect(again.status).toBe(200);
    await eventsDelivered();
    expect((await eventTypes(leadUID)).filter((e) => e === 'paid')).toHaveLength(1);
    expect(await mailsTo(u.email)).toEqual(['payment-receipt', 'broker-introduction']);
    // Someone else cannot verify it.
    const other = await makeUser(t, { role: 'Buyer' });
    expect((await t.call('POST', '/stripeVerification', { leadUID, id }, other.headers)).status).toBe(404);
  });

  it('3-D Secure failed: the attempt fails, the lead stays unpaid, a new attempt may pay', async () => {
    const { u, leadUID } = await buyerWithLead('secure-fail.com');
    const r = await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    const { paymentIntentId: id, clientSecret } = r.body.data;
    await t.call(
      'POST',
      `/sandbox/paymentIntents/${id}/authenticate`,
      { clientSecret, outcome: 'fail' },
      u.headers,
    );
    const verified = await t.call('POST', '/stripeVerification', { leadUID, id }, u.headers);
    expect(verified.status).toBe(402);
    await eventsDelivered();
    expect((await paymentsOf(leadUID)).map((p) => p.status)).toEqual(['failed']);
    expect((await pay(u, leadUID)).status).toBe(200);
  });

  it('3-D Secure: a double click on Pay reaches the same PaymentIntent; another card starts a new attempt', async () => {
    const { u, leadUID } = await buyerWithLead('secure-twice.com');
    const a = await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    const b = await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    expect(b.body.data.paymentIntentId).toBe(a.body.data.paymentIntentId);
    expect(await intentsFor(leadUID)).toHaveLength(1);
    const visa = await pay(u, leadUID, 'pm_card_visa');
    expect(visa.status).toBe(200);
    expect((await paymentsOf(leadUID)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    await eventsDelivered();
  });

  it('another card while an attempt is still running waits; an attempt left running by a dead process is abandoned', async () => {
    const { u, leadUID } = await buyerWithLead('stuck.com');
    // An attempt whose request is still running (its row is 'created') with another card.
    await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    await t.db
      .update(payments)
      .set({ status: 'created', createdAt: t.clock.now() })
      .where(eq(payments.leadUid, leadUID));
    expect(await pay(u, leadUID)).toMatchObject({ status: 409, body: { code: 'PAYMENT_IN_PROGRESS' } });
    // Long after, nobody is coming back for it: the new card pays.
    t.clock.advance(5 * 60_000);
    const u2 = { ...u, headers: t.auth(await createSession(t.db, u.uid, t.clock.now(), t.config.session)) };
    expect((await pay(u2, leadUID)).status).toBe(200);
    expect((await paymentsOf(leadUID)).map((p) => [p.status, p.failureCode])).toEqual([
      ['failed', 'abandoned'],
      ['succeeded', null],
    ]);
    await eventsDelivered();
  });

  it('refuses another amount, a missing or foreign lead, an unknown PaymentMethod, investors and staff', async () => {
    const { u, leadUID } = await buyerWithLead('refusals.com');
    const amount = await pay(u, leadUID, 'pm_card_visa', { amountPaid: 1 });
    expect(amount).toMatchObject({
      status: 400,
      body: { message: 'Payment is not completed, please retry.' },
    });
    expect((await pay(u, leadUID, 'pm_card_visa', { amountPaid: '19.95' })).status).toBe(200);
    await eventsDelivered();

    const { u: v, leadUID: other } = await buyerWithLead('refusals2.com');
    expect(await pay(u, other)).toMatchObject({ status: 404, body: { message: 'Lead is not found.' } });
    expect(await pay(v, 'not-a-uuid')).toMatchObject({
      status: 404,
      body: { message: 'Lead is not found.' },
    });
    expect(await pay(v, '')).toMatchObject({
      status: 400,
      body: { message: 'Lead UID is missing. Please refresh the page and try again.' },
    });
    expect(await pay(v, other, 'pm_nope')).toMatchObject({
      status: 400,
      body: { message: 'No such PaymentMethod.' },
    });
    expect(await paymentsOf(other)).toEqual([]);

    const login = async (email: string) =>
      t.auth((await t.call('POST', '/login', { email, password: DEMO_PASSWORD })).body.data.token);
    const body = { paymentID: 'pm_card_visa', amountPaid: 19.95, leadUID: other };
    expect(await t.call('POST', '/payments', body, await login('investor@demo.test'))).toMatchObject({
      status: 403,
      body: { message: 'not allowed, please contact admin' },
    });
    for (const email of ['admin@demo.test', 'broker@demo.test', 'registrar@demo.test'])
      expect(await t.call('POST', '/payments', body, await login(email))).toMatchObject({
        status: 403,
        body: { message: 'please login as user to continue' },
      });
    expect((await t.call('POST', '/payments', body)).status).toBe(401);
  });
});

describe('the webhook (sandbox-signed events)', () => {
  const post = (body: string, signature?: string) =>
    t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    });
  const sign = (body: string) =>
    signPayload(body, SANDBOX_WEBHOOK_SECRET, Math.floor(t.clock.now().getTime() / 1000));

  it('refuses a bad or missing signature with 400, and acknowledges unknown events', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect((await post(body)).status).toBe(400);
    expect((await post(body, 't=1,v1=00')).status).toBe(400);
    expect((await post('{not json', sign('{not json'))).status).toBe(400);
    const ok = await post(body, sign(body));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { received: true, result: 'ignored' } });
  });

  it('a replayed payment_intent.succeeded fulfils once; an event before the answer pays the lead (closed tab)', async () => {
    const { u, leadUID } = await buyerWithLead('webhook.com');
    const r = await pay(u, leadUID, 'pm_card_threeDSecure2Required');
    const { paymentIntentId: id, clientSecret } = r.body.data;
    await t.call(
      'POST',
      `/sandbox/paymentIntents/${id}/authenticate`,
      { clientSecret, outcome: 'complete' },
      u.headers,
    );
    await eventsDelivered();
    // The webhook arrived before any verification: the lead is paid already (the buyer closed the tab).
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(lead?.status).toBe('new');
    // Replays of every stored event change nothing.
    const stored = await t.db.select().from(sandboxEvents);
    for (const e of stored) {
      const res = await post(e.body, sign(e.body));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { result: string } }).data.result).toBe('duplicate');
    }
    // Verification afterwards still answers success.
    const verified = await t.call('POST', '/stripeVerification', { leadUID, id }, u.headers);
    expect(verified.status).toBe(200);
    expect((await eventTypes(leadUID)).filter((e) => e === 'paid')).toHaveLength(1);
    expect(await mailsTo(u.email)).toEqual(['payment-receipt', 'broker-introduction']);
  });

  it('a succeeded event for a payment whose row is missing records it from the metadata and pays the lead', async () => {
    const { u, leadUID } = await buyerWithLead('adopted.com');
    await pay(u, leadUID);
    await eventsDelivered();
    const [ev] = await t.db
      .select()
      .from(sandboxEvents)
      .where(
        and(
          eq(sandboxEvents.type, 'payment_intent.succeeded'),
          sql`${sandboxEvents.body} like ${`%${leadUID}%`}`,
        ),
      );
    // Another lead's state is rebuilt from scratch: forget our rows, reopen the lead, replay under a new id.
    await t.db.delete(payments).where(eq(payments.leadUid, leadUID));
    await t.db
      .update(leads)
      .set({ status: 'pending', paidAt: null, consultantUid: null })
      .where(eq(leads.uid, leadUID));
    const body = ev!.body.replace(/"id":"evt_[^"]+"/, '"id":"evt_adopted_1"');
    const res = await post(body, sign(body));
    expect(((await res.json()) as { data: { result: string } }).data.result).toBe('handled');
    expect((await paymentsOf(leadUID)).map((p) => p.status)).toEqual(['succeeded']);
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(lead?.status).toBe('new');
  });
});

describe('GET /config', () => {
  it('names the sandbox provider in test mode', async () => {
    const r = await t.call('GET', '/config');
    expect(r.body.data.payments).toEqual({ provider: 'sandbox', publishableKey: null, testMode: true });
  });
});
