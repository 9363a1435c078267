/**
 * Refunds over HTTP with the sandbox provider: the buyer's refund in error (7 days, before the broker's
 * first buyer-visible step), the staff refund, concurrent calls, a refund made at the provider.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  leadEvents,
  leads,
  mailOutbox,
  payments,
  paymentWebhookEvents,
  sandboxEvents,
  sandboxRefunds,
  users,
} from '#server/db/schema/index.ts';
import { createSandboxProvider, SANDBOX_WEBHOOK_SECRET } from '#server/lib/payments/sandbox.ts';
import { signPayload } from '#server/lib/payments/signature.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';
import { createSession } from '../auth/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
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

/** A buyer whose lead is paid by card (sandbox, pm_card_visa). */
async function paidLead(domain: string): Promise<{ u: TestUser; leadUID: string; paymentIntentId: string }> {
  const u = await makeUser(t, { role: 'Buyer' });
  const lead = await t.call('POST', '/leads', { domainName: domain, offerAmount: '1500' }, u.headers);
  const leadUID = lead.body.data.UID as string;
  const r = await t.call(
    'POST',
    '/payments',
    { paymentID: 'pm_card_visa', amountPaid: 19.95, leadUID },
    u.headers,
  );
  expect(r.status).toBe(200);
  await eventsDelivered();
  return { u, leadUID, paymentIntentId: r.body.data.paymentIntentId };
}
const refund = (u: TestUser, leadUID: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/leads/${leadUID}/refund`, body, u.headers);
const refundsAtProvider = (pi: string) =>
  t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, pi));
const eventTypes = async (leadUID: string) =>
  (
    await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUID)).orderBy(asc(leadEvents.id))
  ).map((e) => e.type);
const refundMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.to} = ${to} and ${mailOutbox.template} = 'refund-notice'`);
/** Moves the clock on; the user signs in again (sessions end after a while without use). */
async function later(ms: number, u: TestUser) {
  t.clock.advance(ms);
  const token = await createSession(t.db, u.uid, t.clock.now(), t.config.session);
  u.headers = t.auth(token);
}
const login = async (email: string) =>
  t.auth((await t.call('POST', '/login', { email, password: DEMO_PASSWORD })).body.data.token);

describe('the buyer refunds a purchase made in error', () => {
  it('within 7 days: money back once, the lead refunded, who and why recorded, one refund notice', async () => {
    const { u, leadUID, paymentIntentId } = await paidLead('oops.com');
    await later(6 * DAY, u);
    const r = await refund(u, leadUID, { reason: 'Wrong domain' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Your payment has been refunded.');
    expect(r.body.data).toMatchObject({ UID: leadUID, status: 'refunded', refundableUntil: null });
    expect(r.body.data.payments).toMatchObject([{ status: 'refunded', amountPaid: 19.95 }]);
    await eventsDelivered();
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1);
    const [p] = await t.db.select().from(payments).where(eq(payments.leadUid, leadUID));
    expect(p).toMatchObject({
      status: 'refunded',
      refundReason: 'Wrong domain',
      providerRefundId: expect.stringMatching(/^re_/),
    });
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadUid, leadUID))
      .orderBy(asc(leadEvents.id));
    expect(events.map((e) => e.type)).toEqual([
      'created',
      'paid',
      'assigned',
      'refund_requested',
      'refunded',
    ]);
    expect(events.at(-1)).toMatchObject({
      actorUid: u.uid,
      fromStatus: 'new',
      toStatus: 'refunded',
      data: { reason: 'Wrong domain', path: 'buyer' },
    });
    const mails = await refundMails(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('19.95 USD');
    expect(mails[0]!.text).toContain('4242');
    // Again: it is done, nothing more happens.
    expect((await refund(u, leadUID)).status).toBe(200);
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1);
    expect(await refundMails(u.email)).toHaveLength(1);
    // The buyer may start a new lead now.
    const next = await t.call('POST', '/leads', { domainName: 'next.com', offerAmount: '1500' }, u.headers);
    expect(next.body.data.UID).not.toBe(leadUID);
  });

  it('is refused after 7 days, and refundableUntil says so', async () => {
    const { u, leadUID } = await paidLead('late.com');
    const [before] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
    expect(before.refundableUntil).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
    await later(7 * DAY + 1000, u);
    const [after] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
    expect(after.refundableUntil).toBeNull();
    const r = await refund(u, leadUID);
    expect(r).toMatchObject({ status: 409, body: { code: 'REFUND_NOT_ALLOWED' } });
    expect(r.body.message).toContain('7 days');
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(lead?.status).toBe('new');
  });

  it("is refused after the broker's first buyer-visible step (an event, or a market analysis)", async () => {
    const { u, leadUID } = await paidLead('visible.com');
    await t.db
      .insert(leadEvents)
      .values({ leadUid: leadUID, type: 'owner_contacted', createdAt: t.clock.now() });
    const [lead] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
    expect(lead.refundableUntil).toBeNull();
    expect(await refund(u, leadUID)).toMatchObject({ status: 409, body: { code: 'REFUND_NOT_ALLOWED' } });

    const second = await paidLead('analysed.com');
    await t.db
      .update(leads)
      .set({ marketAnalysis: 'Owner holds 40 names.' })
      .where(eq(leads.uid, second.leadUID));
    expect((await refund(second.u, second.leadUID)).status).toBe(409);
  });

  it("refuses someone else's lead and an unpaid one", async () => {
    const { leadUID } = await paidLead('theirs.com');
    const other = await makeUser(t, { role: 'Buyer' });
    expect(await refund(other, leadUID)).toMatchObject({
      status: 404,
      body: { message: 'Lead is not found.' },
    });
    const own = await t.call(
      'POST',
      '/leads',
      { domainName: 'unpaid.com', offerAmount: '1500' },
      other.headers,
    );
    expect((await refund(other, own.body.data.UID)).status).toBe(409);
    expect((await refund(other, 'nope')).status).toBe(404);
  });

  it('concurrent refunds refund once and mail once', async () => {
    const { u, leadUID, paymentIntentId } = await paidLead('racing.com');
    const answers = await Promise.all([refund(u, leadUID), refund(u, leadUID), refund(u, leadUID)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await eventsDelivered();
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1);
    expect((await eventTypes(leadUID)).filter((e) => e === 'refunded')).toHaveLength(1);
    expect((await eventTypes(leadUID)).filter((e) => e === 'refund_requested')).toHaveLength(1);
    expect(await refundMails(u.email)).toHaveLength(1);
  });
});

