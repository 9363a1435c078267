/**
 * The one refund service (decisions A31, B2): the buyer's refund of a purchase made in error and the
 * staff refund when the broker declines both call `refundLead`; the provider's `charge.refunded`
 * webhook completes the same bookkeeping when the money went back some other way.
 *
 * Order: (1) under the lead's lock, check the rules and note who asked and why (event
 * 'refund_requested'); (2) the provider refund, outside any transaction, with the key
 * `refund:{paymentUid}` (two concurrent calls reach the same refund: money goes back once; a promo
 * payment refunds nothing at the provider); (3) under the lead's lock again, once: payment
 * 'refunded', lead → refunded (event 'refunded' with who and why), refund notice mail. If (2) fails
 * nothing is written but the request note; if (3) never runs, the webhook runs it.
 */
import { AppError } from '@domain-broker/shared/errors';
import { formatUsd } from '@domain-broker/shared/pricing';
import type { RoleType } from '@domain-broker/shared/roles';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leadEvents, leads, payments } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { recipient } from '#server/lib/mail/recipients.ts';
import { PaymentProviderUnavailableError, PaymentRequestError } from '#server/lib/payments/index.ts';
import { BUYER_VISIBLE_EVENT_TYPES, buyerRefundableUntil } from '../leads/refund-window.ts';
import {
  type LeadRow,
  ownLead,
  presentLeads,
  recordLeadEvent,
  staffLead,
  transitionLead,
  writeLead,
} from '../leads/service.ts';
import { mailDate } from './fulfil.ts';
import type { PaymentRow, PaymentServices } from './service.ts';

export type RefundPath = 'buyer' | 'staff';

export interface RefundActor {
  UID: string;
  roles: { role: { roleType: RoleType } }[];
}

async function brokerHasShownWork(tx: DbOrTx, leadUid: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: leadEvents.id })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadUid, leadUid), inArray(leadEvents.type, [...BUYER_VISIBLE_EVENT_TYPES])))
    .limit(1);
  return row !== undefined;
}

/** Step 1: who may refund this lead now, and which payment. Throws the refusal. */
async function checkAndNote(
  s: PaymentServices,
  leadUid: string,
  actor: RefundActor,
  path: RefundPath,
  reason: string,
): Promise<{ lead: LeadRow; payment: PaymentRow } | { done: LeadRow }> {
  const at = s.now();
  return s.db.transaction(async (tx) => {
    const lead =
      path === 'buyer'
        ? await ownLead(tx, actor.UID, leadUid, true)
        : await staffLead(tx, actor, leadUid, true);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.leadUid, lead.uid), inArray(payments.status, ['succeeded', 'refunded'])))
      .for('update');
    if (lead.status === 'refunded' && payment?.status === 'refunded') return { done: lead };
    if (payment?.status !== 'succeeded' || lead.status !== 'new')
      throw new AppError(path === 'buyer' ? 'REFUND_NOT_ALLOWED' : 'REFUND_NOT_POSSIBLE');
    if (path === 'buyer' && !buyerRefundableUntil(lead, await brokerHasShownWork(tx, lead.uid), at))
      throw new AppError('REFUND_NOT_ALLOWED');
    if (payment.refundReason === null) {
      await tx
        .update(payments)
        .set({ refundReason: reason, updatedAt: at })
        .where(eq(payments.uid, payment.uid));
      await recordLeadEvent(tx, {
        leadUid: lead.uid,
        type: 'refund_requested',
        actorUid: actor.UID,
        at,
        data: { paymentUid: payment.uid, reason, path },
      });
    }
    return { lead, payment: { ...payment, refundReason: payment.refundReason ?? reason } };
  });
}

/**
 * Step 3, once per payment: payment 'refunded', lead → refunded with who and why, the refund notice.
 * Returns the lead (whether this call or an earlier one completed it).
 */
