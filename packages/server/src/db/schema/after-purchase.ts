import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/**
 * An alternate domain's state: the broker accepts or rejects each one (docs/product.md "Alternate domains").
 */
export const OPPORTUNITY_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

/**
 * Alternate domains of a lead (the spec's "opportunities"): with the lead's own domain at most five in
 * all (decision A1). Money is integer US cents, as on the lead.
 */
export const leadOpportunities = pgTable(
  'lead_opportunities',
  {
    uid: col.uidKey(),
    leadUid: col.leadUid().notNull(),
    domainName: text('domain_name').notNull(),
    offerAmountCents: col.cents('offer_amount_cents'),
    status: text('status').$type<OpportunityStatus>().notNull().default('pending'),
    /** The broker who accepted or rejected it, and when. */
    decidedByUid: col.actorUid('decided_by_uid'),
    decidedAt: col.timestamptz('decided_at'),
    /** The broker's note to the buyer with the decision. */
    decisionNote: text('decision_note').notNull().default(''),
    ...col.stampedTimes(),
  },
  (t) => [
    index('lead_opportunities_lead_idx').on(t.leadUid, t.createdAt),
    index('lead_opportunities_pending_idx').on(t.leadUid).where(sql`${t.status} = 'pending'`),
    uniqueIndex('lead_opportunities_lead_domain_key').on(t.leadUid, sql`lower(${t.domainName})`),
  ],
);

/** Each download of the buyers' e-book: two per user (EBOOK_DOWNLOAD_LIMIT), counted on the server. */
export const ebookDownloads = pgTable(
  'ebook_downloads',
  {
    id: col.serialId(),
    userUid: col.userUid().notNull(),
    locale: text('locale').notNull(),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [index('ebook_downloads_user_idx').on(t.userUid)],
);
