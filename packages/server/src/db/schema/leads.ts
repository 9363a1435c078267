import type { TimelineKind } from '@domain-broker/shared/schemas/broker';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { registrars } from './accounts.ts';
import * as col from './columns.ts';

/** pending (unpaid) → new (paid, In Progress) → sold | refunded | canceled. */
export const LEAD_STATUSES = ['pending', 'new', 'sold', 'refunded', 'canceled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** A buyer has at most one lead in these states (decision A12; the shared list the portal reads too). */
export { OPEN_LEAD_STATUSES } from '@domain-broker/shared/schemas/lead-status';

/**
 * A buyer's request to acquire a domain (docs/product.md "Lead lifecycle"). Money is integer US cents; the
 * wire shows `offerAmount` as a string of dollars (packages/shared/src/pricing.ts). Every change writes a
 * lead event in the same transaction (decision B4).
 */
export const leads = pgTable(
  'leads',
  {
    uid: col.uidKey(),
    /** The buyer who owns the lead. */
    userUid: col.userUid().notNull(),
    domainName: text('domain_name').notNull(),
    offerAmountCents: col.cents('offer_amount_cents'),
    status: text('status').$type<LeadStatus>().notNull().default('pending'),
    /** The registrar that referred the buyer, fixed at creation: registrar commission is paid on it. */
    registrarUid: text('registrar_uid').references(() => registrars.uid, { onDelete: 'set null' }),
    consultantUid: col.actorUid('consultant_uid'),
    /** When the current broker was given the lead (the assignment's tie-break: longest since last). */
    assignedAt: col.timestamptz('assigned_at'),
    referrerUrl: text('referrer_url').notNull().default(''),
    referralUrl: text('referral_url').notNull().default(''),
    formName: text('form_name').notNull().default(''),
    userInterested: text('user_interested'),
    // The buyer's survey (decision B7).
    questionsAny: text('questions_any').notNull().default(''),
    preferredContact: text('preferred_contact'),
    preferText: boolean('prefer_text').notNull().default(false),
    preferredTime: col.timestamptz('preferred_time'),
    /** The buyer's IANA time zone the portal set `preferredTime` in (Morning or Afternoon, decision A2). */
    preferredTimeZone: text('preferred_time_zone'),
    beSeen: boolean('be_seen').notNull().default(false),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    deadLine: col.timestamptz('dead_line'),
    isSurveyCompleted: boolean('is_survey_completed').notNull().default(false),
    marketAnalysis: text('market_analysis').notNull().default(''),
    /** The broker's market analysis for the buyer (decision B16): value estimate with its range, in cents. */
    marketValueCents: col.cents('market_value_cents'),
    marketLowCents: col.cents('market_low_cents'),
    marketHighCents: col.cents('market_high_cents'),
    /** What is known of the current owner, and the expected timeline, in the broker's words. */
    ownerNotes: text('owner_notes').notNull().default(''),
    expectedTimeline: text('expected_timeline').notNull().default(''),
    marketAnalysisUpdatedAt: col.timestamptz('market_analysis_updated_at'),
    /** The last buyer-visible timeline step, and the buyer's last message: the overdue flag reads both. */
    lastVisibleStepAt: col.timestamptz('last_visible_step_at'),
    lastBuyerMessageAt: col.timestamptz('last_buyer_message_at'),
    /** When the buyer must next hear from the broker (two business days after payment or after the
     *  buyer's last message); null once a buyer-visible step answered. Past due = overdue. */
    responseDueAt: col.timestamptz('response_due_at'),
    /** The last communication on the buyer's behalf: the six-month commission tail runs from it. */
    lastOnBehalfAt: col.timestamptz('last_on_behalf_at'),
    /** A sale: the negotiated price and our commission on it (packages/shared/src/pricing.ts, decision A19). */
    soldPriceCents: col.cents('sold_price_cents'),
    commissionCents: col.cents('commission_cents'),
    /** 'registrar' or 'direct': the channel the commission was computed for. */
    commissionChannel: text('commission_channel'),
    /** Why a lead was canceled or declined, as told to the buyer. */
    closeReason: text('close_reason').notNull().default(''),
    /** When the buyer asked to stop the service (packages/shared/src/agreement.ts). */
    serviceStopRequestedAt: col.timestamptz('service_stop_requested_at'),
    /** When the buyer agreed to the broker service terms (decision A16): only then is the broker's
     *  email and phone sent to the buyer. */
    brokerTermsAgreedAt: col.timestamptz('broker_terms_agreed_at'),
    /** When the survey reminder went out (once, two days after payment when unanswered). */
    surveyReminderSentAt: col.timestamptz('survey_reminder_sent_at'),
    ...col.stampedTimes(),
    paidAt: col.timestamptz('paid_at'),
    soldAt: col.timestamptz('sold_at'),
    closedAt: col.timestamptz('closed_at'),
  },
  (t) => [
    index('leads_user_created_idx').on(t.userUid, t.createdAt),
    index('leads_registrar_idx').on(t.registrarUid),
    // The registrar ledger (src/modules/registrar-ledger, ADR 051) reads a registrar's paid leads by date
    // and their sales by date from these alone (index-only scans): the lead's uid to find its payment,
    // the commission of a sale.
    index('leads_registrar_paid_idx').on(t.registrarUid, t.paidAt, t.uid).where(sql`${t.paidAt} is not null`),
    index('leads_registrar_sold_idx')
      .on(t.registrarUid, t.soldAt, t.commissionCents)
      .where(sql`${t.status} = 'sold' and ${t.soldAt} is not null and ${t.commissionCents} is not null`),
    index('leads_consultant_idx').on(t.consultantUid),
    index('leads_consultant_paid_idx').on(t.consultantUid, t.paidAt),
    index('leads_paid_idx').on(t.paidAt),
    index('leads_response_due_idx').on(t.responseDueAt),
    // The workspace's search matches any part of the domain (pg_trgm, migration 0009).
    index('leads_domain_trgm_idx').using('gin', sql`lower(${t.domainName}) gin_trgm_ops`),
    // One open lead per buyer (A12), enforced by the database so two parallel requests make one lead.
    uniqueIndex('leads_one_open_per_user').on(t.userUid).where(sql`${t.status} in ('pending', 'new')`),
  ],
);

/** Who did what to a lead, and when (decision B4): created, updated, paid, refunded, canceled, sold, … */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: col.serialId(),
    leadUid: col.leadUid().notNull(),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** The person who caused it; null for the system (a payment webhook, a scheduler). */
    actorUid: col.actorUid('actor_uid'),
    /** What changed (field names to new values) or other details of the event. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [
    index('lead_events_lead_idx').on(t.leadUid, t.id),
    index('lead_events_created_idx').on(t.createdAt),
  ],
);

export { TIMELINE_KINDS, type TimelineKind } from '@domain-broker/shared/schemas/broker';

/**
 * The negotiation timeline of a lead: entries the broker writes (buyer-visible or internal) and the
 * buyer's replies. Money is integer US cents.
 */
export const leadTimelineEntries = pgTable(
  'lead_timeline_entries',
  {
    uid: col.uidKey(),
    leadUid: col.leadUid().notNull(),
    kind: text('kind').$type<TimelineKind>().notNull(),
    /** For owner_contacted: email, phone, postal_mail, registrar_relay or marketplace. */
    channel: text('channel'),
    amountCents: col.cents('amount_cents'),
    note: text('note').notNull().default(''),
    /** Whether the buyer sees it (and is mailed about it). */
    buyerVisible: boolean('buyer_visible').notNull().default(false),
    authorUid: col.actorUid('author_uid'),
    /** The day the step happened, as the broker states it. */
    occurredAt: col.timestamptz('occurred_at').notNull(),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [index('lead_timeline_lead_idx').on(t.leadUid, t.occurredAt)],
);
