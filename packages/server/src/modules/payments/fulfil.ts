/**
 * What happens when a lead's fee is paid, whoever learns it first (the card answer, the 3-D Secure
 * verification, the provider's webhook, or a 100% promo code): in the caller's transaction, the lead
 * moves pending → new exactly once, a broker is assigned (docs/where-the-spec-is-silent.md
 * "Broker assignment"), and the receipt and the broker introduction are queued through the outbox.
 */
import { formatUsd, INITIAL_FEE_CENTS } from '@domain-broker/shared/pricing';
import { addBusinessDays, RESPONSE_BUSINESS_DAYS } from '@domain-broker/shared/schemas/broker';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { payments } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { recipient } from '#server/lib/mail/recipients.ts';
import { changeLead, type LeadRow, transitionLead, writeLead } from '../leads/service.ts';

/** The date as the mails print it (UTC): 2026-01-15. */
export const mailDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The consultant who takes the next lead: an active consultant (role Consultant, not deactivated,
 * accepting leads: decision B11) with the fewest open paid leads (status new); ties go to the one
 * who has waited longest since their last assignment (never assigned first), then by uid.
 *
 * The chosen consultant's row stays locked until the caller commits, and a concurrent assignment
 * skips locked rows: two payments at the same moment go to two different consultants (the next best),
 * never both to the one whose count neither has seen yet. When every active consultant is being given
 * a lead at that very moment, the best by the committed counts is taken without waiting (payments do
 * not queue behind each other; the next assignment evens out a momentary tie).
 */
export async function pickConsultant(
  tx: DbOrTx,
): Promise<{ uid: string; firstName: string; lastName: string } | undefined> {
  const pick = async (lock: boolean) => {
    const result = await tx.execute(sql`
      select u.uid, u.first_name, u.last_name
      from users u
      join user_roles ur on ur.user_uid = u.uid
      join roles r on r.uid = ur.role_uid and r.role_type = 'Consultant'
      where u.deactivated_at is null and u.accepting_leads
      order by
        (select count(*) from leads l where l.consultant_uid = u.uid and l.status = 'new') asc,
        (select max(l.assigned_at) from leads l where l.consultant_uid = u.uid) asc nulls first,
        u.uid asc
      limit 1
      ${lock ? sql`for no key update of u skip locked` : sql``}`);
    return (result as unknown as { rows: { uid: string; first_name: string; last_name: string }[] }).rows[0];
  };
  const row = (await pick(true)) ?? (await pick(false));
  return row ? { uid: row.uid, firstName: row.first_name, lastName: row.last_name } : undefined;
}

/**
 * The succeeded 'promo' payment of 0 cents that a 100% promo code stands for (promo/service.ts
 * payWithPromo), in the caller's transaction; answers its uid for markLeadPaid.
 */
export async function recordPromoPayment(
  tx: DbOrTx,
  p: { leadUid: string; userUid: string; promoCodeUid: string },
  now: Date,
): Promise<string> {
  const [payment] = await tx
    .insert(payments)
    .values({
      ...p,
      method: 'promo',
      status: 'succeeded',
      amountCents: 0,
      createdAt: now,
      updatedAt: now,
      succeededAt: now,
    })
    .returning({ uid: payments.uid });
  return (payment as { uid: string }).uid;
}

/**
 * Marks the lead paid by `paymentUid`: pending → new (event 'paid'), broker assigned (event
 * 'assigned'; none available: the lead stays unassigned and staff get a notice), receipt and broker
 * introduction queued. Returns the updated row, or undefined when the lead was not pending (the caller
 * answers PAYMENT_ALREADY_DONE). The payment row's own status is the caller's, in the same transaction.
 */
export async function markLeadPaid(
  tx: DbOrTx,
  services: Pick<Services, 'enqueueMail' | 'config'>,
  args: { leadUid: string; paymentUid: string; actorUid: string | null; at: Date },
): Promise<LeadRow | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.uid, args.paymentUid));
  if (!payment) return undefined;
  const paid = await transitionLead(tx, {
    leadUid: args.leadUid,
    from: ['pending'],
    to: 'new',
    type: 'paid',
    actorUid: args.actorUid,
    at: args.at,
    data: { paymentUid: payment.uid, method: payment.method, amountCents: payment.amountCents },
  });
  if (!paid) return undefined;

  // The buyer hears from their broker within two business days of payment (the overdue flag).
  const responseDueAt = addBusinessDays(args.at, RESPONSE_BUSINESS_DAYS);
  const broker = await pickConsultant(tx);
  let lead: LeadRow = { ...paid, responseDueAt };
  if (!broker) await writeLead(tx, paid.uid, { responseDueAt }, args.at);
  if (broker) {
    lead = await changeLead(
      tx,
      paid.uid,
      { consultantUid: broker.uid, assignedAt: args.at, responseDueAt },
      {
        type: 'assigned',
        actorUid: null,
        at: args.at,
        data: { consultantUid: broker.uid, rule: 'fewest-open-leads' },
      },
    );
  }

  const buyer = await recipient(tx, lead.userUid);
  const base = services.config.publicUrl;
  const agentPage = `${base}/agent-details-questions`;
  if (buyer) {
    const locale = buyer.locale;
    await services.enqueueMail(tx, {
      to: buyer.email,
      template: 'payment-receipt',
      locale,
      data: {
        name: buyer.firstName,
        amount: `${formatUsd(payment.amountCents)} USD`,
        domain: lead.domainName,
        date: mailDate(args.at),
        receipt: payment.uid,
        method: payment.method,
        fee: `${formatUsd(INITIAL_FEE_CENTS)} USD`,
        ...(payment.cardLast4 ? { last4: payment.cardLast4 } : {}),
        url: agentPage,
      },
    });
    if (broker)
      await services.enqueueMail(tx, {
        to: buyer.email,
        template: 'broker-introduction',
        locale,
        // The broker's name only: never their email or phone (decision B5).
        data: {
          name: buyer.firstName,
          broker: `${broker.firstName} ${broker.lastName}`.trim(),
          domain: lead.domainName,
          url: agentPage,
        },
      });
  }
  if (!broker)
    await services.enqueueMail(tx, {
      to: services.config.supportEmail,
      template: 'lead-unassigned',
      locale: 'en',
      data: {
        domain: lead.domainName,
        buyer: buyer?.email ?? lead.userUid,
        date: mailDate(args.at),
        lead: lead.uid,
      },
    });
  return lead;
}
