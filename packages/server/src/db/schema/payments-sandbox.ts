import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/**
 * The offline payment sandbox (lib/payments/sandbox.ts) keeps Stripe's objects here, so several server
 * processes see the same payments. Nothing in these tables is real money; production refuses the
 * sandbox unless ALLOW_SANDBOX_PAYMENTS=true.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  /** The test card's behaviour (lib/payments/test-cards.ts). */
  scenario: text('scenario').notNull(),
  createdAt: col.createdAt(),
});

export interface SandboxPaymentError {
  code: string;
  declineCode?: string;
  message: string;
}

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    /** A second create with the same key answers this row and charges nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The create request's parameters, to refuse the same key with other parameters (as Stripe does). */
    requestHash: text('request_hash').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    scenario: text('scenario').notNull(),
    clientSecret: text('client_secret').notNull(),
    lastError: jsonb('last_error').$type<SandboxPaymentError>(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    description: text('description'),
    createdAt: col.stampedCreatedAt(),
    succeededAt: col.timestamptz('succeeded_at'),
  },
  (t) => [index('sandbox_payment_intents_succeeded_idx').on(t.succeededAt)],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => sandboxPaymentIntents.id),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [
    index('sandbox_refunds_intent_idx').on(t.paymentIntentId),
    index('sandbox_refunds_created_idx').on(t.createdAt),
  ],
);

/** Every event the sandbox emitted, as the JSON body a webhook would carry. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [index('sandbox_events_created_idx').on(t.createdAt)],
);
