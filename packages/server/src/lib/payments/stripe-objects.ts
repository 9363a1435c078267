/**
 * Stripe's JSON objects (PaymentIntent, Refund, Event) to our types. Shared by the Stripe adapter and
 * the sandbox, whose events carry the same JSON Stripe's webhooks do. Types only: no stripe-node at
 * run time here.
 */
import type Stripe from 'stripe';
import type { Payment, PaymentError, PaymentEvent, PaymentStatus, Refund } from './types.ts';

const STATUSES: readonly PaymentStatus[] = [
  'succeeded',
  'requires_action',
  'requires_payment_method',
  'requires_confirmation',
  'processing',
  'canceled',
];

type ErrorLike = { code?: string | null; decline_code?: string | null; message?: string | null };

export function paymentFromStripe(pi: Stripe.PaymentIntent, error?: ErrorLike | null): Payment {
  const status = STATUSES.includes(pi.status as PaymentStatus)
    ? (pi.status as PaymentStatus)
    : 'requires_payment_method';
  const pm = typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method : undefined;
  const e = error ?? pi.last_payment_error;
  const lastError: PaymentError | undefined =
    e && status !== 'succeeded'
      ? {
          code: e.code ?? 'card_declined',
          ...(e.decline_code ? { declineCode: e.decline_code } : {}),
          message: e.message ?? 'Your card was declined.',
        }
      : undefined;
  return {
    id: pi.id,
    status,
    amountCents: pi.amount,
    currency: 'usd',
    ...(status === 'requires_action' && pi.client_secret ? { clientSecret: pi.client_secret } : {}),
    ...(lastError ? { lastError } : {}),
    ...(pm?.card ? { card: { brand: pm.card.brand, last4: pm.card.last4 } } : {}),
    metadata: { ...(pi.metadata ?? {}) },
    created: new Date(pi.created * 1000),
  };
}

export function refundFromStripe(r: Stripe.Refund): Refund {
  const paymentId = typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? '');
  const status =
    (['succeeded', 'pending', 'failed', 'canceled'] as const).find((s) => s === r.status) ?? 'pending';
  return { id: r.id, paymentId, amountCents: r.amount, status, created: new Date(r.created * 1000) };
}

/** A verified event's JSON to what the checkout needs. */
export function eventFromStripe(event: Pick<Stripe.Event, 'id' | 'type' | 'created' | 'data'>): PaymentEvent {
  const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
  const object = event.data.object as { object?: string };
  if (object.object === 'payment_intent')
    return { ...base, payment: paymentFromStripe(object as Stripe.PaymentIntent) };
  if (object.object === 'charge') {
    const charge = object as Stripe.Charge;
    const paymentId =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (paymentId) return { ...base, refunded: { paymentId, amountRefundedCents: charge.amount_refunded } };
  }
  return base;
}
