/**
 * GET /reconciliation on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): our payments
 * table against the sandbox's ledger, with rows written here so every total and every kind of mismatch
 * is known; the same through the Stripe adapter against the local Stripe stand-in; who may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, payments, sandboxPaymentIntents, sandboxRefunds } from '#server/db/schema/index.ts';
import { createStripeProvider } from '#server/lib/payments/stripe.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '#server/test/stripe-standin.ts';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin' });
  buyer = await makeUser(t, { role: 'Buyer' });
});
afterAll(() => t?.close());

const at = (iso: string) => new Date(iso);
let seq = 0;

/** A lead and our payment row for it. */
async function ours(
  app: TestApp,
  userUid: string,
  p: {
    pi: string | null;
    amountCents?: number;
    status: 'succeeded' | 'refunded' | 'failed';
    method?: string;
    succeededAt?: Date | null;
    refundedAt?: Date | null;
  },
) {
  const now = app.clock.now();
  const [lead] = await app.db
    .insert(leads)
    .values({
      userUid,
      domainName: `recon-${++seq}.com`,
      // closed, so one buyer can hold many (one open lead per buyer)
      status: p.status === 'refunded' ? 'refunded' : 'sold',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ uid: leads.uid });
  await app.db.insert(payments).values({
    leadUid: lead!.uid,
    userUid,
    method: p.method ?? 'sandbox',
    providerPaymentId: p.pi,
    status: p.status,
    amountCents: p.amountCents ?? 1995,
    providerRefundId: p.refundedAt && p.pi ? `re_${p.pi.slice(3)}` : null,
    createdAt: p.succeededAt ?? now,
    updatedAt: now,
    succeededAt: p.succeededAt ?? null,
    refundedAt: p.refundedAt ?? null,
  });
}

/** A payment in the sandbox's own ledger (what the sandbox provider reports). */
async function sandboxPaid(pi: string, amount: number, succeededAt: Date, refundedAt?: Date) {
  await t.db.insert(sandboxPaymentIntents).values({
    id: pi,
    idempotencyKey: `key-${pi}`,
    requestHash: 'test',
    amount,
    status: 'succeeded',
    paymentMethodId: 'pm_card_visa',
    brand: 'visa',
    last4: '4242',
    scenario: 'test',
    clientSecret: `${pi}_secret`,
    metadata: {},
    createdAt: succeededAt,
    succeededAt,
  });
  if (refundedAt)
    await t.db.insert(sandboxRefunds).values({
      id: `re_${pi.slice(3)}`,
      idempotencyKey: `refund-${pi}`,
      paymentIntentId: pi,
      amount,
      status: 'succeeded',
      createdAt: refundedAt,
    });
}

