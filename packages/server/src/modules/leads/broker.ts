/**
 * The buyer and their broker (docs/product.md "After purchase"; decisions A16, A32, B5):
 * the agreement to the broker service terms that reveals the broker's email and phone, and the
 * broker's badges.
 */
import { AppError } from '@domain-broker/shared/errors';
import { BADGE_TIERS, type ConsultantBadge, type Lead } from '@domain-broker/shared/schemas/leads';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consultantBadges, leads } from '#server/db/schema/index.ts';
import { UUID } from '#server/lib/validate.ts';
import { changeLead, type LeadActor, lockOwnLead, presentLeads } from './service.ts';

/**
 * POST /leads/{id}/agreeBrokerTerms: the owner agrees to the broker service terms on a paid lead. The
 * time is recorded once (event 'broker_terms_agreed'); agreeing again changes nothing. From then on the
 * lead's answers carry the broker's email and phone. Someone else's lead is not found.
 */
export async function agreeBrokerTerms(db: Db, actor: LeadActor, leadUid: string, now: Date): Promise<Lead> {
  const row = await db.transaction(async (tx) => {
    const lead = await lockOwnLead(tx, actor, leadUid);
    if (lead.status === 'pending' || !lead.paidAt) throw new AppError('PAYMENT_NOT_COMPLETED');
    if (lead.status !== 'new' && lead.status !== 'sold') throw new AppError('LEAD_CLOSED');
    if (lead.brokerTermsAgreedAt) return lead;
    return changeLead(
      tx,
      lead.uid,
      { brokerTermsAgreedAt: now },
      {
        type: 'broker_terms_agreed',
        actorUid: actor.UID,
        at: now,
        data: { consultantUid: lead.consultantUid },
      },
    );
  });
  const [lead] = await presentLeads(db, [row], now);
  return lead as Lead;
}

const tierRank = (name: string) => {
  const i = (BADGE_TIERS as readonly string[]).indexOf(name);
  return i === -1 ? BADGE_TIERS.length : i;
};

/**
 * GET /getConsultantBadges/{consultantUID}: the broker's badges, highest tier first. Staff read anyone's;
 * a buyer only those of a broker assigned to one of their leads (anyone else: permission denied).
 */
export async function consultantBadgesFor(
  db: Db,
  actor: LeadActor,
  staff: boolean,
  consultantUid: string,
): Promise<ConsultantBadge[]> {
  if (!UUID.test(consultantUid)) {
    if (staff) return [];
    throw new AppError('PERMISSION_DENIED');
  }
  if (!staff) {
    const [mine] = await db
      .select({ uid: leads.uid })
      .from(leads)
      .where(and(eq(leads.userUid, actor.UID), eq(leads.consultantUid, consultantUid)))
      .limit(1);
    if (!mine) throw new AppError('PERMISSION_DENIED');
  }
  const rows = await db
    .select({ badgeName: consultantBadges.badgeName })
    .from(consultantBadges)
    .where(eq(consultantBadges.userUid, consultantUid));
  return rows
    .map((r) => ({ badgeName: r.badgeName }))
    .sort((a, b) => tierRank(a.badgeName) - tierRank(b.badgeName) || a.badgeName.localeCompare(b.badgeName));
}
