import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import * as col from './columns.ts';

/**
 * What a payment attempt can be on our side. `created` before the provider answers; `requires_action`
 * while the card holder authenticates (3-D Secure); `succeeded` once the money is ours (the lead is
 * paid in the same transaction); `failed` when the card was refused; `refunded` after the refund
 * service returned the money.
 */
export const PAYMENT_STATES = ['created', 'requires_action', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * One attempt to pay a lead's initial fee: by card through the payment provider (Stripe or the
 * sandbox), or with a 100% promo code (no provider call). Money is integer US cents; the amount is set
 * by the server (packages/shared/src/pricing.ts), never by the client.
 */
export const payments = pgTable(
  'payments',
  {
    uid: col.uidKey(),
    leadUid: col.leadUid().notNull(),
    userUid: col.userUid().notNull(),
    /** 'stripe', 'sandbox' or 'promo'. */
    method: text('method').notNull(),
    /** The provider's PaymentIntent id (pi_…); null for promo payments. */
    providerPaymentId: text('provider_payment_id'),
    /** The key the provider call was made with: one per lead and attempt. */
    idempotencyKey: text('idempotency_key'),
    status: text('status').$type<PaymentState>().notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    promoCodeUid: uuid('promo_code_uid').references(() => promoCodes.uid, { onDelete: 'set null' }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    providerRefundId: text('provider_refund_id'),
    refundReason: text('refund_reason'),
    ...col.stampedTimes(),
    succeededAt: col.timestamptz('succeeded_at'),
    refundedAt: col.timestamptz('refunded_at'),
  },
  (t) => [
    index('payments_lead_idx').on(t.leadUid, t.createdAt),
    index('payments_succeeded_idx').on(t.succeededAt),
    index('payments_refunded_idx').on(t.refundedAt),
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    // A lead is paid at most once: one succeeded (or later refunded) payment per lead.
    uniqueIndex('payments_one_success_per_lead')
      .on(t.leadUid)
      .where(sql`${t.status} in ('succeeded', 'refunded')`),
    // The registrar ledger's fee and clawback of a paid lead, read from the index alone (ADR 051).
    index('payments_paid_fee_idx')
      .on(t.leadUid, t.method, t.amountCents, t.refundedAt)
      .where(sql`${t.status} in ('succeeded', 'refunded')`),
  ],
);

/** Webhook events already handled, by the provider's event id: a replay is answered and ignored. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: col.timestamptz('received_at').notNull(),
});

/**
 * Promo codes (only 100% codes exist, decision A6). `code` is kept as typed and matched without regard
 * to case. `createdUser` is the creator's name, or 'Auto' for the code mailed on a 'buy' sign-up.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    uid: col.uidKey(),
    code: text('code').notNull(),
    offerPercent: integer('offer_percent').notNull(),
    reUsableCount: integer('reusable_count').notNull().default(1),
    validThru: col.timestamptz('valid_thru').notNull(),
    createdByUid: col.actorUid('created_by_uid'),
    createdUser: text('created_user').notNull(),
    /** An automatically generated code belongs to the user it was mailed to: nobody else may use it. */
    forUserUid: col.belongsTo('for_user_uid', () => users.uid),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(sql`lower(${t.code})`)],
);

/** One use of a promo code: by one user, for one lead. A user uses a code at most once. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    uid: col.uidKey(),
    promoCodeUid: col.belongsTo('promo_code_uid', () => promoCodes.uid).notNull(),
    userUid: col.userUid().notNull(),
    leadUid: col.leadUid().notNull(),
    createdAt: col.stampedCreatedAt(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_user_key').on(t.promoCodeUid, t.userUid),
    index('promo_redemptions_code_idx').on(t.promoCodeUid),
  ],
);
