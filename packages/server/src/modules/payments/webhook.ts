/**
 * The provider's webhook: the source of truth for payments (docs/where-the-spec-is-silent.md "The
 * webhook is the source of truth"). A buyer who closes the tab after paying still ends paid. Each
 * event is handled once: its id is stored in payment_webhook_events in the same transaction as its
 * effect, so a replay (or two deliveries racing) changes nothing. The sandbox delivers its signed
 * events to this same handler in-process (app.ts).
 */
import { AppError } from '@domain-broker/shared/errors';
import { eq } from 'drizzle-orm';
import { payments, paymentWebhookEvents } from '#server/db/schema/index.ts';
import { type PaymentEvent, WebhookSignatureError } from '#server/lib/payments/index.ts';
import { completeRefund } from './refunds.ts';
import {
  adoptPayment,
  applyProviderPayment,
  type PaymentServices,
  paymentRowFor,
  type RecordedOutcome,
  refundDuplicate,
} from './service.ts';

export type WebhookResult = 'handled' | 'duplicate' | 'ignored';

export async function handlePaymentWebhook(
  s: PaymentServices,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  let event: PaymentEvent;
  try {
    event = await s.payments.verifyWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    throw new AppError('INVALID_BODY');
  }
  const at = s.now();
  let outcome: RecordedOutcome | undefined;
  let refunded = false;
  const result = await s.db.transaction(async (tx): Promise<WebhookResult> => {
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, type: event.type, receivedAt: at })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    if (
      event.payment &&
      (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed')
    ) {
      const p = event.payment;
      const row =
        (await paymentRowFor(tx, p)) ??
        (p.status === 'succeeded' ? await adoptPayment(tx, s.payments.name, p, at) : undefined);
      if (!row) return 'ignored';
      outcome = await applyProviderPayment(tx, s, row.uid, p, null, at);
      return 'handled';
    }
    if (event.type === 'charge.refunded' && event.refunded) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, event.refunded.paymentId));
      if (!row || event.refunded.amountRefundedCents < row.amountCents) return 'ignored';
      if (row.status !== 'succeeded') return 'ignored';
      refunded = Boolean(await completeRefund(tx, s, { paymentUid: row.uid, providerRefundId: null, at }));
      return 'handled';
    }
    return 'ignored';
  });
  const o = outcome as RecordedOutcome | undefined;
  if (o?.recorded) s.metrics.payment(o.kind);
  if (refunded) s.metrics.refund('refunded');
  if (o?.kind === 'duplicate') await refundDuplicate(s, o.paymentUid, o.paymentIntentId);
  return result;
}
