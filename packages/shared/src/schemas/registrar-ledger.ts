/**
 * Registrar money on the wire (decisions A19, A20, B9). One ledger module on the
 * server (src/modules/registrar-ledger) computes every figure here, so the registrar's affiliate
 * dashboard, their monthly statement and the admin's settlement always agree.
 *
 * The rules (decision A20), in cents inside the product:
 * - a paid referred lead credits the registrar `percentage` (default 20) of the initial fee it paid,
 *   on the day it was paid;
 * - a sold referred lead credits `commissionPercentage` (default 20) of our commission, on the day of sale;
 * - a refund claws back what that lead's payment credited, on the day of the refund (possibly a later
 *   month than the credit).
 *
 * Money on this wire is dollars as strings with exactly two decimals ("3.99", "-1.20"), decision B6.
 *
 * Paths (all under /api):
 *   GET  /getRegistrarLeads            RegistrarLeadsQuery → RegistrarLeadsAnswer
 *        (Registrar: their own; Admin: any registrarUID or consolidateDashboard=true)
 *   GET  /getRegistrarLeadsCSV         RegistrarLeadsQuery → CsvAnswer (exactly the rows the filters select, every page)
 *   GET  /getRegistrarSettleSummary    SettleQuery → SettleRow[] (Admin)
 *   GET  /getTransactionDataCSV        SettleQuery → CsvAnswer, or 200 with the data message when empty (Admin)
 *   GET  /registrarStatements          StatementsQuery → Statement[] (Registrar: own; Admin: registrarUID)
 *   GET  /registrarStatements/{month}/csv  StatementsQuery → CsvAnswer (the month's ledger lines)
 *   PUT  /registrarPayouts             RecordPayoutBody → Statement (Admin: marks a month paid)
 */
import * as v from 'valibot';
import { BUYER_TERM_DAYS } from '../constants.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { optionalText, pageNumber, sortByField, sortTypeField, UNKNOWN_FIELD } from './common.ts';

/** Dollars with two decimals, possibly negative: "12.00", "-3.99". */
export type Money = string;

/** A calendar day, YYYY-MM-DD (UTC). */
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDay = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
export const dayField = v.pipe(v.string(), v.check(isRealDay, FIELD_MESSAGES.DATE_INVALID));
const optionalDay = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || isRealDay(s), FIELD_MESSAGES.DATE_INVALID),
  ),
);

/** A calendar month, YYYY-MM. */
export const monthField = v.pipe(
  v.string(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please enter a valid month.'),
);

export const REGISTRAR_LEADS_LIMITS = ['10', '30', '60', '90', 'All'] as const;
export const REGISTRAR_LEADS_SORTS = [
  'date',
  'clicks',
  'sales',
  'commission',
  'sales_commission',
  'refunds',
  'total',
  'name',
] as const;

/** GET /getRegistrarLeads (docs/api.md "Registrar money"); default Date DESC, 10 a page. */
export const RegistrarLeadsQuery = v.strictObject(
  {
    pageNumber: pageNumber(1, 100_000),
    limit: v.optional(v.picklist(REGISTRAR_LEADS_LIMITS, FIELD_MESSAGES.INVALID_ENTRY), '10'),
    sortBy: sortByField(REGISTRAR_LEADS_SORTS, 'date'),
    sortType: sortTypeField,
    /** Admin: one registrar's figures. A registrar always gets their own (this is ignored for them). */
    registrarUID: optionalText(64),
    /** Admin: every registrar together, one row per registrar and day (rows carry `name`). */
    consolidateDashboard: v.optional(v.picklist(['true', 'false'], FIELD_MESSAGES.INVALID_ENTRY), 'false'),
    fromDate: optionalDay,
    toDate: optionalDay,
  },
  UNKNOWN_FIELD,
);
export type RegistrarLeadsQuery = v.InferOutput<typeof RegistrarLeadsQuery>;

/** Dollars with two decimals, as text (no float rounding on the way). */
const money = (description = 'Dollars, two decimals') =>
  v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/), v.description(description));
const day = v.pipe(v.string(), v.isoDate());
const count = v.pipe(v.number(), v.integer());

/**
 * One day of one registrar: a row of the affiliate table (docs/product.md "Registrar affiliate dashboard").
 */
export const RegistrarLeadRowSchema = v.object({
  date: day,
  clicks: count,
  sales: v.pipe(count, v.description('Paid referred leads that day')),
  commission: money("The registrar's share of the initial fees paid that day"),
  sales_commission: money("The registrar's share of our commission on that day's sales"),
  refunds: money('What refunds that day clawed back'),
  total: money('commission + sales_commission − refunds'),
  /** Consolidated view only: the registrar's name and id. */
  name: v.optional(v.pipe(v.string(), v.description('Consolidated view only'))),
  registrarUID: v.optional(v.pipe(v.string(), v.description('Consolidated view only'))),
});
export type RegistrarLeadRow = v.InferOutput<typeof RegistrarLeadRowSchema>;

export const RegistrarLeadsTotalsSchema = v.object({
  total_click: count,
  total_soldCount: count,
  total_initialFee: money(),
  total_saleCommission: money(),
  total_refunds: money(),
  total_amount: money(),
});
export type RegistrarLeadsTotals = v.InferOutput<typeof RegistrarLeadsTotalsSchema>;

