import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { leads } from './leads.ts';

/** An alternate domain's state: the broker accepts or rejects each one (post-purchase-back-office.md §4). */
export const OPPORTUNITY_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

/**
 * Alternate domains of a lead (the spec's "opportunities"): with the lead's own domain at most five in
 * all (decision A1). Money is integer US cents, as on the lead.
 */
export const leadOpportunities = pgTable(
  'lead_opportunities',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    leadUid: uuid('lead_uid')
      .notNull()
      .references(() => leads.uid, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull(),
    offerAmountCents: bigint('offer_amount_cents', { mode: 'number' }),
    status: text('status').$type<OpportunityStatus>().notNull().default('pending'),
    /** The broker who accepted or rejected it, and when. */
    decidedByUid: uuid('decided_by_uid').references(() => users.uid, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The broker's note to the buyer with the decision. */
    decisionNote: text('decision_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('lead_opportunities_lead_idx').on(t.leadUid, t.createdAt),
    index('lead_opportunities_pending_idx').on(t.leadUid).where(sql`${t.status} = 'pending'`),
    uniqueIndex('lead_opportunities_lead_domain_key').on(t.leadUid, sql`lower(${t.domainName})`),
  ],
);

/** Each download of the buyers' e-book: two per user (spec §9), counted on the server. */
export const ebookDownloads = pgTable(
  'ebook_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ebook_downloads_user_idx').on(t.userUid)],
);
