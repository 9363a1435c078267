/**
 * The end of a stopped service (packages/shared/src/agreement.ts): a buyer who asked to stop during the
 * initial term keeps the service until the term ends; then this job cancels the lead (event 'canceled'
 * by the system, the close reason) and tells the buyer. Run every minute as a leased job
 * (src/jobs/scheduled.ts, where every job is declared). Each lead is closed once: the status move is
 * guarded (transitionLead from 'new') under the row's lock, and locked rows are skipped.
 */
import { BUYER_TERM_DAYS } from '@domain-broker/shared/constants';
import { isNotNull } from 'drizzle-orm';
import { leads } from '#server/db/schema/index.ts';
import { type MailJobDeps, recipient } from '#server/lib/mail/recipients.ts';
import { dueOpenLeads, transitionLead, writeLead } from '../leads/service.ts';

export const SERVICE_END_JOB = 'service-end';
export const SERVICE_END_REASON = 'The buyer stopped the service at the end of the initial term.';

export type ServiceEndDeps = MailJobDeps;

/** Closes the leads whose stopped service has reached the end of the term; answers how many. */
export async function runServiceEnds(deps: ServiceEndDeps, now: Date): Promise<{ closed: number }> {
  const termStartedBefore = new Date(now.getTime() - BUYER_TERM_DAYS * 86_400_000);
  return deps.db.transaction(async (tx) => {
    const due = await dueOpenLeads(tx, termStartedBefore, isNotNull(leads.serviceStopRequestedAt));
    let closed = 0;
    for (const { uid } of due) {
      const lead = await transitionLead(tx, {
        leadUid: uid,
        from: ['new'],
        to: 'canceled',
        type: 'canceled',
        actorUid: null,
        at: now,
        data: { reason: SERVICE_END_REASON, by: 'buyer', phase: 'term_end' },
      });
      if (!lead) continue;
      await writeLead(tx, uid, { closeReason: SERVICE_END_REASON, responseDueAt: null }, now);
      closed++;
      const buyer = await recipient(tx, lead.userUid);
      if (!buyer) continue;
      await deps.enqueueMail(tx, {
        to: lead.email || buyer.email,
        template: 'lead-canceled',
        locale: buyer.locale,
        data: {
          name: buyer.firstName,
          domain: lead.domainName,
          date: now.toISOString().slice(0, 10),
          reason: SERVICE_END_REASON,
          url: `${deps.publicUrl}/dashboard`,
        },
      });
    }
    return { closed };
  });
}