describe('GET /reconciliation (sandbox)', () => {
  beforeAll(async () => {
    const u = buyer.uid;
    // matched: paid on both sides
    await ours(t, u, { pi: 'pi_match', status: 'succeeded', succeededAt: at('2026-01-05T10:00:00Z') });
    await sandboxPaid('pi_match', 1995, at('2026-01-05T10:00:01Z'));
    // matched: paid and refunded in the month on both sides
    await ours(t, u, {
      pi: 'pi_refunded',
      status: 'refunded',
      succeededAt: at('2026-01-06T10:00:00Z'),
      refundedAt: at('2026-01-08T10:00:00Z'),
    });
    await sandboxPaid('pi_refunded', 1995, at('2026-01-06T10:00:00Z'), at('2026-01-08T10:00:00Z'));
    // ours only
    await ours(t, u, { pi: 'pi_ours_only', status: 'succeeded', succeededAt: at('2026-01-07T10:00:00Z') });
    // the provider's only
    await sandboxPaid('pi_provider_only', 1995, at('2026-01-09T10:00:00Z'));
    // amounts differ
    await ours(t, u, { pi: 'pi_amount', status: 'succeeded', succeededAt: at('2026-01-10T10:00:00Z') });
    await sandboxPaid('pi_amount', 2500, at('2026-01-10T10:00:00Z'));
    // the provider took the money; our record says the card failed
    await ours(t, u, { pi: 'pi_failed_here', status: 'failed' });
    await sandboxPaid('pi_failed_here', 1995, at('2026-01-11T10:00:00Z'));
    // never compared: a promo payment (no provider) and last month's payment
    await ours(t, u, {
      pi: null,
      method: 'promo',
      amountCents: 0,
      status: 'succeeded',
      succeededAt: at('2026-01-05T00:00:00Z'),
    });
    await ours(t, u, { pi: 'pi_december', status: 'succeeded', succeededAt: at('2025-12-31T23:59:59Z') });
    await sandboxPaid('pi_december', 1995, at('2025-12-31T23:59:59Z'));
  });

  describe('the current month by default', () => {
    type Line = Record<string, unknown> & { paymentId: string; kind: string; mismatch?: string };
    let status: number;
    // biome-ignore lint/suspicious/noExplicitAny: the answer is read as loose JSON
    let d: any;
    beforeAll(async () => {
      const r = await t.call('GET', '/reconciliation', undefined, admin.headers);
      status = r.status;
      d = r.body.data;
    });

    /** A mismatch of a payment: its type, its id and the amount on each side. */
    const MISMATCH = (type: string, paymentId: string, ours: string | null, provider: string | null) => ({
      type,
      kind: 'payment',
      paymentId,
      ours,
      provider,
    });

    it('answers both sides, their totals and every mismatch', () => {
      expect(status).toBe(200);
      expect(d).toMatchObject({
        month: '2026-01',
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-02-01T00:00:00.000Z',
        provider: { name: 'sandbox', testMode: true },
        matched: 3,
      });
      // ours: four payments of 19.95, one refund; fees as the provider reported them for our lines
      // (2.9% + 30 cents: 0.88 on 19.95, 1.03 on 25.00; none for the line it does not know)
      expect(d.ours.totals).toEqual({
        gross: '79.80',
        refunds: '19.95',
        fees: '2.79',
        net: '57.06',
        payments: 4,
        refundCount: 1,
      });
      expect(d.reported.totals).toEqual({
        gross: '104.80',
        refunds: '19.95',
        fees: '4.55',
        net: '80.30',
        payments: 5,
        refundCount: 1,
      });
      expect(d.ours.lines.map((l: Line) => l.paymentId)).not.toContain('pi_december');
      expect(d.mismatches).toEqual(
        expect.arrayContaining([
          MISMATCH('missing_at_provider', 'pi_ours_only', '19.95', null),
          MISMATCH('missing_in_ours', 'pi_provider_only', null, '19.95'),
          MISMATCH('amount_differs', 'pi_amount', '19.95', '25.00'),
          { ...MISMATCH('status_differs', 'pi_failed_here', null, '19.95'), ourStatus: 'failed' },
        ]),
      );
      expect(d.mismatches).toHaveLength(4);
      // oldest first on both sides
      const times = d.reported.lines.map((l: { at: string }) => l.at);
      expect(times).toEqual([...times].sort());
    });

    /** One row per line: what it shows, its side, payment and kind, what it says, and its mismatch. */
    const LINES: [
      shows: string,
      side: 'ours' | 'reported',
      paymentId: string,
      kind: string,
      says: Record<string, unknown>,
      mismatch?: string,
    ][] = [
      [
        'paid on both sides: matched, with the fee the provider reported',
        'ours',
        'pi_match',
        'payment',
        {
          amount: '19.95',
          fee: '0.88',
          net: '19.07',
          status: 'succeeded',
          domainName: expect.stringMatching(/^recon-\d+\.com$/),
        },
      ],
      [
        'refunded in the month on both sides',
        'ours',
        'pi_refunded',
        'refund',
        { amount: '-19.95', fee: '0.00' },
      ],
      ['ours only: no fee', 'ours', 'pi_ours_only', 'payment', { fee: null }, 'missing_at_provider'],
      ["the provider's only", 'reported', 'pi_provider_only', 'payment', {}, 'missing_in_ours'],
      [
        'amounts differ: the provider side',
        'reported',
        'pi_amount',
        'payment',
        { amount: '25.00' },
        'amount_differs',
      ],
      ['amounts differ: our side', 'ours', 'pi_amount', 'payment', { amount: '19.95' }, 'amount_differs'],
      [
        'the provider took the money; our card failed',
        'reported',
        'pi_failed_here',
        'payment',
        {},
        'status_differs',
      ],
    ];

    it.each(LINES)('%s', (_shows, side, paymentId, kind, says, mismatch) => {
      const line = (d[side].lines as Line[]).find((l) => l.paymentId === paymentId && l.kind === kind);
      expect(line).toMatchObject(says);
      expect(line?.mismatch).toBe(mismatch);
    });
  });

  it('answers a past month on its own, and one with nothing in it as empty', async () => {
    const dec = await t.call('GET', '/reconciliation?month=2025-12', undefined, admin.headers);
    expect(dec.status).toBe(200);
    expect(dec.body.data.matched).toBe(1);
    expect(dec.body.data.mismatches).toEqual([]);
    expect(dec.body.data.ours.totals.gross).toBe('19.95');
    const empty = await t.call('GET', '/reconciliation?month=2024-03', undefined, admin.headers);
    expect(empty.body.data).toMatchObject({
      matched: 0,
      mismatches: [],
      ours: { lines: [], totals: { gross: '0.00', net: '0.00' } },
      reported: { lines: [] },
    });
  });

  it('refuses a future month and a month that is not one, with a clear message', async () => {
    const future = await t.call('GET', '/reconciliation?month=2026-02', undefined, admin.headers);
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Reconciliation is not available for future months.',
      errors: [{ field: 'month' }],
    });
    for (const bad of ['2026-13', '2026-1', 'january', '2026-01-01'])
      expect(
        (await t.call('GET', `/reconciliation?month=${bad}`, undefined, admin.headers)).body.message,
      ).toBe('Please choose a month as YYYY-MM.');
    const unknown = await t.call('GET', '/reconciliation?limit=1', undefined, admin.headers);
    expect(unknown).toMatchObject({ status: 400, body: { code: 'UNKNOWN_FIELD' } });
  });

  it('is for admins only', async () => {
    const who = {
      admin: admin.headers,
      consultant: (await makeUser(t, { role: 'Consultant' })).headers,
      privilegedConsultant: (
        await makeUser(t, {
          role: 'Consultant',
          privileges: {
            ChangeAppraisedDomainValues: true,
            ChangeCategoryValues: true,
            AppraisalSearchUnLimit: true,
          },
        })
      ).headers,
      registrar: (await makeUser(t, { role: 'Registrar' })).headers,
      buyer: buyer.headers,
      seller: (await makeUser(t, { role: 'Seller' })).headers,
      guest: {},
    };
    const statuses: Record<string, number> = {};
    for (const [name, headers] of Object.entries(who))
      statuses[name] = (await t.call('GET', '/reconciliation', undefined, headers)).status;
    expect(statuses).toEqual({
      admin: 200,
      consultant: 403,
      privilegedConsultant: 403,
      registrar: 403,
      buyer: 403,
      seller: 403,
      guest: 401,
    });
  });
});

