import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/**
 * A seller's submission from the public sell form (POST /sell-domain): stored at once, confirmed by a
 * mail whose link verifies the address; only then is the seller account made or the Seller role added
 * (decision B12). Its domains are rows of `seller_domains`.
 */
export const sellSubmissions = pgTable(
  'sell_submissions',
  {
    uid: col.uidKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** 'Appraisal Sell' when it came from an appraisal result, otherwise the form's name. */
    formName: text('form_name').notNull().default(''),
    source: text('source').notNull().default(''),
    /** The referral (`ref`) the visitor arrived with. */
    ref: text('ref').notNull().default(''),
    comment: text('comment').notNull().default(''),
    locale: text('locale').notNull().default('en'),
    /** The signed-in caller, or the account the verified address belongs to. */
    userUid: col.actorUid('user_uid'),
    /** SHA-256 of the single-use verification token mailed to the address. */
    verifyTokenHash: text('verify_token_hash'),
    emailVerifiedAt: col.timestamptz('email_verified_at'),
    ...col.stampedTimes(),
  },
  (t) => [
    index('sell_submissions_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    uniqueIndex('sell_submissions_verify_token_key').on(t.verifyTokenHash),
    index('sell_submissions_created_idx').on(t.createdAt),
    // The Users list counts each row's listed domains through the submission's user (migration 0013).
    index('sell_submissions_user_idx').on(t.userUid),
  ],
);

/** One domain of a sell submission: what the admin's Sell Domains tab lists. Money is integer cents. */
export const sellerDomains = pgTable(
  'seller_domains',
  {
    uid: col.uidKey(),
    submissionUid: col.belongsTo('submission_uid', () => sellSubmissions.uid).notNull(),
    domainName: text('domain_name').notNull(),
    priceCents: col.cents('price_cents'),
    minQuoteCents: col.cents('min_quote_cents'),
    /** The appraisal's value and worth when the submission came from an appraisal result. */
    valueCents: col.cents('value_cents'),
    worth: text('worth').notNull().default(''),
    /** Set by an admin on the Sell Domains tab (decision A27). */
    premium: boolean('premium').notNull().default(false),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [
    index('seller_domains_submission_idx').on(t.submissionUid),
    index('seller_domains_created_idx').on(t.createdAt),
    index('seller_domains_domain_idx').on(sql`lower(${t.domainName})`),
  ],
);

/** A Contact Us request (POST /contact): mailed to staff, with a receipt to the sender. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    uid: col.uidKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    domainName: text('domain_name').notNull().default(''),
    comments: text('comments').notNull().default(''),
    budgetCents: col.cents('budget_cents'),
    userUid: col.actorUid('user_uid'),
    locale: text('locale').notNull().default('en'),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

/** The kinds of mail one can unsubscribe from (decision A26). Transactional mail has none. */
export const MAIL_OPT_OUT_TYPES = ['buy', 'sell', 'newsletter', 'appraisal-report'] as const;
export type MailOptOutType = (typeof MAIL_OPT_OUT_TYPES)[number];

/**
 * An address that asked not to receive one kind of mail, or one lead's mails (`leadUid`, the spec's
 * closeUID). Every non-transactional sender asks this table first; the profile can turn it back on
 * (the row is deleted).
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    id: col.serialId(),
    /** Lower-cased address. */
    email: text('email').notNull(),
    type: text('type').$type<MailOptOutType>().notNull(),
    leadUid: col.leadUid(),
    message: text('message').notNull().default(''),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [uniqueIndex('mail_opt_outs_key').on(t.email, t.type, sql`coalesce(${t.leadUid}::text, '')`)],
);

/** Unsubscribe tokens already used: a token works once (a reused one changes nothing). SHA-256 hashes. */
export const usedMailTokens = pgTable('used_mail_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: col.timestamptz('used_at').notNull(),
});
