/**
 * The admin's Reconciliation tab on the wire (docs/product.md "Staff workspace"; decision B10): no future
 * months.
 *
 *   GET /reconciliation {month?: YYYY-MM, default the current month (UTC)} → Reconciliation (Admin only)
 *
 * Our side is the payments table: card payments made through the configured provider that succeeded in
 * the month, and their refunds made in the month. The provider's side is what it reports for the same
 * period (Stripe: its balance transactions of type charge and refund; the sandbox: its own ledger with
 * its fee rule). Lines are matched by the provider's payment id (pi_…) and kind; every difference is a
 * mismatch. Money is dollars as strings with two decimals, possibly negative (decision B6).
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { UNKNOWN_FIELD } from './common.ts';

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const MONTH_INVALID_MESSAGE = FIELD_MESSAGES.MONTH_INVALID;
export const FUTURE_MONTH_MESSAGE = FIELD_MESSAGES.FUTURE_MONTH;

/** The month of an instant, YYYY-MM, in UTC (the server's and the provider's calendar). */
export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);

/** True when `month` (YYYY-MM) comes after the month of `now`. */
export const isFutureMonth = (month: string, now: Date): boolean => month > monthOf(now);

/** The first instant of the month and of the next one (UTC): the period is [from, to). */
export function monthPeriod(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}

export const ReconciliationQuery = v.strictObject(
  {
    month: v.optional(
      v.pipe(
        v.string(MONTH_INVALID_MESSAGE),
        v.trim(),
        v.check((s) => s === '' || MONTH_PATTERN.test(s), MONTH_INVALID_MESSAGE),
      ),
    ),
  },
  UNKNOWN_FIELD,
);
export type ReconciliationQuery = v.InferOutput<typeof ReconciliationQuery>;

export const MISMATCH_TYPES = [
  /** On our side, not reported by the provider for the month. */
  'missing_at_provider',
  /** Reported by the provider, not on our side for the month. */
  'missing_in_ours',
  /** On both sides with different amounts. */
  'amount_differs',
  /** The provider moved money our record does not agree with (a charge we hold as failed, a refund of
   *  a payment we hold as paid). */
  'status_differs',
] as const;
export type MismatchType = (typeof MISMATCH_TYPES)[number];

const money = v.string();

export const ReconciliationLineSchema = v.object({
  /** Ours: the payment's UID (a refund: its provider refund id when known); the provider's: its line id. */
  id: v.string(),
  kind: v.picklist(['payment', 'refund']),
  /** The provider's payment id (pi_…): what the two sides are matched by. */
  paymentId: v.string(),
  /** Positive for a payment, negative for a refund. */
  amount: money,
  /** The provider's fee on this line; on our side the fee the provider reported for it, null when it
   *  reported none (we record no fees ourselves). */
  fee: v.nullable(money),
  net: money,
  /** When the money moved (ours: paid or refunded at; the provider's: its line's time). */
  at: v.string(),
  /** Ours only: the payment's status now (succeeded, refunded, failed, ...). */
  status: v.optional(v.string()),
  /** Ours only: the lead's domain. */
  domainName: v.optional(v.string()),
  /** Set when this line is part of a mismatch. */
  mismatch: v.optional(v.picklist(MISMATCH_TYPES)),
});
export type ReconciliationLine = v.InferOutput<typeof ReconciliationLineSchema>;

export const ReconciliationTotalsSchema = v.object({
  /** Payments. */
  gross: money,
  /** Refunds, as a positive figure. */
  refunds: money,
  fees: money,
  /** gross − refunds − fees. */
  net: money,
  payments: v.number(),
  refundCount: v.number(),
});
export type ReconciliationTotals = v.InferOutput<typeof ReconciliationTotalsSchema>;

export const MismatchSchema = v.object({
  type: v.picklist(MISMATCH_TYPES),
  kind: v.picklist(['payment', 'refund']),
  paymentId: v.string(),
  /** Our amount and the provider's, when that side has the line. */
  ours: v.nullable(money),
  provider: v.nullable(money),
  /** status_differs: the status our record holds. */
  ourStatus: v.optional(v.string()),
});
export type Mismatch = v.InferOutput<typeof MismatchSchema>;

export const ReconciliationSchema = v.object({
  month: v.string(),
  /** The period, [from, to), ISO instants (UTC month). */
  from: v.string(),
  to: v.string(),
  provider: v.object({ name: v.picklist(['stripe', 'sandbox']), testMode: v.boolean() }),
  ours: v.object({ lines: v.array(ReconciliationLineSchema), totals: ReconciliationTotalsSchema }),
  reported: v.object({ lines: v.array(ReconciliationLineSchema), totals: ReconciliationTotalsSchema }),
  mismatches: v.array(MismatchSchema),
  /** Lines found alike on both sides. */
  matched: v.number(),
});
export type Reconciliation = v.InferOutput<typeof ReconciliationSchema>;
