/**
 * One contract, two providers: the sandbox over the test database, and the Stripe adapter (real
 * stripe-node) against a local stand-in of Stripe's API. Both must give the checkout the same answers.
 */
import { INITIAL_FEE_CENTS } from '@domain-broker/shared/pricing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#server/test/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '#server/test/stripe-standin.ts';
import { createSandboxProvider, type SandboxPaymentProvider } from './sandbox.ts';
import { signPayload, verifySignature } from './signature.ts';
import { createStripeProvider } from './stripe.ts';
import {
  CardDetailsError,
  type Payment,
  PaymentMethodNotFoundError,
  PaymentNotFoundError,
  type PaymentProvider,
  PaymentRequestError,
  WebhookSignatureError,
} from './types.ts';

const WEBHOOK_SECRET = 'whsec_test_contract';
const stripeNode = new Stripe('sk_test_only_for_the_header_helper');
let keySeq = 0;
const key = (label: string) => `${label}-${process.pid}-${++keySeq}`;
const fee = (metadata: Record<string, string> = { leadUID: 'lead-1' }) => ({
  amountCents: INITIAL_FEE_CENTS,
  description: 'Domain Broker initial fee',
  metadata,
});
const wide = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 3_600_000) };

interface Harness {
  provider: PaymentProvider;
  /** Completes or fails the 3-D Secure challenge of a requires_action payment. */
  authenticate(p: Payment, outcome: 'complete' | 'fail'): Promise<void>;
  /** How many charges were really made. */
  charges(): Promise<number>;
}

let tdb: TestDatabase;
let standIn: StripeStandIn;
let sandbox: SandboxPaymentProvider;
const harnesses: Record<'sandbox' | 'stripe', Harness> = {} as never;

beforeAll(async () => {
  tdb = await createTestDatabase({ migrated: true });
  await tdb.database.migrate();
  standIn = await startStripeStandIn();
  sandbox = createSandboxProvider({ db: tdb.database.db, webhookSecret: WEBHOOK_SECRET });
  harnesses.sandbox = {
    provider: sandbox,
    authenticate: async (p, outcome) => {
      await sandbox.authenticate(p.id, p.clientSecret as string, outcome);
    },
    charges: async () => (await sandbox.listLedger(wide)).filter((l) => l.kind === 'payment').length,
  };
  harnesses.stripe = {
    provider: createStripeProvider({
      secretKey: 'sk_test_standin',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standIn.url,
      // stripe-node waits between retries; the stand-in answers at once.
      maxNetworkRetries: 2,
    }),
    authenticate: async (p, outcome) => standIn.authenticate(p.id, outcome),
    charges: async () => standIn.charges(),
  };
});

afterAll(async () => {
  await standIn?.close();
  await tdb?.drop();
});

