/**
 * Appraisal tables: daily counters and history (the limits), the per-domain answer cache, staff
 * overrides (manual appraisals, category percentages), issued certificates and the scheduler's
 * leases. See docs/decisions/010-appraisal-limits.md for how the counters stay exact under load.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/**
 * One row per subject and UTC day: `user:<uid>`, `device:<id>` (a guest), `ip:<address>` (the per-IP
 * cap on guests). Incremented by one atomic upsert that refuses to pass the limit.
 */
export const appraisalCounters = pgTable(
  'appraisal_counters',
  {
    subject: text('subject').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day] })],
);

/**
 * Every appraisal a subject made, one row per (subject, day, domain): appraising a domain already in
 * today's history finds the row and costs nothing. `record` is the answer shown (no signals).
 */
export const appraisalHistory = pgTable(
  'appraisal_history',
  {
    id: col.serialId(),
    subject: text('subject').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    domain: text('domain').notNull(),
    userUid: col.userUid(),
    deviceId: text('device_id'),
    /** Whether this row took one from the daily counter (false: unlimited user, or attached after login). */
    counted: boolean('counted').notNull().default(true),
    referrerURL: text('referrer_url'),
    record: jsonb('record').notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    uniqueIndex('appraisal_history_subject_day_domain_key').on(t.subject, t.day, t.domain),
    index('appraisal_history_user_idx').on(t.userUid, t.createdAt),
    index('appraisal_history_device_idx').on(t.deviceId, t.createdAt),
  ],
);

/**
 * The answer for a domain under one version of its inputs: the engine's fingerprint, the category
 * percentages and the domain's manual appraisal. Any change makes a new version; old rows are deleted
 * by the change that made them stale.
 */
export const appraisalCache = pgTable(
  'appraisal_cache',
  {
    domain: text('domain').notNull(),
    version: text('version').notNull(),
    record: jsonb('record').notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.version] })],
);

/** Staff overrides: manual appraisals (docs/product.md "Staff workspace"). */
export const manualAppraisals = pgTable(
  'manual_appraisals',
  {
    uid: col.uidKey(),
    domainName: text('domain_name').notNull(),
    /** Whole USD; 0 with isBlocked. */
    manualValue: integer('manual_value').notNull().default(0),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdBy: col.actorUid('created_by'),
    ...col.times(),
  },
  (t) => [
    uniqueIndex('manual_appraisals_domain_key').on(t.domainName),
    index('manual_appraisals_created_idx').on(t.createdAt),
  ],
);

/**
 * Keyword category percentages (the "Estibot category" tab, Exhibit B). `categoryId` is the engine's
 * category id; `percentage` (0-100) is the premium the engine applies to names in the category.
 */
export const exhibitConditions = pgTable(
  'exhibit_conditions',
  {
    uid: col.uidKey(),
    /** The description entry's UID (the client's `description: [{ UID, description }]`). */
    descriptionUid: uuid('description_uid').notNull().defaultRandom(),
    type: text('type').notNull().default('ExhibitB'),
    categoryId: text('category_id').notNull(),
    condition: text('condition').notNull(),
    categoryName: text('category_name').notNull(),
    percentage: integer('percentage').notNull(),
    updatedBy: col.actorUid('updated_by'),
    ...col.times(),
  },
  (t) => [uniqueIndex('exhibit_conditions_type_category_key').on(t.type, t.categoryId)],
);

/**
 * Certificates issued (mailed, downloaded or shared). A share link carries a random 256-bit token of
 * which only the SHA-256 is stored.
 */
export const appraisalCertificates = pgTable(
  'appraisal_certificates',
  {
    id: text('id').primaryKey(),
    userUid: col.userUid(),
    domain: text('domain').notNull(),
    record: jsonb('record').notNull(),
    /** email | download | share */
    channel: text('channel').notNull(),
    shareTokenHash: text('share_token_hash'),
    shareExpiresAt: col.timestamptz('share_expires_at'),
    issuedAt: col.timestamptz('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('appraisal_certificates_share_key').on(t.shareTokenHash),
    index('appraisal_certificates_user_idx').on(t.userUid),
  ],
);

/** A named lease held by one server process until `expiresAt` (src/lib/lease.ts). */
export const schedulerLeases = pgTable('scheduler_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: col.timestamptz('expires_at').notNull(),
  acquiredAt: col.timestamptz('acquired_at').notNull(),
});

/** One row per job and period done: a period's run commits with its mail, so it happens once. */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    holder: text('holder').notNull(),
    result: jsonb('result').notNull().default(sql`'{}'::jsonb`),
    ranAt: col.timestamptz('ran_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