describe('staff refund (the broker declines the job)', () => {
  it('an Admin refunds any lead; a Consultant only their own; others are refused', async () => {
    const { u, leadUID, paymentIntentId } = await paidLead('declined-job.com');
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    const otherConsultant = await makeUser(t, { role: 'Consultant' });
    const reason = { reason: 'The owner does not sell.' };
    expect(
      (await t.call('POST', `/leads/${leadUID}/staffRefund`, reason, otherConsultant.headers)).status,
    ).toBe(404);
    expect((await t.call('POST', `/leads/${leadUID}/staffRefund`, reason, u.headers)).status).toBe(403);
    expect(
      (await t.call('POST', `/leads/${leadUID}/staffRefund`, {}, await login('admin@demo.test'))).status,
    ).toBe(400);
    // The assigned broker declines (the demo broker took it).
    const [broker] = await t.db.select().from(users).where(eq(users.uid, lead!.consultantUid!));
    const brokerHeaders = await login(broker!.email);
    const r = await t.call('POST', `/leads/${leadUID}/staffRefund`, reason, brokerHeaders);
    expect(r).toMatchObject({ status: 200, body: { data: { status: 'refunded' } } });
    await eventsDelivered();
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1);
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadUid, leadUID))
      .orderBy(asc(leadEvents.id));
    expect(events.at(-1)).toMatchObject({
      type: 'refunded',
      actorUid: broker!.uid,
      data: { path: 'staff', reason: reason.reason },
    });

    // An Admin refunds a lead past the buyer's window.
    const late = await paidLead('admin-refund.com');
    t.clock.advance(30 * DAY);
    const a = await t.call(
      'POST',
      `/leads/${late.leadUID}/staffRefund`,
      reason,
      await login('admin@demo.test'),
    );
    expect(a.status).toBe(200);
    expect(await refundMails(late.u.email)).toHaveLength(1);
  });

  it('a promo-paid lead is refunded without calling the provider', async () => {
    const admin = await login('admin@demo.test');
    const code = `REFUND${Date.now().toString(36).toUpperCase()}`;
    const made = await t.call(
      'POST',
      '/generatePromo',
      { code, offerPercent: 100, validThru: new Date(t.clock.now().getTime() + DAY).toISOString() },
      admin,
    );
    expect(made.status).toBe(200);
    const u = await makeUser(t, { role: 'Buyer' });
    const lead = await t.call(
      'POST',
      '/leads',
      { domainName: 'promo-refund.com', offerAmount: '1500' },
      u.headers,
    );
    const leadUID = lead.body.data.UID;
    expect((await t.call('POST', '/paymentUsingPromoCode', { code, leadUID }, u.headers)).status).toBe(200);
    const before = await t.db.select().from(sandboxRefunds);
    const r = await refund(u, leadUID);
    expect(r).toMatchObject({ status: 200, body: { data: { status: 'refunded' } } });
    expect(await t.db.select().from(sandboxRefunds)).toHaveLength(before.length);
    expect(await refundMails(u.email)).toHaveLength(1);
  });
});

describe('a refund made at the provider (charge.refunded)', () => {
  it('completes the bookkeeping once: payment and lead refunded, the buyer told', async () => {
    const { u, leadUID, paymentIntentId } = await paidLead('dashboard-refund.com');
    // Staff refunded it in the provider's dashboard: a provider of our own, whose event we deliver.
    const delivered: { body: string; signature: string }[] = [];
    const outside = createSandboxProvider({
      db: t.db,
      now: t.clock.now,
      onEvent: (body, signature) => delivered.push({ body, signature }),
    });
    await outside.refund({ paymentId: paymentIntentId, idempotencyKey: 'dashboard-1' });
    expect(delivered.map((d) => JSON.parse(d.body).type)).toEqual(['charge.refunded']);
    const post = () =>
      t.app.request('/api/webhooks/stripe', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(
            delivered[0]!.body,
            SANDBOX_WEBHOOK_SECRET,
            Math.floor(t.clock.now().getTime() / 1000),
          ),
        },
        body: delivered[0]!.body,
      });
    expect(((await (await post()).json()) as { data: { result: string } }).data.result).toBe('handled');
    expect(((await (await post()).json()) as { data: { result: string } }).data.result).toBe('duplicate');
    const [lead] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(lead?.status).toBe('refunded');
    expect(await refundMails(u.email)).toHaveLength(1);
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadUid, leadUID))
      .orderBy(asc(leadEvents.id));
    expect(events.at(-1)).toMatchObject({ type: 'refunded', actorUid: null, data: { path: 'provider' } });
  });
});