export async function completeRefund(
  tx: DbOrTx,
  s: Pick<Services, 'enqueueMail' | 'config'>,
  args: { paymentUid: string; providerRefundId: string | null; at: Date; actorUid?: string | null },
): Promise<LeadRow | undefined> {
  const [ref] = await tx
    .select({ leadUid: payments.leadUid })
    .from(payments)
    .where(eq(payments.uid, args.paymentUid));
  if (!ref) return undefined;
  const [lead] = await tx.select().from(leads).where(eq(leads.uid, ref.leadUid)).for('update');
  const [payment] = await tx.select().from(payments).where(eq(payments.uid, args.paymentUid)).for('update');
  if (!lead || !payment) return undefined;
  if (payment.status === 'refunded') {
    // The provider's event got here first: keep the refund's id it did not carry.
    if (!payment.providerRefundId && args.providerRefundId)
      await tx
        .update(payments)
        .set({ providerRefundId: args.providerRefundId, updatedAt: args.at })
        .where(eq(payments.uid, payment.uid));
    return lead;
  }
  if (payment.status !== 'succeeded') return undefined;
  // Who asked and why: the request note (step 1), or the provider when the money went back elsewhere.
  const [note] = await tx
    .select()
    .from(leadEvents)
    .where(and(eq(leadEvents.leadUid, lead.uid), eq(leadEvents.type, 'refund_requested')))
    .orderBy(desc(leadEvents.id))
    .limit(1);
  const actorUid = args.actorUid !== undefined ? args.actorUid : (note?.actorUid ?? null);
  const reason = payment.refundReason ?? 'Refunded at the payment provider.';
  const path = (note?.data as { path?: string } | undefined)?.path ?? 'provider';
  await tx
    .update(payments)
    .set({
      status: 'refunded',
      refundedAt: args.at,
      providerRefundId: args.providerRefundId ?? payment.providerRefundId,
      refundReason: reason,
      updatedAt: args.at,
    })
    .where(eq(payments.uid, payment.uid));
  // The broker declined the job (the staff path): said before the status move it causes.
  if (path === 'staff' && lead.status === 'new')
    await recordLeadEvent(tx, {
      leadUid: lead.uid,
      type: 'declined',
      actorUid,
      at: args.at,
      data: { reason, paymentUid: payment.uid },
    });
  const refunded =
    (await transitionLead(tx, {
      leadUid: lead.uid,
      from: ['new', 'pending'],
      to: 'refunded',
      type: 'refunded',
      actorUid,
      at: args.at,
      data: {
        paymentUid: payment.uid,
        amountCents: payment.method === 'promo' ? 0 : payment.amountCents,
        reason,
        path,
      },
    })) ?? lead;
  // The broker declined the job (the staff path): the reason is the lead's close reason, as told the buyer.
  if (path === 'staff' && refunded.status === 'refunded' && !refunded.closeReason)
    await writeLead(tx, lead.uid, { closeReason: reason, responseDueAt: null }, args.at);
  const buyer = await recipient(tx, lead.userUid);
  if (buyer) {
    const cents = payment.method === 'promo' ? 0 : payment.amountCents;
    await s.enqueueMail(tx, {
      to: buyer.email,
      template: 'refund-notice',
      locale: buyer.locale,
      data: {
        name: buyer.firstName,
        amount: `${formatUsd(cents)} USD`,
        amountCents: String(cents),
        domain: lead.domainName,
        date: mailDate(args.at),
        reason,
        ...(payment.cardLast4 && cents > 0 ? { last4: payment.cardLast4 } : {}),
        url: `${s.config.publicUrl}/dashboard`,
      },
    });
  }
  return refunded;
}

/**
 * Refunds a lead's fee, all or nothing, once however many calls race. `path` 'buyer': the owner,
 * within the window (refund-window.ts); 'staff': an Admin, or the lead's own Consultant.
 */
export async function refundLead(
  s: PaymentServices,
  leadUid: string,
  actor: RefundActor,
  path: RefundPath,
  reason: string,
) {
  const checked = await checkAndNote(s, leadUid, actor, path, reason);
  if ('done' in checked) return (await presentLeads(s.db, [checked.done], s.now()))[0]!;
  const { payment } = checked;
  let providerRefundId: string | null = null;
  if (payment.method !== 'promo' && payment.providerPaymentId) {
    try {
      const refund = await s.payments.refund({
        paymentId: payment.providerPaymentId,
        idempotencyKey: `refund:${payment.uid}`,
        reason: 'requested_by_customer',
        metadata: { leadUID: payment.leadUid, paymentUID: payment.uid },
      });
      providerRefundId = refund.id;
    } catch (err) {
      if (err instanceof PaymentProviderUnavailableError) {
        s.metrics.refund('provider_unavailable');
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      }
      if (err instanceof PaymentRequestError) {
        s.logger.warn({ err: err.message, code: err.code, leadUid }, 'refund refused by provider');
        s.metrics.refund('refused');
        throw new AppError('REFUND_NOT_POSSIBLE');
      }
      throw err;
    }
  }
  const lead = await s.db.transaction((tx) =>
    completeRefund(tx, s, { paymentUid: payment.uid, providerRefundId, at: s.now(), actorUid: actor.UID }),
  );
  s.metrics.refund(lead ? 'refunded' : 'not_possible');
  if (!lead) throw new AppError('REFUND_NOT_POSSIBLE');
  return (await presentLeads(s.db, [lead], s.now()))[0]!;
}