describe.each(['sandbox', 'stripe'] as const)('%s provider', (name) => {
  const h = () => harnesses[name];

  it('charges the fee with a test card and reads the payment back', async () => {
    const p = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: key('ok'),
    });
    expect(p).toMatchObject({
      status: 'succeeded',
      amountCents: 1995,
      currency: 'usd',
      card: { brand: 'visa', last4: '4242' },
      metadata: { leadUID: 'lead-1' },
    });
    expect(p.id).toMatch(/^pi_/);
    expect(p.lastError).toBeUndefined();
    expect(p.clientSecret).toBeUndefined();
    expect(await h().provider.retrievePayment(p.id)).toMatchObject({
      id: p.id,
      status: 'succeeded',
      amountCents: 1995,
    });
  });

  it('never charges twice for one idempotency key, even in parallel', async () => {
    const before = await h().charges();
    const k = key('double');
    const input = { ...fee({ leadUID: 'lead-double' }), paymentMethodId: 'pm_card_visa', idempotencyKey: k };
    const [a, b] = await Promise.all([h().provider.createPayment(input), h().provider.createPayment(input)]);
    const c = await h().provider.createPayment(input);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await h().charges()).toBe(before + 1);
    // The same key with other parameters is refused, as Stripe does.
    await expect(h().provider.createPayment({ ...input, amountCents: 2500 })).rejects.toMatchObject({
      code: 'idempotency_error',
    });
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', undefined, 'Your card has expired.'],
  ])(
    'answers a refused card (%s) with the reason, charging nothing',
    async (pm, code, declineCode, message) => {
      const before = await h().charges();
      const p = await h().provider.createPayment({
        ...fee(),
        paymentMethodId: pm,
        idempotencyKey: key('declined'),
      });
      expect(p.status).toBe('requires_payment_method');
      expect(p.lastError).toEqual({ code, ...(declineCode ? { declineCode } : {}), message });
      expect(await h().charges()).toBe(before);
    },
  );

  it("refuses a PaymentMethod it does not know with Stripe's 'No such PaymentMethod'", async () => {
    const err = await h()
      .provider.createPayment({ ...fee(), paymentMethodId: 'pm_nothing_here', idempotencyKey: key('nopm') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentMethodNotFoundError);
    expect((err as Error).message).toMatch(/^No such PaymentMethod/);
  });

  it('asks for 3-D Secure, then succeeds once the card holder completes it', async () => {
    const p = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_threeDSecure2Required',
      idempotencyKey: key('3ds'),
    });
    expect(p.status).toBe('requires_action');
    expect(p.clientSecret).toMatch(new RegExp(`^${p.id}_secret_`));
    await h().authenticate(p, 'complete');
    expect(await h().provider.retrievePayment(p.id)).toMatchObject({ status: 'succeeded' });
  });

  it('ends a failed 3-D Secure challenge in requires_payment_method', async () => {
    const p = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_authenticationRequired',
      idempotencyKey: key('3ds-fail'),
    });
    await h().authenticate(p, 'fail');
    const after = await h().provider.retrievePayment(p.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.lastError?.code).toBe('payment_intent_authentication_failure');
  });

  it('refunds once: the same key answers the same refund, another key the existing one', async () => {
    const p = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: key('paid'),
    });
    const k = key('refund');
    const [r1, r2] = await Promise.all([
      h().provider.refund({ paymentId: p.id, idempotencyKey: k, reason: 'requested_by_customer' }),
      h().provider.refund({ paymentId: p.id, idempotencyKey: k, reason: 'requested_by_customer' }),
    ]);
    expect(r1).toMatchObject({ paymentId: p.id, amountCents: 1995, status: 'succeeded' });
    expect(r2.id).toBe(r1.id);
    const r3 = await h().provider.refund({ paymentId: p.id, idempotencyKey: key('refund-again') });
    expect(r3.id).toBe(r1.id);
    const refunds = (await h().provider.listLedger(wide)).filter(
      (l) => l.kind === 'refund' && l.paymentId === p.id,
    );
    expect(refunds).toHaveLength(1);
  });

  it('refuses to refund a payment that did not succeed, and one that does not exist', async () => {
    const declined = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_chargeDeclined',
      idempotencyKey: key('declined-refund'),
    });
    await expect(
      h().provider.refund({ paymentId: declined.id, idempotencyKey: key('r') }),
    ).rejects.toBeInstanceOf(PaymentRequestError);
    await expect(
      h().provider.refund({ paymentId: 'pi_missing', idempotencyKey: key('r') }),
    ).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(h().provider.retrievePayment('pi_missing')).rejects.toBeInstanceOf(PaymentNotFoundError);
  });

  it("lists the period's payments, refunds and fees", async () => {
    const p = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_mastercard',
      idempotencyKey: key('ledger'),
    });
    await h().provider.refund({ paymentId: p.id, idempotencyKey: key('ledger-refund') });
    const lines = (await h().provider.listLedger(wide)).filter((l) => l.paymentId === p.id);
    expect(lines.map((l) => [l.kind, l.amountCents, l.feeCents, l.netCents])).toEqual([
      ['payment', 1995, 88, 1907], // 2.9% of 19.95 is 0.58, plus 0.30
      ['refund', -1995, 0, -1995],
    ]);
    const all = await h().provider.listLedger(wide);
    expect(all.map((l) => l.created.getTime())).toEqual(
      [...all.map((l) => l.created.getTime())].sort((a, b) => a - b),
    );
    expect(
      await h().provider.listLedger({ from: new Date('2020-01-01'), to: new Date('2020-02-01') }),
    ).toEqual([]);
  });

  it("accepts a webhook signed as Stripe signs it (stripe-node's test header) and refuses anything else", async () => {
    const p = await h().provider.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: key('hook'),
    });
    const payload = JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: p.id,
          object: 'payment_intent',
          amount: 1995,
          currency: 'usd',
          status: 'succeeded',
          created: 1,
          metadata: { leadUID: 'lead-1' },
        },
      },
    });
    const header = stripeNode.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const event = await h().provider.verifyWebhook(payload, header);
    expect(event).toMatchObject({
      id: 'evt_test_1',
      type: 'payment_intent.succeeded',
      payment: { id: p.id, status: 'succeeded', metadata: { leadUID: 'lead-1' } },
    });

    const refundPayload = JSON.stringify({
      id: 'evt_test_2',
      object: 'event',
      created: 1,
      type: 'charge.refunded',
      data: {
        object: { id: 'ch_1', object: 'charge', payment_intent: p.id, amount: 1995, amount_refunded: 1995 },
      },
    });
    const refunded = await h().provider.verifyWebhook(
      refundPayload,
      stripeNode.webhooks.generateTestHeaderString({ payload: refundPayload, secret: WEBHOOK_SECRET }),
    );
    expect(refunded.refunded).toEqual({ paymentId: p.id, amountRefundedCents: 1995 });

    const bad = [
      [payload.replace('1995', '1'), header],
      [payload, undefined],
      [payload, 'garbage'],
      [payload, stripeNode.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })],
      [
        payload,
        stripeNode.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      ],
    ] as const;
    for (const [body, sig] of bad)
      await expect(h().provider.verifyWebhook(body, sig)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('stripe adapter', () => {
  it('retries a failed request with the same idempotency key and charges once', async () => {
    const provider = harnesses.stripe.provider;
    const before = standIn.charges();
    const from = standIn.requests.length;
    standIn.failNext(1);
    const k = key('retry');
    const p = await provider.createPayment({ ...fee(), paymentMethodId: 'pm_card_visa', idempotencyKey: k });
    expect(p.status).toBe('succeeded');
    expect(standIn.charges()).toBe(before + 1);
    const tries = standIn.requests.slice(from).filter((r) => r.path === '/v1/payment_intents');
    expect(tries.length).toBe(2);
    expect(tries.every((r) => r.idempotencyKey === k)).toBe(true);
    // What stripe-node sent: the fixed amount, our metadata, confirmation in one call.
    expect(tries[0]?.form).toMatchObject({
      amount: '1995',
      currency: 'usd',
      confirm: 'true',
      'metadata[leadUID]': 'lead-1',
    });
  });

  it("lists the period's ledger page by page (stripe-node's auto-pagination), charges and refunds only", async () => {
    const small = createStripeProvider({
      secretKey: 'sk_test_standin',
      webhookSecret: undefined,
      apiUrl: standIn.url,
      ledgerPageSize: 2,
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await small.createPayment({
        ...fee(),
        paymentMethodId: 'pm_card_visa',
        idempotencyKey: key('page'),
      });
      ids.push(p.id);
    }
    await small.refund({ paymentId: ids[0] as string, idempotencyKey: key('page-refund') });
    const from = standIn.requests.length;
    const lines = await small.listLedger(wide);
    const mine = lines.filter((l) => ids.includes(l.paymentId ?? ''));
    expect(mine.map((l) => l.kind).sort()).toEqual(['payment', 'payment', 'payment', 'refund']);
    // Every line of the period, whatever the page size: the same as one big page.
    expect(lines.map((l) => l.id)).toEqual(
      (await harnesses.stripe.provider.listLedger(wide)).map((l) => l.id),
    );
    const asked = standIn.requests.slice(from).filter((r) => r.path === '/v1/balance_transactions');
    expect(asked.length).toBeGreaterThan(2);
    expect(new Set(asked.map((r) => r.query.type))).toEqual(new Set(['charge', 'refund']));
    expect(asked.some((r) => r.query.starting_after)).toBe(true);
  });

  it('reports a Stripe that cannot be reached as unavailable, for the caller to retry', async () => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: undefined,
      apiUrl: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
    });
    await expect(provider.retrievePayment('pi_1')).rejects.toMatchObject({
      name: 'PaymentProviderUnavailableError',
    });
    await expect(provider.verifyWebhook('{}', 't=1,v1=00')).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('is in test mode with a test key only', () => {
    expect(createStripeProvider({ secretKey: 'sk_test_1', webhookSecret: undefined }).testMode).toBe(true);
    expect(createStripeProvider({ secretKey: 'sk_live_1', webhookSecret: undefined }).testMode).toBe(false);
  });
});

describe('sandbox', () => {
  const nextYear = new Date().getUTCFullYear() + 1;

  it.each([
    ['4242 4242 4242 4242', 'succeeded', undefined],
    ['4000 0000 0000 0002', 'requires_payment_method', 'generic_decline'],
    ['4000 0000 0000 9995', 'requires_payment_method', 'insufficient_funds'],
    ['4000 0025 0000 3155', 'requires_action', undefined],
    ['4000 0027 6000 3184', 'requires_action', undefined],
    ['4111 1111 1111 1111', 'requires_payment_method', 'live_mode_test_card'],
  ])('pays with the card form: %s → %s', async (number, status, declineCode) => {
    const pm = await sandbox.createPaymentMethod({ number, expMonth: 12, expYear: nextYear, cvc: '123' });
    expect(pm.card.last4).toBe(number.replace(/\s/g, '').slice(-4));
    const p = await sandbox.createPayment({ ...fee(), paymentMethodId: pm.id, idempotencyKey: key('form') });
    expect(p.status).toBe(status);
    expect(p.lastError?.declineCode).toBe(declineCode);
  });

  it('insufficient funds after 3-D Secure (4000 0082 6000 3178)', async () => {
    const pm = await sandbox.createPaymentMethod({
      number: '4000008260003178',
      expMonth: 1,
      expYear: nextYear,
      cvc: '123',
    });
    const p = await sandbox.createPayment({ ...fee(), paymentMethodId: pm.id, idempotencyKey: key('3178') });
    const after = await sandbox.authenticate(p.id, p.clientSecret as string, 'complete');
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      lastError: { declineCode: 'insufficient_funds' },
    });
    // The challenge answers once; a second answer changes nothing.
    expect((await sandbox.authenticate(p.id, p.clientSecret as string, 'complete')).status).toBe(
      'requires_payment_method',
    );
    await expect(sandbox.authenticate(p.id, 'wrong_secret', 'complete')).rejects.toBeInstanceOf(
      PaymentNotFoundError,
    );
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'number', 'Your card number is incorrect.'],
    [{ number: '42' }, 'number', 'Your card number is incorrect.'],
    [{ expMonth: 13 }, 'expiry', "Your card's expiration month is invalid."],
    [{ expYear: 2020 }, 'expiry', "Your card's expiration year is invalid."],
    [{ cvc: '12' }, 'cvc', "Your card's security code is invalid."],
    [{ number: '378282246310005', cvc: '123' }, 'cvc', "Your card's security code is invalid."],
  ])('puts a bad card detail under its field: %o', async (change, field, message) => {
    const err = await sandbox
      .createPaymentMethod({
        number: '4242424242424242',
        expMonth: 12,
        expYear: nextYear,
        cvc: '123',
        ...change,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CardDetailsError);
    expect(err).toMatchObject({ field, message });
  });

  it('keeps its state in the database: a second process sees the same payments and keys', async () => {
    const other = createSandboxProvider({ db: tdb.database.db, webhookSecret: WEBHOOK_SECRET });
    const k = key('shared');
    const p = await sandbox.createPayment({ ...fee(), paymentMethodId: 'pm_card_visa', idempotencyKey: k });
    expect((await other.retrievePayment(p.id)).status).toBe('succeeded');
    expect(
      (await other.createPayment({ ...fee(), paymentMethodId: 'pm_card_visa', idempotencyKey: k })).id,
    ).toBe(p.id);
    const r = await other.refund({ paymentId: p.id, idempotencyKey: key('shared-refund') });
    expect((await sandbox.refund({ paymentId: p.id, idempotencyKey: key('shared-refund-2') })).id).toBe(r.id);
  });

  it('emits signed Stripe-shaped events that its own webhook check accepts', async () => {
    const events: { body: string; signature: string }[] = [];
    const emitting = createSandboxProvider({
      db: tdb.database.db,
      webhookSecret: WEBHOOK_SECRET,
      onEvent: (body, signature) => events.push({ body, signature }),
    });
    const p = await emitting.createPayment({
      ...fee({ leadUID: 'lead-events' }),
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: key('ev'),
    });
    await emitting.createPayment({
      ...fee(),
      paymentMethodId: 'pm_card_chargeDeclined',
      idempotencyKey: key('ev-declined'),
    });
    await emitting.refund({ paymentId: p.id, idempotencyKey: key('ev-refund') });
    const parsed = await Promise.all(events.map((e) => emitting.verifyWebhook(e.body, e.signature)));
    expect(parsed.map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'charge.refunded',
    ]);
    expect(parsed[0]?.payment).toMatchObject({
      id: p.id,
      status: 'succeeded',
      metadata: { leadUID: 'lead-events' },
    });
    expect(parsed[2]?.refunded).toEqual({ paymentId: p.id, amountRefundedCents: 1995 });
    // stripe-node accepts the sandbox's signatures too: one scheme.
    const first = events[0] as { body: string; signature: string };
    expect(stripeNode.webhooks.constructEvent(first.body, first.signature, WEBHOOK_SECRET).id).toBe(
      parsed[0]?.id,
    );
  });
});

