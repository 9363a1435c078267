/**
 * The Stripe provider: stripe-node (its pinned API version) behind our PaymentProvider interface.
 * Tests point it at a local stand-in of Stripe's API (`apiUrl`), never at the network. stripe-node is
 * loaded on first use: importing it costs most of a second, which a sandbox deployment never pays.
 */
import type Stripe from 'stripe';
import type { Clock } from '../clock.ts';
import { eventFromStripe, paymentFromStripe, refundFromStripe } from './stripe-objects.ts';
import {
  type CreatePaymentInput,
  type LedgerLine,
  type Payment,
  type PaymentEvent,
  PaymentMethodNotFoundError,
  PaymentNotFoundError,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRequestError,
  type PeriodQuery,
  type Refund,
  type RefundInput,
  WebhookSignatureError,
} from './types.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another API base (the tests' stand-in), e.g. http://127.0.0.1:4010. Defaults to https://api.stripe.com. */
  apiUrl?: string;
  now?: Clock;
  /** Webhook signature tolerance in seconds (Stripe's default 300). */
  toleranceSeconds?: number;
  /** Network retries stripe-node makes itself (with our idempotency key, so never a double charge). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Balance transactions asked for per page (Stripe's maximum, 100, by default; the tests page smaller). */
  ledgerPageSize?: number;
}

function connection(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Network and Stripe-side failures become "unavailable, retry with the same key"; the rest pass through. */
function unavailable(S: typeof Stripe, err: unknown): never {
  if (
    err instanceof S.errors.StripeConnectionError ||
    err instanceof S.errors.StripeAPIError ||
    err instanceof S.errors.StripeRateLimitError
  )
    throw new PaymentProviderUnavailableError('The payment provider could not be reached', { cause: err });
  if (err instanceof S.errors.StripeIdempotencyError)
    throw new PaymentRequestError(err.message, 'idempotency_error');
  if (err instanceof S.errors.StripeInvalidRequestError)
    throw new PaymentRequestError(err.message, err.code ?? 'invalid_request');
  throw err;
}

const isMissing = (S: typeof Stripe, err: unknown) =>
  err instanceof S.errors.StripeInvalidRequestError && err.code === 'resource_missing';

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  let loading: Promise<{ S: typeof Stripe; stripe: Stripe }> | undefined;
  const load = () => {
    loading ??= import('stripe').then(({ default: S }) => ({
      S,
      stripe: new S(options.secretKey, {
        ...connection(options.apiUrl),
        maxNetworkRetries: options.maxNetworkRetries ?? 2,
        timeout: options.timeoutMs ?? 30_000,
        telemetry: false,
        appInfo: { name: 'domain-broker' },
      }),
    }));
    return loading;
  };
  const testMode = options.secretKey.startsWith('sk_test_') || options.secretKey.startsWith('rk_test_');

  return {
    name: 'stripe',
    testMode,

    async createPayment(input: CreatePaymentInput): Promise<Payment> {
      const { S, stripe } = await load();
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            payment_method: input.paymentMethodId,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            ...(input.description ? { description: input.description } : {}),
            metadata: input.metadata,
            expand: ['payment_method'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return paymentFromStripe(pi);
      } catch (err) {
        // A refused card: Stripe answers 402 with the PaymentIntent it left in requires_payment_method.
        if (err instanceof S.errors.StripeCardError && err.payment_intent)
          return paymentFromStripe(err.payment_intent as Stripe.PaymentIntent, err);
        if (
          err instanceof S.errors.StripeInvalidRequestError &&
          err.code === 'resource_missing' &&
          err.param === 'payment_method'
        )
          throw new PaymentMethodNotFoundError(input.paymentMethodId);
        return unavailable(S, err);
      }
    },

    async retrievePayment(id: string): Promise<Payment> {
      const { S, stripe } = await load();
      try {
        return paymentFromStripe(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
      } catch (err) {
        if (isMissing(S, err)) throw new PaymentNotFoundError(id);
        return unavailable(S, err);
      }
    },

    async refund(input: RefundInput): Promise<Refund> {
      const { S, stripe } = await load();
      try {
        const r = await stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
            ...(input.reason ? { reason: input.reason } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return refundFromStripe(r);
      } catch (err) {
        if (err instanceof S.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
          const existing = await stripe.refunds.list({ payment_intent: input.paymentId, limit: 10 });
          const done = existing.data.find((r) => r.status === 'succeeded' || r.status === 'pending');
          if (done) return refundFromStripe(done);
        }
        if (isMissing(S, err)) throw new PaymentNotFoundError(input.paymentId);
        return unavailable(S, err);
      }
    },

    async verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      const { stripe } = await load();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          options.webhookSecret,
          options.toleranceSeconds,
          undefined,
          now().getTime(),
        );
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
      }
      return eventFromStripe(event);
    },

    async listLedger(period: PeriodQuery): Promise<LedgerLine[]> {
      const { S, stripe } = await load();
      const created = {
        gte: Math.floor(period.from.getTime() / 1000),
        lt: Math.ceil(period.to.getTime() / 1000),
      };
      const lines: LedgerLine[] = [];
      try {
        // One list per type: card charges and their refunds are what the checkout creates; payouts,
        // transfers and Stripe's own fees are not money the reconciliation compares. stripe-node pages
        // on by itself (`for await` follows has_more with starting_after).
        for (const type of ['charge', 'refund'] as const) {
          for await (const bt of stripe.balanceTransactions.list({
            created,
            type,
            limit: options.ledgerPageSize ?? 100,
            expand: ['data.source'],
          })) {
            const source = bt.source as { payment_intent?: string | { id: string } | null } | string | null;
            const pi = typeof source === 'object' && source ? source.payment_intent : undefined;
            const paymentId = typeof pi === 'string' ? pi : pi?.id;
            lines.push({
              id: bt.id,
              kind: type === 'charge' ? 'payment' : 'refund',
              ...(paymentId ? { paymentId } : {}),
              amountCents: bt.amount,
              feeCents: bt.fee,
              netCents: bt.net,
              created: new Date(bt.created * 1000),
              ...(bt.description ? { description: bt.description } : {}),
            });
          }
        }
      } catch (err) {
        return unavailable(S, err);
      }
      return lines.sort((a, b) => a.created.getTime() - b.created.getTime() || a.id.localeCompare(b.id));
    },
  };
}
