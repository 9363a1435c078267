import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/**
 * Registrar partners and the admin's settlement share these tables (ADR 051). Money is
 * integer US cents. The ledger itself is computed from leads and payments (one module:
 * src/modules/registrar-ledger); only what cannot be derived is stored here.
 */

/**
 * Widget clicks per registrar and day, kept in step with `registrar_clicks` (a click counted once per
 * visitor, domain and day adds one here in the same statement), so a year of a busy registrar's
 * dashboard reads 365 rows instead of a million.
 */
export const registrarClickDays = pgTable(
  'registrar_click_days',
  {
    registrarUid: col.registrarUid().notNull(),
    day: date('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.registrarUid, t.day] })],
);

/**
 * A registrar's monthly statement marked paid by an admin: the amount paid and when. One row per
 * registrar and month (`month` is the first day of the month, UTC).
 */
export const registrarPayouts = pgTable(
  'registrar_payouts',
  {
    uid: col.uidKey(),
    registrarUid: col.registrarUid().notNull(),
    month: date('month').notNull(),
    amountCents: col.cents('amount_cents').notNull(),
    paidAt: col.timestamptz('paid_at').notNull(),
    /** The payment's reference (bank transfer id, …) as the admin typed it. */
    reference: text('reference').notNull().default(''),
    recordedBy: col.actorUid('recorded_by'),
    createdAt: col.createdAt(),
  },
  (t) => [uniqueIndex('registrar_payouts_month_key').on(t.registrarUid, t.month)],
);

/**
 * An https endpoint a registrar registered for signed webhooks (Standard Webhooks). The secret is the
 * `whsec_…` string; after a rotation the previous one keeps signing (both signatures sent) until
 * `previousSecretExpiresAt`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    uid: col.uidKey(),
    registrarUid: col.registrarUid().notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: col.timestamptz('previous_secret_expires_at'),
    /** The event types sent to this endpoint (all when empty). */
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    ...col.times(),
  },
  (t) => [index('webhook_endpoints_registrar_idx').on(t.registrarUid)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction that wrote the lead
 * event. `messageId` is the `webhook-id` header, the same on every retry; `nextAttemptAt` drives the
 * exponential back-off (null once delivered or given up).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: col.serialId(),
    endpointUid: col.belongsTo('endpoint_uid', () => webhookEndpoints.uid).notNull(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The lead event the message was made from, so one event is never queued twice. */
    leadEventId: bigint('lead_event_id', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → delivered | failed (gave up after the retry window); a redelivery sets pending again. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: col.timestamptz('next_attempt_at'),
    lastAttemptAt: col.timestamptz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: col.timestamptz('delivered_at'),
    createdAt: col.createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_key').on(t.endpointUid, t.messageId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointUid, t.id),
  ],
);