/** A point of the dashboard's chart: the whole selected period, not only the page. */
export const RegistrarChartPointSchema = v.object({
  date: day,
  clicks: count,
  paidLeads: count,
  earnings: money(),
});
export type RegistrarChartPoint = v.InferOutput<typeof RegistrarChartPointSchema>;

export const RegistrarLeadsAnswerSchema = v.object({
  leads: v.array(RegistrarLeadRowSchema),
  totalRows: count,
  /** Totals of the whole selection (every page). */
  totals: RegistrarLeadsTotalsSchema,
  /** The registrar's rates, stated in words on the dashboard (decision A20). */
  rates: v.nullable(v.object({ percentage: count, commissionPercentage: count })),
  chart: v.array(RegistrarChartPointSchema),
});
export type RegistrarLeadsAnswer = v.InferOutput<typeof RegistrarLeadsAnswerSchema>;

/** A CSV download: the file's text and the name to save it under. */
export const CsvAnswerSchema = v.object({ csv: v.string(), fileName: v.string() });
export type CsvAnswer = v.InferOutput<typeof CsvAnswerSchema>;

/** GET /getRegistrarSettleSummary and GET /getTransactionDataCSV. */
export const SettleQuery = v.strictObject(
  {
    startDate: dayField,
    endDate: dayField,
    /** Empty: all transactions; 'direct': direct users; else one registrar's id. */
    registrarUID: optionalText(64),
  },
  UNKNOWN_FIELD,
);
export type SettleQuery = v.InferOutput<typeof SettleQuery>;

/** One source of paid leads in a period (the settle summary, docs/product.md "Staff workspace"). */
export const SettleRowSchema = v.object({
  /** 'Direct' or the registrar's name. */
  LeadSource: v.string(),
  /** The registrar's id; '' for direct users. */
  RegistrarId: v.string(),
  /** Initial fees paid in the period, and how many. */
  Success: money(),
  successCount: count,
  /** Initial fees refunded in the period, and how many. */
  Refunds: money(),
  refundCount: count,
  /** What we owe the registrar for the period (the ledger's credits − clawbacks); '0.00' for direct. */
  Payable: money(),
});
export type SettleRow = v.InferOutput<typeof SettleRowSchema>;

/** GET /registrarStatements. */
export const StatementsQuery = v.strictObject(
  {
    /** Admin: whose statements. A registrar always gets their own. */
    registrarUID: optionalText(64),
    /** The year to list (default: the current one). */
    year: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/, FIELD_MESSAGES.INVALID_ENTRY))),
  },
  UNKNOWN_FIELD,
);
export type StatementsQuery = v.InferOutput<typeof StatementsQuery>;

export const LEDGER_LINE_KINDS = ['initial_fee_share', 'sales_commission', 'clawback'] as const;
export type LedgerLineKind = (typeof LEDGER_LINE_KINDS)[number];

/** One line of a statement: one credit or clawback, never the buyer's personal data. */
export interface LedgerLine {
  date: string;
  kind: LedgerLineKind;
  leadUID: string;
  domainName: string;
  amount: Money;
}

/** A registrar's month: what it earned, what refunds took back, what is payable and when it was paid. */
export const StatementSchema = v.object({
  registrarUID: v.string(),
  month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
  credits: money(),
  clawbacks: money(),
  payable: money(),
  /** Payable from the first day of the following month (the rules text on the dashboard says so). */
  payableFrom: day,
  paidAt: v.nullable(day),
  paidAmount: v.nullable(money()),
  reference: v.string(),
});
export type Statement = v.InferOutput<typeof StatementSchema>;

/** PUT /registrarPayouts: an admin records that a month was paid (again: corrects the record). */
export const RecordPayoutBody = v.strictObject(
  {
    registrarUID: v.pipe(
      v.string(),
      v.minLength(1, FIELD_MESSAGES.INVALID_ENTRY),
      v.maxLength(64, FIELD_MESSAGES.INVALID_ENTRY),
    ),
    month: monthField,
    amount: v.pipe(v.string(), v.regex(/^\d{1,10}(\.\d{1,2})?$/, FIELD_MESSAGES.AMOUNT_INVALID)),
    paidAt: dayField,
    reference: optionalText(200),
  },
  UNKNOWN_FIELD,
);
export type RecordPayoutBody = v.InferOutput<typeof RecordPayoutBody>;

/**
 * How long after a payment a refund still claws back the registrar's share of it: the initial term
 * (120 days, BUYER_TERM_DAYS). Refunds happen only while the broker holds the lead (checkout's
 * refund rules: the buyer within 7 days, staff until the lead is sold or closed), so in practice every
 * refund falls inside it; a later refund (a goodwill gesture) costs the registrar nothing.
 */
export const REGISTRAR_CLAWBACK_DAYS = BUYER_TERM_DAYS;

/**
 * GET /getTransactionDataCSV answers 200 with this `message` (and no `data`) when the period has no
 * transaction: the spec's "data message", the catalogue's 'Data not found.' (errors.ts DATA_NOT_FOUND).
 */
export const NO_TRANSACTION_DATA_MESSAGE = 'Data not found.';

/** Validation texts this wire answers (field `toDate`/`endDate`, `paidAt`). */
export const REGISTRAR_LEDGER_ERRORS = {
  dateRange: FIELD_MESSAGES.DATE_RANGE,
  paidInFuture: FIELD_MESSAGES.PAID_IN_FUTURE,
} as const;
