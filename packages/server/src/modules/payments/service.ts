/**
 * Card payments of the initial fee (docs/product.md "Payment"; ADR 050).
 *
 * - The amount is always INITIAL_FEE_CENTS; the client's `amountPaid` is only checked.
 * - One payments row per attempt, with the provider idempotency key `lead:{leadUid}:attempt:{n}`.
 *   Attempts of one lead are serialised by the lead's row lock; an attempt still open ('created' or
 *   'requires_action') is retried with its own key, so a double click or a retry reaches the same
 *   PaymentIntent and the card is charged once. The provider answers "same key, other parameters"
 *   when the buyer changed card: only then does a new attempt start.
 * - The provider is never called inside a database transaction (a network call must not hold locks,
 *   and the sandbox keeps its own state in the same database).
 * - Whoever learns the outcome first (this request, /stripeVerification, the webhook) applies it with
 *   `applyProviderPayment`, under the lead's lock: a lead is paid exactly once, by one payment. A
 *   second payment that succeeds for a lead already paid is refunded at once.
 */

import { AppError } from '@domain-broker/shared/errors';
import { INITIAL_FEE_CENTS } from '@domain-broker/shared/pricing';
import type { PaymentBody, PaymentResult } from '@domain-broker/shared/schemas/checkout';
import { type SuccessCode, success } from '@domain-broker/shared/success';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads, payments } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import {
  type Payment,
  type PaymentError,
  PaymentMethodNotFoundError,
  PaymentNotFoundError,
  PaymentProviderUnavailableError,
  PaymentRequestError,
} from '#server/lib/payments/index.ts';
import { UUID } from '#server/lib/validate.ts';
import {
  assertBuyer,
  type LeadActor,
  type LeadRow,
  ownLead,
  presentLeads,
  savePaymentPhone,
} from '../leads/service.ts';
import { markLeadPaid } from './fulfil.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentServices = Pick<
  Services,
  'db' | 'config' | 'enqueueMail' | 'payments' | 'now' | 'logger' | 'metrics'
>;

const OPEN_ATTEMPT = ['created', 'requires_action'] as const;
/** An attempt still 'created' after this long belongs to a request that will not finish. */
export const STALE_ATTEMPT_MS = 2 * 60 * 1000;

/** What the caller answers once the provider's outcome is applied. */
export type Outcome =
  | { kind: 'paid'; lead: LeadRow; paymentIntentId: string }
  | { kind: 'requires_action'; clientSecret: string; paymentIntentId: string }
  | { kind: 'failed'; error: PaymentError }
  | { kind: 'pending' }
  /** The payment succeeded but the lead was already paid (or closed): refund it (refundDuplicate). */
  | { kind: 'duplicate'; paymentUid: string; paymentIntentId: string }
  | { kind: 'ignored' };

/** An outcome, and whether this call recorded it (the payment row changed): the metrics count those. */
export type RecordedOutcome = Outcome & { recorded?: boolean };

/**
 * Starts (or resumes) the attempt: under the lead's lock, the open attempt's key, or a new attempt
 * row. Answers which row and key the provider call uses, and whether this request made the row.
 */