describe('GET /reconciliation (Stripe, through the local stand-in)', () => {
  let standIn: StripeStandIn;
  let s: TestApp;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    s = await createTestApp({
      deps: {
        payments: createStripeProvider({
          secretKey: 'sk_test_recon',
          webhookSecret: undefined,
          apiUrl: standIn.url,
        }),
      },
    });
    // The stand-in stamps its lines with the real time: this app's clock starts there too.
    s.clock.t = Date.now();
  });
  afterAll(async () => {
    await standIn?.close();
    await s?.close();
  });

  it("matches our rows with Stripe's balance transactions and flags what differs", async () => {
    const a = await makeUser(s, { role: 'Admin' });
    const b = await makeUser(s, { role: 'Buyer' });
    const stripe = createStripeProvider({
      secretKey: 'sk_test_recon',
      webhookSecret: undefined,
      apiUrl: standIn.url,
    });
    const pay = (k: string) =>
      stripe.createPayment({
        amountCents: 1995,
        paymentMethodId: 'pm_card_visa',
        idempotencyKey: k,
        metadata: {},
      });
    const p1 = await pay('recon-1');
    const p2 = await pay('recon-2');
    const now = new Date();
    await ours(s, b.uid, { pi: p1.id, method: 'stripe', status: 'succeeded', succeededAt: now });
    await ours(s, b.uid, { pi: 'pi_not_at_stripe', method: 'stripe', status: 'succeeded', succeededAt: now });
    // a sandbox payment is not compared with Stripe's list
    await ours(s, b.uid, { pi: 'pi_sandbox_era', method: 'sandbox', status: 'succeeded', succeededAt: now });
    const r = await s.call('GET', '/reconciliation', undefined, a.headers);
    expect(r.status).toBe(200);
    expect(r.body.data.provider).toEqual({ name: 'stripe', testMode: true });
    expect(r.body.data.matched).toBe(1);
    expect(r.body.data.ours.totals).toMatchObject({ gross: '39.90', fees: '0.88', payments: 2 });
    expect(r.body.data.reported.totals).toMatchObject({ gross: '39.90', fees: '1.76', net: '38.14' });
    expect(
      r.body.data.mismatches.map((m: { type: string; paymentId: string }) => [m.type, m.paymentId]).sort(),
    ).toEqual([
      ['missing_at_provider', 'pi_not_at_stripe'],
      ['missing_in_ours', p2.id],
    ]);
    const asked = standIn.requests.filter((q) => q.path === '/v1/balance_transactions');
    expect(asked.map((q) => q.query.type).sort()).toEqual(['charge', 'refund']);
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    const down = await createTestApp({
      deps: {
        payments: createStripeProvider({
          secretKey: 'sk_test_recon',
          webhookSecret: undefined,
          apiUrl: 'http://127.0.0.1:9',
          maxNetworkRetries: 0,
        }),
      },
    });
    try {
      const a = await makeUser(down, { role: 'Admin' });
      const r = await down.call('GET', '/reconciliation', undefined, a.headers);
      expect(r.status).toBe(503);
      expect(r.body.message).toBe(
        'The payment provider cannot be reached right now. Please try again in a few minutes.',
      );
    } finally {
      await down.close();
    }
  });
});