describe('webhook signatures', () => {
  it("match stripe-node's, and refuse old, tampered or unsigned payloads", () => {
    const payload = '{"id":"evt_1"}';
    const t = 1_800_000_000;
    expect(signPayload(payload, 'whsec_x', t)).toBe(
      stripeNode.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x', timestamp: t }),
    );
    const header = signPayload(payload, 'whsec_x', t);
    expect(() => verifySignature(payload, header, 'whsec_x', t + 300)).not.toThrow();
    expect(() =>
      verifySignature(payload, `t=${t},v1=00,${header.split(',')[1]}`, 'whsec_x', t),
    ).not.toThrow();
    expect(() => verifySignature(payload, header, 'whsec_x', t + 301)).toThrow(/tolerance/);
    expect(() => verifySignature(payload, header, 'whsec_x', t + 3600, 0)).not.toThrow();
    expect(() => verifySignature(`${payload} `, header, 'whsec_x', t)).toThrow(WebhookSignatureError);
    expect(() => verifySignature(payload, header, 'whsec_y', t)).toThrow(WebhookSignatureError);
    expect(() => verifySignature(payload, `t=${t}`, 'whsec_x', t)).toThrow(/extract/);
    expect(() => verifySignature(payload, 'v1=abc', 'whsec_x', t)).toThrow(/extract/);
    expect(() => verifySignature(payload, '', 'whsec_x', t)).toThrow(WebhookSignatureError);
  });
});
