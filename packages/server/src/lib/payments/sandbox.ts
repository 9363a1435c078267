/**
 * The sandbox provider: Stripe's PaymentIntent flow with Stripe's test-card behaviours, offline, its
 * state in our database (so several server processes agree). It is the default when no Stripe key is
 * configured, and the portal labels it TEST MODE. Its webhook events are signed the way Stripe signs
 * them and carry Stripe's JSON, so the checkout's webhook path is the same for both providers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#server/db/client.ts';
import {
  type SandboxPaymentError,
  sandboxEvents,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
} from '#server/db/schema/index.ts';
import type { Clock } from '../clock.ts';
import { DEFAULT_TOLERANCE_SECONDS, signPayload, verifySignature } from './signature.ts';
import { eventFromStripe, paymentFromStripe, refundFromStripe } from './stripe-objects.ts';
import {
  AUTHENTICATION_FAILED,
  brandOf,
  DECLINES,
  luhnValid,
  type Scenario,
  scenarioFromKey,
  scenarioKey,
  TEST_CARDS,
  TEST_PAYMENT_METHODS,
} from './test-cards.ts';
import {
  CardDetailsError,
  type CreatePaymentInput,
  type LedgerLine,
  type Payment,
  type PaymentEvent,
  PaymentMethodNotFoundError,
  PaymentNotFoundError,
  type PaymentProvider,
  PaymentRequestError,
  type PeriodQuery,
  type Refund,
  type RefundInput,
} from './types.ts';

/**
 * The sandbox's own fee rule, so the reconciliation has fees to show: Stripe's standard US card price,
 * 2.9% of the payment (rounded to the cent) plus 30 cents; a refund costs nothing and gives no fee back.
 * Nothing is charged: it is the sandbox's label for what a live provider would keep.
 */
export const SANDBOX_FEE = { percent: 2.9, fixedCents: 30 } as const;
/** Used to sign the sandbox's webhook events when STRIPE_WEBHOOK_SECRET is not set. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_not_secret';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The sandbox card form's PaymentMethod (Stripe.js does this in the browser for Stripe). */
  createPaymentMethod(card: CardDetails): Promise<{ id: string; card: { brand: string; last4: string } }>;
  /** The 3-D Secure challenge page's answer: Complete or Fail. Needs the payment's client secret. */
  authenticate(paymentId: string, clientSecret: string, outcome: 'complete' | 'fail'): Promise<Payment>;
  /** The `Stripe-Signature` header for a body, as Stripe would sign it. */
  sign(body: string): string;
}

export interface SandboxOptions {
  db: Db;
  now?: Clock;
  webhookSecret?: string;
  toleranceSeconds?: number;
  /** Called with each event's body and signature after the change is stored (the checkout delivers it
   *  to its webhook handler). Errors are the callee's to handle. */
  onEvent?: (body: string, signature: string) => void;
}

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type RefundRow = typeof sandboxRefunds.$inferSelect;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The row as Stripe's PaymentIntent JSON. */
function intentJson(row: IntentRow): Stripe.PaymentIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    amount_received: row.status === 'succeeded' ? row.amount : 0,
    currency: 'usd',
    status: row.status,
    client_secret: row.clientSecret,
    created: seconds(row.createdAt),
    description: row.description,
    livemode: false,
    metadata: row.metadata,
    last_payment_error: row.lastError
      ? {
          type: 'card_error',
          code: row.lastError.code,
          decline_code: row.lastError.declineCode,
          message: row.lastError.message,
        }
      : null,
    payment_method: {
      id: row.paymentMethodId,
      object: 'payment_method',
      card: { brand: row.brand, last4: row.last4 },
    },
  } as unknown as Stripe.PaymentIntent;
}

function refundJson(row: RefundRow): Stripe.Refund {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amount,
    currency: 'usd',
    payment_intent: row.paymentIntentId,
    status: row.status,
    reason: row.reason,
    created: seconds(row.createdAt),
  } as unknown as Stripe.Refund;
}

const hashOf = (input: CreatePaymentInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.amountCents,
        input.paymentMethodId,
        input.description ?? null,
        Object.entries(input.metadata).sort(),
      ]),
    )
    .digest('hex');

/** Status and error after the card's outcome applies. */
function settle(outcome: Scenario['outcome']): { status: string; lastError: SandboxPaymentError | null } {
  return outcome.kind === 'succeed'
    ? { status: 'succeeded', lastError: null }
    : { status: 'requires_payment_method', lastError: outcome.error };
}

