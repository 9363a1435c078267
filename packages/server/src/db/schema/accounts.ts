import { REGISTRAR_SHARE_DEFAULTS } from '@domain-broker/shared/pricing';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/** Role names: Admin, Consultant, Registrar, Buyer, Seller. */
export const roles = pgTable('roles', {
  uid: col.uidKey(),
  roleType: text('role_type').notNull().unique(),
  createdAt: col.createdAt(),
});

/** A registrar partner. `uid` is the shareable id that goes in links (?registrarId=). */
export const registrars = pgTable('registrars', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
  website: text('website').notNull().default(''),
  allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
  createdAt: col.createdAt(),
});

export const users = pgTable(
  'users',
  {
    uid: col.uidKey(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    image: text('image').notNull().default(''),
    preferredContact: text('preferred_contact').notNull().default('Email'),
    locale: text('locale').notNull().default('en'),
    userInterested: text('user_interested'),
    registrarUID: text('registrar_uid').references(() => registrars.uid, { onDelete: 'set null' }),
    googleSub: text('google_sub'),
    /** The LinkedIn OpenID Connect subject of an account made by Sign in with LinkedIn. */
    linkedinSub: text('linkedin_sub'),
    emailVerifiedAt: col.timestamptz('email_verified_at'),
    /** 'self' (sign-up) or 'admin' (created by staff): decides the privilege defaults. */
    createdBy: text('created_by').notNull().default('self'),
    appraisalSearchUnLimit: boolean('appraisal_search_unlimit').notNull().default(false),
    shareDownloadAppraisal: boolean('share_download_appraisal').notNull().default(true),
    emailAppraisalCertificate: boolean('email_appraisal_certificate').notNull().default(true),
    weeklyAppraisalSearchHistoryReport: boolean('weekly_appraisal_search_history_report')
      .notNull()
      .default(false),
    changeAppraisedDomainValues: boolean('change_appraised_domain_values').notNull().default(false),
    changeCategoryValues: boolean('change_category_values').notNull().default(false),
    percentage: integer('percentage').notNull().default(REGISTRAR_SHARE_DEFAULTS.percentage),
    commissionPercentage: integer('commission_percentage')
      .notNull()
      .default(REGISTRAR_SHARE_DEFAULTS.commissionPercentage),
    lastLogin: col.timestamptz('last_login'),
    /** A consultant who takes new leads (decision B11: admin toggle, default on). */
    acceptingLeads: boolean('accepting_leads').notNull().default(true),
    /** Set when staff deactivate the account: it signs in no more and takes no leads. */
    deactivatedAt: col.timestamptz('deactivated_at'),
    ...col.times(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_linkedin_sub_key').on(t.linkedinSub),
    // The admin's Users list sorts by these (default createdAt DESC).
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_login_idx').on(t.lastLogin),
    // The list shows active users unless asked for the deleted ones: these cover its three orders with
    // the uid tie-break and answer a page from the index alone (no heap visit per skipped row on a deep
    // page, no sort of the tie-break; migration 0013).
    index('users_active_created_idx').on(t.createdAt, t.uid).where(sql`${t.deactivatedAt} is null`),
    index('users_active_last_login_idx').on(t.lastLogin, t.uid).where(sql`${t.deactivatedAt} is null`),
    index('users_active_email_idx').on(t.email, t.uid).where(sql`${t.deactivatedAt} is null`),
    // Staff searches by any part of an email or a name (pg_trgm, migration 0009).
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_name_trgm_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userUid: col.userUid().notNull(),
    roleUid: col.belongsTo('role_uid', () => roles.uid).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userUid, t.roleUid] }),
    // The Users list's role filter starts from a role's users (migration 0013).
    index('user_roles_role_user_idx').on(t.roleUid, t.userUid),
  ],
);

export const consultantBadges = pgTable(
  'consultant_badges',
  {
    uid: col.uidKey(),
    userUid: col.userUid().notNull(),
    badgeName: text('badge_name').notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [uniqueIndex('consultant_badges_user_badge_key').on(t.userUid, t.badgeName)],
);

/** Sessions: the Bearer token is never stored, only its SHA-256 (hex). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userUid: col.userUid().notNull(),
    createdAt: col.createdAt(),
    lastSeenAt: col.timestamptz('last_seen_at').notNull(),
    expiresAt: col.timestamptz('expires_at').notNull(),
    revokedAt: col.timestamptz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userUid)],
);

/** One-time email codes (verification and password reset), stored hashed. */
export const emailCodes = pgTable(
  'email_codes',
  {
    uid: col.uidKey(),
    userUid: col.userUid().notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: col.timestamptz('expires_at').notNull(),
    usedAt: col.timestamptz('used_at'),
    createdAt: col.createdAt(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userUid, t.purpose)],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: col.timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Domain context of a sign-up, kept until leads exist (a later issue turns these into leads). */
export const enquiries = pgTable(
  'enquiries',
  {
    uid: col.uidKey(),
    userUid: col.userUid(),
    email: text('email').notNull(),
    source: text('source').notNull(),
    domainName: text('domain_name'),
    offerAmount: text('offer_amount'),
    referralURL: text('referral_url'),
    registrarUID: text('registrar_uid'),
    formName: text('form_name'),
    userInterested: text('user_interested'),
    appraisalUser: boolean('appraisal_user'),
    phone: text('phone'),
    status: text('status').notNull().default('pending'),
    createdAt: col.createdAt(),
  },
  (t) => [index('enquiries_user_idx').on(t.userUid)],
);
