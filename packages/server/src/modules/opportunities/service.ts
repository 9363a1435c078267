/**
 * Alternate domains of a paid lead (docs/product.md "Alternate domains"; decisions A1, A12, B4). The
 * buyer follows at most five domains per lead: its own and four alternates, each pending until the
 * broker accepts or rejects it.
 *
 * The lead row is locked for the whole change, so parallel requests of the same buyer are taken one
 * after the other and each sees the alternates the previous one added: the limit holds under any
 * interleaving. Every added or changed alternate writes a lead event in the same transaction.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import {
  type CreateOrUpdateOpportunitiesBody,
  MAX_FOLLOWED_DOMAINS,
} from '@domain-broker/shared/schemas/opportunities';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { leadOpportunities, leads } from '#server/db/schema/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { UUID } from '#server/lib/validate.ts';
import { assertBuyer, type LeadActor, presentLeads, recordLeadEvent, writeLead } from '../leads/service.ts';

type OpportunityRow = typeof leadOpportunities.$inferSelect;

const duplicate = (domain: string) =>
  new AppError('OPPORTUNITY_DUPLICATE', {
    message: `You already follow ${domain} on this lead.`,
    data: { domainName: domain },
  });

/**
 * POST /createOrUpdateOpportunities. Entries without UID add alternates; entries with one change that
 * alternate's budget (and its name while the broker has not decided). Answers the lead with its
 * alternates. Refusals are the catalogue's; anything unexpected is 'Failed to create a opportunity'.
 */
export async function createOrUpdateOpportunities(
  db: Db,
  actor: LeadActor,
  input: CreateOrUpdateOpportunitiesBody,
  now: Date,
  logger?: Logger,
): Promise<Lead> {
  assertBuyer(actor);
  if (!UUID.test(input.leadUID)) throw new AppError('LEAD_NOT_FOUND');
  let row: typeof leads.$inferSelect;
  try {
    row = await db.transaction(async (tx) => {
      const [lead] = await tx
        .select()
        .from(leads)
        .where(and(eq(leads.uid, input.leadUID), eq(leads.userUid, actor.UID)))
        .for('update');
      if (!lead) throw new AppError('LEAD_NOT_FOUND');
      if (lead.status !== 'new' || !lead.paidAt) throw new AppError('OPPORTUNITY_LEAD_NOT_OPEN');
      const existing = await tx
        .select()
        .from(leadOpportunities)
        .where(eq(leadOpportunities.leadUid, lead.uid));
      const byUid = new Map(existing.map((o) => [o.uid, o]));
      // Names followed once this request is applied: the lead's own and every alternate.
      const followed = new Map<string, string | null>([[lead.domainName.toLowerCase(), null]]);
      for (const o of existing) followed.set(o.domainName.toLowerCase(), o.uid);

      const updates: { row: OpportunityRow; domainName: string; offerAmountCents: number | null }[] = [];
      const additions: { domainName: string; offerAmountCents: number | null }[] = [];
      for (const entry of input.opportunities) {
        const name = entry.domainName.toLowerCase();
        const offer = entry.offerAmount ?? null;
        if (entry.UID) {
          const current = byUid.get(entry.UID.toLowerCase());
          if (!current) throw new AppError('OPPORTUNITY_NOT_FOUND');
          if (name !== current.domainName.toLowerCase()) {
            if (current.status !== 'pending') throw new AppError('OPPORTUNITY_NOT_EDITABLE');
            if (followed.has(name)) throw duplicate(entry.domainName);
            followed.delete(current.domainName.toLowerCase());
            followed.set(name, current.uid);
          }
          if (name !== current.domainName.toLowerCase() || offer !== current.offerAmountCents)
            updates.push({ row: current, domainName: entry.domainName, offerAmountCents: offer });
          continue;
        }
        if (followed.has(name)) throw duplicate(entry.domainName);
        followed.set(name, 'new');
        additions.push({ domainName: entry.domainName, offerAmountCents: offer });
      }
      if (1 + existing.length + additions.length > MAX_FOLLOWED_DOMAINS)
        throw new AppError('OPPORTUNITY_LIMIT', {
          data: { followed: 1 + existing.length, max: MAX_FOLLOWED_DOMAINS },
        });

      for (const u of updates) {
        await tx
          .update(leadOpportunities)
          .set({ domainName: u.domainName, offerAmountCents: u.offerAmountCents, updatedAt: now })
          .where(eq(leadOpportunities.uid, u.row.uid));
        await recordLeadEvent(tx, {
          leadUid: lead.uid,
          type: 'opportunity_updated',
          actorUid: actor.UID,
          at: now,
          data: {
            opportunityUid: u.row.uid,
            domainName: u.domainName,
            offerAmountCents: u.offerAmountCents,
            previousDomainName: u.row.domainName,
            previousOfferAmountCents: u.row.offerAmountCents,
          },
        });
      }
      // The lead lists alternates by creation time: each new one at least a millisecond after the
      // previous, so they stay in the order the buyer added them even within one clock tick.
      const latest = Math.max(now.getTime() - 1, ...existing.map((o) => o.createdAt.getTime()));
      for (const [i, a] of additions.entries()) {
        const at = new Date(latest + 1 + i);
        const [added] = await tx
          .insert(leadOpportunities)
          .values({
            leadUid: lead.uid,
            domainName: a.domainName,
            offerAmountCents: a.offerAmountCents,
            status: 'pending',
            createdAt: at,
            updatedAt: at,
          })
          .returning({ uid: leadOpportunities.uid });
        await recordLeadEvent(tx, {
          leadUid: lead.uid,
          type: 'opportunity_added',
          actorUid: actor.UID,
          at,
          data: {
            opportunityUid: added?.uid,
            domainName: a.domainName,
            offerAmountCents: a.offerAmountCents,
            interestIn: input.interestIn ?? null,
          },
        });
      }
      if (updates.length || additions.length) await writeLead(tx, lead.uid, {}, now);
      return lead;
    });
  } catch (err) {
    // A refusal is the caller's answer; a database outage is the app's 503 (docs/operations.md).
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    logger?.error({ err, leadUid: input.leadUID }, 'alternate domains could not be saved');
    throw new AppError('OPPORTUNITY_FAILED');
  }
  const [answer] = await presentLeads(db, [row], now);
  return answer as Lead;
}

/** The broker's decision on a pending alternate, with its note to the buyer (consultant/service.ts). */
export async function decideOpportunityRow(
  tx: DbOrTx,
  opportunityUid: string,
  decision: { status: 'accepted' | 'rejected'; decidedByUid: string; note: string },
  now: Date,
): Promise<void> {
  await tx
    .update(leadOpportunities)
    .set({
      status: decision.status,
      decidedByUid: decision.decidedByUid,
      decidedAt: now,
      decisionNote: decision.note,
      updatedAt: now,
    })
    .where(eq(leadOpportunities.uid, opportunityUid));
}