export function createSandboxProvider(options: SandboxOptions): SandboxPaymentProvider {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const secret = options.webhookSecret ?? SANDBOX_WEBHOOK_SECRET;

  async function emit(type: string, object: unknown): Promise<void> {
    const created = now();
    const eventId = id('evt');
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: 'sandbox',
      created: seconds(created),
      livemode: false,
      type,
      data: { object },
    });
    await db.insert(sandboxEvents).values({ id: eventId, type, body, createdAt: created });
    options.onEvent?.(body, signPayload(body, secret, seconds(now())));
  }

  async function emitFor(row: IntentRow): Promise<void> {
    if (row.status === 'succeeded') await emit('payment_intent.succeeded', intentJson(row));
    else if (row.status === 'requires_payment_method')
      await emit('payment_intent.payment_failed', intentJson(row));
    else if (row.status === 'requires_action') await emit('payment_intent.requires_action', intentJson(row));
  }

  async function findMethod(pmId: string): Promise<{ scenario: Scenario; last4: string } | undefined> {
    const known = TEST_PAYMENT_METHODS[pmId];
    if (known) return { scenario: known, last4: known.last4 };
    const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, pmId));
    return row ? { scenario: scenarioFromKey(row.scenario, row.brand), last4: row.last4 } : undefined;
  }

  async function intent(paymentId: string): Promise<IntentRow> {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentId));
    if (!row) throw new PaymentNotFoundError(paymentId);
    return row;
  }

  return {
    name: 'sandbox',
    testMode: true,

    async createPaymentMethod(card) {
      const digits = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
        throw new CardDetailsError('Your card number is incorrect.', 'incorrect_number', 'number');
      if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
        throw new CardDetailsError(
          "Your card's expiration month is invalid.",
          'invalid_expiry_month',
          'expiry',
        );
      const today = now();
      const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
      if (
        !Number.isInteger(year) ||
        year * 12 + card.expMonth - 1 < thisMonth ||
        year > today.getUTCFullYear() + 50
      )
        throw new CardDetailsError(
          "Your card's expiration year is invalid.",
          'invalid_expiry_year',
          'expiry',
        );
      const amex = brandOf(digits) === 'amex';
      if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc))
        throw new CardDetailsError("Your card's security code is invalid.", 'invalid_cvc', 'cvc');
      const scenario: Scenario = TEST_CARDS[digits] ?? {
        brand: brandOf(digits),
        authenticate: false,
        outcome: DECLINES.liveCard,
      };
      const pm = {
        id: id('pm'),
        brand: scenario.brand,
        last4: digits.slice(-4),
        scenario: scenarioKey(scenario),
      };
      await db.insert(sandboxPaymentMethods).values(pm);
      return { id: pm.id, card: { brand: pm.brand, last4: pm.last4 } };
    },

    async createPayment(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 50)
        throw new PaymentRequestError('Amount must be at least $0.50 usd', 'amount_too_small');
      const requestHash = hashOf(input);
      const replay = async () => {
        const [row] = await db
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey));
        if (!row) return undefined;
        if (row.requestHash !== requestHash)
          throw new PaymentRequestError(
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            'idempotency_error',
          );
        return paymentFromStripe(intentJson(row));
      };
      const earlier = await replay();
      if (earlier) return earlier;
      const method = await findMethod(input.paymentMethodId);
      if (!method) throw new PaymentMethodNotFoundError(input.paymentMethodId);
      const { scenario } = method;
      const piId = id('pi');
      const created = now();
      const state = scenario.authenticate
        ? { status: 'requires_action', lastError: null }
        : settle(scenario.outcome);
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id: piId,
          idempotencyKey: input.idempotencyKey,
          requestHash,
          amount: input.amountCents,
          status: state.status,
          paymentMethodId: input.paymentMethodId,
          brand: scenario.brand,
          last4: method.last4,
          scenario: scenarioKey(scenario),
          clientSecret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
          lastError: state.lastError,
          metadata: input.metadata,
          description: input.description ?? null,
          createdAt: created,
          succeededAt: state.status === 'succeeded' ? created : null,
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      // Another request with the same key got there first: answer what it created.
      if (!row) return (await replay()) as Payment;
      await emitFor(row);
      return paymentFromStripe(intentJson(row));
    },

    async authenticate(paymentId, clientSecret, outcome) {
      const current = await intent(paymentId);
      if (current.clientSecret !== clientSecret) throw new PaymentNotFoundError(paymentId);
      const scenario = scenarioFromKey(current.scenario, current.brand);
      const state =
        outcome === 'complete'
          ? settle(scenario.outcome)
          : { status: 'requires_payment_method', lastError: AUTHENTICATION_FAILED };
      const at = now();
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set({
          status: state.status,
          lastError: state.lastError,
          succeededAt: state.status === 'succeeded' ? at : null,
        })
        .where(
          and(eq(sandboxPaymentIntents.id, paymentId), eq(sandboxPaymentIntents.status, 'requires_action')),
        )
        .returning();
      if (!row) return paymentFromStripe(intentJson(await intent(paymentId)));
      await emitFor(row);
      return paymentFromStripe(intentJson(row));
    },

    async retrievePayment(paymentId) {
      return paymentFromStripe(intentJson(await intent(paymentId)));
    },

    async refund(input: RefundInput): Promise<Refund> {
      const result = await db.transaction(async (tx) => {
        // The payment's row lock orders refunds of one payment: the second sees the first.
        const [pi] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, input.paymentId))
          .for('update');
        if (!pi) throw new PaymentNotFoundError(input.paymentId);
        const [same] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
        if (same) {
          if (same.paymentIntentId !== input.paymentId)
            throw new PaymentRequestError(
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              'idempotency_error',
            );
          return { row: same, created: false };
        }
        if (pi.status !== 'succeeded')
          throw new PaymentRequestError(
            `This PaymentIntent (${input.paymentId}) does not have a successful charge to refund.`,
            'charge_not_refundable',
          );
        const earlier = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentIntentId, input.paymentId))
          .orderBy(asc(sandboxRefunds.createdAt));
        const refunded = earlier.reduce((sum, r) => sum + (r.status === 'succeeded' ? r.amount : 0), 0);
        const remaining = pi.amount - refunded;
        const amount = input.amountCents ?? remaining;
        if (remaining === 0 && earlier[0]) return { row: earlier[0], created: false };
        if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining)
          throw new PaymentRequestError(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
            'amount_too_large',
          );
        const [row] = await tx
          .insert(sandboxRefunds)
          .values({
            id: id('re'),
            idempotencyKey: input.idempotencyKey,
            paymentIntentId: input.paymentId,
            amount,
            status: 'succeeded',
            reason: input.reason ?? null,
            createdAt: now(),
          })
          .returning();
        return { row: row as RefundRow, created: true, pi, total: refunded + amount };
      });
      if (result.created && 'pi' in result && result.pi) {
        await emit('charge.refunded', {
          id: `ch_${result.pi.id.slice(3)}`,
          object: 'charge',
          amount: result.pi.amount,
          amount_refunded: result.total,
          refunded: result.total === result.pi.amount,
          payment_intent: result.pi.id,
          currency: 'usd',
        });
      }
      return refundFromStripe(refundJson(result.row));
    },

    sign(body: string): string {
      return signPayload(body, secret, seconds(now()));
    },

    async verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
      verifySignature(
        rawBody,
        signature,
        secret,
        seconds(now()),
        options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      );
      return eventFromStripe(JSON.parse(rawBody) as Stripe.Event);
    },

    async listLedger(period: PeriodQuery): Promise<LedgerLine[]> {
      const payments = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(
          and(
            gte(sandboxPaymentIntents.succeededAt, period.from),
            lt(sandboxPaymentIntents.succeededAt, period.to),
          ),
        );
      const refunds = await db
        .select()
        .from(sandboxRefunds)
        .where(
          and(
            gte(sandboxRefunds.createdAt, period.from),
            lt(sandboxRefunds.createdAt, period.to),
            eq(sandboxRefunds.status, 'succeeded'),
          ),
        );
      const lines: LedgerLine[] = [
        ...payments.map((p) => {
          const fee = Math.round((p.amount * SANDBOX_FEE.percent) / 100) + SANDBOX_FEE.fixedCents;
          return {
            id: `txn_${p.id.slice(3)}`,
            kind: 'payment' as const,
            paymentId: p.id,
            amountCents: p.amount,
            feeCents: fee,
            netCents: p.amount - fee,
            created: p.succeededAt as Date,
            ...(p.description ? { description: p.description } : {}),
          };
        }),
        ...refunds.map((r) => ({
          id: `txn_${r.id.slice(3)}`,
          kind: 'refund' as const,
          paymentId: r.paymentIntentId,
          amountCents: -r.amount,
          feeCents: 0,
          netCents: -r.amount,
          created: r.createdAt,
        })),
      ];
      return lines.sort((a, b) => a.created.getTime() - b.created.getTime() || a.id.localeCompare(b.id));
    },
  };
}