async function beginAttempt(
  s: PaymentServices,
  actor: LeadActor,
  body: PaymentBody,
  opts: { abandonOpen: boolean },
): Promise<{ row: PaymentRow; created: boolean }> {
  const at = s.now();
  return s.db.transaction(async (tx) => {
    const lead = await ownLead(tx, actor.UID, body.leadUID, true);
    if (lead.status !== 'pending') throw new AppError('PAYMENT_ALREADY_DONE');
    if (body.phone) await savePaymentPhone(tx, lead, actor.UID, body.phone, at);
    const attempts = await tx
      .select()
      .from(payments)
      .where(eq(payments.leadUid, lead.uid))
      .orderBy(asc(payments.createdAt))
      .for('update');
    const open = attempts.filter(
      (p) =>
        p.method === s.payments.name &&
        p.idempotencyKey &&
        (OPEN_ATTEMPT as readonly string[]).includes(p.status),
    );
    if (open.length && !opts.abandonOpen) return { row: open[open.length - 1] as PaymentRow, created: false };
    for (const p of open)
      await tx
        .update(payments)
        .set({
          status: 'failed',
          failureCode: 'abandoned',
          failureMessage: 'Replaced by another card.',
          updatedAt: at,
        })
        .where(eq(payments.uid, p.uid));
    const [row] = await tx
      .insert(payments)
      .values({
        leadUid: lead.uid,
        userUid: actor.UID,
        method: s.payments.name,
        idempotencyKey: `lead:${lead.uid}:attempt:${attempts.length + 1}`,
        status: 'created',
        amountCents: INITIAL_FEE_CENTS,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return { row: row as PaymentRow, created: true };
  });
}

/** An attempt whose provider call failed before anything was charged leaves nothing behind. */
async function forgetAttempt(s: PaymentServices, row: PaymentRow) {
  await s.db.delete(payments).where(and(eq(payments.uid, row.uid), eq(payments.status, 'created')));
}

/**
 * Applies the provider's view of a payment to our rows, under the lead's lock (then the payment's).
 * Idempotent: applying the same outcome again answers the same thing and changes nothing.
 */
export async function applyProviderPayment(
  tx: DbOrTx,
  s: Pick<Services, 'enqueueMail' | 'config'>,
  paymentUid: string,
  p: Payment,
  actorUid: string | null,
  at: Date,
): Promise<RecordedOutcome> {
  const [ref] = await tx
    .select({ leadUid: payments.leadUid })
    .from(payments)
    .where(eq(payments.uid, paymentUid));
  if (!ref) return { kind: 'ignored' };
  const [lead] = await tx.select().from(leads).where(eq(leads.uid, ref.leadUid)).for('update');
  const [row] = await tx.select().from(payments).where(eq(payments.uid, paymentUid)).for('update');
  if (!lead || !row) return { kind: 'ignored' };
  const card = p.card ? { cardBrand: p.card.brand, cardLast4: p.card.last4 } : {};
  /** Writes the provider's answer to our payment row: its id and card with `changes`. */
  const record = (changes: Partial<PaymentRow>) =>
    tx
      .update(payments)
      .set({ ...card, providerPaymentId: p.id, ...changes, updatedAt: at })
      .where(eq(payments.uid, row.uid));

  if (p.status === 'succeeded') {
    if (row.status === 'succeeded' || row.status === 'refunded')
      return { kind: 'paid', lead, paymentIntentId: p.id };
    if (row.failureCode === 'duplicate')
      return { kind: 'duplicate', paymentUid: row.uid, paymentIntentId: p.id };
    if (lead.status !== 'pending') {
      await record({
        status: 'failed',
        failureCode: 'duplicate',
        failureMessage: 'The lead was already paid: this charge is refunded.',
      });
      return { kind: 'duplicate', paymentUid: row.uid, paymentIntentId: p.id, recorded: true };
    }
    await record({ status: 'succeeded', succeededAt: at, failureCode: null, failureMessage: null });
    const paid = await markLeadPaid(tx, s, { leadUid: lead.uid, paymentUid: row.uid, actorUid, at });
    return { kind: 'paid', lead: paid as LeadRow, paymentIntentId: p.id, recorded: true };
  }

  if (p.status === 'requires_action') {
    const recorded = row.status === 'created';
    if (row.status === 'created' || row.status === 'requires_action')
      await record({ status: 'requires_action' });
    return { kind: 'requires_action', clientSecret: p.clientSecret ?? '', paymentIntentId: p.id, recorded };
  }

  if (p.status === 'requires_payment_method' || p.status === 'canceled') {
    const error = p.lastError ?? { code: 'card_declined', message: 'Your card was declined.' };
    if (row.status !== 'created' && row.status !== 'requires_action') return { kind: 'failed', error };
    await record({
      status: 'failed',
      failureCode: error.declineCode ?? error.code,
      failureMessage: error.message,
    });
    return { kind: 'failed', error, recorded: true };
  }
  return { kind: 'pending' };
}

/** A second charge for a lead already paid goes back at once (key `refund:{paymentUid}`: once). */
export async function refundDuplicate(s: PaymentServices, paymentUid: string, paymentIntentId: string) {
  try {
    const refund = await s.payments.refund({
      paymentId: paymentIntentId,
      idempotencyKey: `refund:${paymentUid}`,
      reason: 'duplicate',
    });
    await s.db
      .update(payments)
      .set({ providerRefundId: refund.id, refundedAt: refund.created, updatedAt: s.now() })
      .where(eq(payments.uid, paymentUid));
  } catch (err) {
    s.logger.error({ err, paymentUid }, 'refund of a duplicate payment failed; refund it by hand');
  }
}

export interface PaymentAnswer {
  message?: string;
  code?: SuccessCode;
  data: PaymentResult;
}

async function answerFor(s: PaymentServices, outcome: Outcome): Promise<PaymentAnswer> {
  switch (outcome.kind) {
    case 'paid': {
      const [lead] = await presentLeads(s.db, [outcome.lead], s.now());
      return success('PAYMENT_APPROVED', {
        data: { status: 'succeeded', paymentIntentId: outcome.paymentIntentId, lead } as PaymentResult,
      });
    }
    case 'requires_action':
      return {
        data: {
          status: 'requires_action',
          clientSecret: outcome.clientSecret,
          paymentIntentId: outcome.paymentIntentId,
        },
      };
    case 'failed':
      throw new AppError('CARD_DECLINED', {
        message: outcome.error.message,
        errors: [{ field: 'card', message: outcome.error.message }],
      });
    case 'duplicate':
      await refundDuplicate(s, outcome.paymentUid, outcome.paymentIntentId);
      throw new AppError('PAYMENT_ALREADY_DONE');
    default:
      throw new AppError('PAYMENT_NOT_COMPLETED');
  }
}

/** POST /payments: create and confirm the PaymentIntent for the buyer's pending lead. */
export async function payByCard(
  s: PaymentServices,
  actor: LeadActor,
  body: PaymentBody,
): Promise<PaymentAnswer> {
  assertBuyer(actor);
  let attempt = await beginAttempt(s, actor, body, { abandonOpen: false });
  let payment: Payment;
  for (;;) {
    try {
      payment = await s.payments.createPayment({
        amountCents: INITIAL_FEE_CENTS,
        paymentMethodId: body.paymentID,
        idempotencyKey: attempt.row.idempotencyKey as string,
        description: 'Domain Broker initial fee',
        metadata: { leadUID: attempt.row.leadUid, paymentUID: attempt.row.uid },
      });
      break;
    } catch (err) {
      // The open attempt was made with another card: a request with it is still running ('created'),
      // or the buyer left its 3-D Secure challenge ('requires_action') and now pays with this card.
      if (err instanceof PaymentRequestError && err.code === 'idempotency_error' && !attempt.created) {
        // A request still running with the other card: wait for it. One that died long ago (its
        // process stopped mid-call) is abandoned; if it did charge, the webhook settles it.
        if (
          attempt.row.status === 'created' &&
          s.now().getTime() - attempt.row.createdAt.getTime() < STALE_ATTEMPT_MS
        )
          throw new AppError('PAYMENT_IN_PROGRESS');
        attempt = await beginAttempt(s, actor, body, { abandonOpen: true });
        continue;
      }
      if (attempt.created) await forgetAttempt(s, attempt.row);
      if (err instanceof PaymentMethodNotFoundError)
        throw new AppError('NO_SUCH_PAYMENT_METHOD', {
          errors: [{ field: 'card', message: 'No such PaymentMethod.' }],
        });
      if (err instanceof PaymentProviderUnavailableError) {
        s.logger.warn({ err: err.message, leadUid: body.leadUID }, 'payment provider unavailable');
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      }
      if (err instanceof PaymentRequestError) {
        s.logger.warn(
          { err: err.message, code: err.code, leadUid: body.leadUID },
          'payment refused by provider',
        );
        throw new AppError('PAYMENT_NOT_COMPLETED');
      }
      throw err;
    }
  }
  const row = attempt.row;
  const outcome = await s.db.transaction((tx) =>
    applyProviderPayment(tx, s, row.uid, payment, actor.UID, s.now()),
  );
  if (outcome.recorded) s.metrics.payment(outcome.kind);
  return answerFor(s, outcome);
}

/** POST /stripeVerification: after 3-D Secure, the PaymentIntent's outcome decides. */
export async function verifyPayment(
  s: PaymentServices,
  actor: LeadActor,
  body: { leadUID: string; id: string },
): Promise<PaymentAnswer> {
  assertBuyer(actor);
  if (!UUID.test(body.leadUID)) throw new AppError('LEAD_NOT_FOUND');
  const [lead] = await s.db
    .select({ uid: leads.uid })
    .from(leads)
    .where(and(eq(leads.uid, body.leadUID), eq(leads.userUid, actor.UID)));
  if (!lead) throw new AppError('LEAD_NOT_FOUND');
  const [row] = await s.db
    .select()
    .from(payments)
    .where(and(eq(payments.leadUid, lead.uid), eq(payments.providerPaymentId, body.id)));
  if (!row) throw new AppError('PAYMENT_NOT_COMPLETED');
  let payment: Payment;
  try {
    payment = await s.payments.retrievePayment(body.id);
  } catch (err) {
    if (err instanceof PaymentNotFoundError) throw new AppError('PAYMENT_NOT_COMPLETED');
    if (err instanceof PaymentProviderUnavailableError) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    throw err;
  }
  const outcome = await s.db.transaction((tx) =>
    applyProviderPayment(tx, s, row.uid, payment, actor.UID, s.now()),
  );
  if (outcome.recorded) s.metrics.payment(outcome.kind);
  if (outcome.kind === 'requires_action' || outcome.kind === 'failed' || outcome.kind === 'pending')
    throw new AppError('PAYMENT_NOT_COMPLETED');
  return answerFor(s, outcome);
}

/** The payment row a provider's PaymentIntent belongs to: by its id, else by our metadata. */
export async function paymentRowFor(tx: DbOrTx, p: Payment): Promise<PaymentRow | undefined> {
  const [byId] = await tx.select().from(payments).where(eq(payments.providerPaymentId, p.id));
  if (byId) return byId;
  const uid = p.metadata.paymentUID;
  if (uid && UUID.test(uid)) {
    const [byUid] = await tx.select().from(payments).where(eq(payments.uid, uid));
    if (byUid) return byUid;
  }
  return undefined;
}

/**
 * A succeeded PaymentIntent we hold no row for (the request that created it died before writing,
 * or its row was forgotten after a timeout that had in fact charged): record it from the metadata,
 * so the webhook still pays the lead.
 */
export async function adoptPayment(
  tx: DbOrTx,
  provider: string,
  p: Payment,
  at: Date,
): Promise<PaymentRow | undefined> {
  const leadUid = p.metadata.leadUID;
  if (!leadUid || !UUID.test(leadUid)) return undefined;
  const [lead] = await tx.select().from(leads).where(eq(leads.uid, leadUid));
  if (!lead) return undefined;
  const [row] = await tx
    .insert(payments)
    .values({
      leadUid,
      userUid: lead.userUid,
      method: provider,
      providerPaymentId: p.id,
      status: 'created',
      amountCents: p.amountCents,
      createdAt: p.created,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await tx.select().from(payments).where(eq(payments.providerPaymentId, p.id)))[0];
}

/** Payments of a lead that moved money and may be refunded: succeeded (not yet refunded). */
export async function succeededPaymentOf(tx: DbOrTx, leadUid: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.leadUid, leadUid), inArray(payments.status, ['succeeded'])))
    .for('update');
  return row;
}
