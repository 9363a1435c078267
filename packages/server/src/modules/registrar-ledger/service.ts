/**
 * THE registrar ledger (decisions A19, A20, B9; docs/decisions/051-registrar-ledger.md).
 * Every figure of registrar money comes from here: the registrar's affiliate dashboard, their monthly
 * statements and CSVs, and the admin's settlement summary and transaction CSV, so no two screens can
 * disagree. Nothing is stored but what cannot be derived (payouts an admin recorded); the ledger is
 * computed on read from leads and payments, and clicks from the daily roll-up registrar_click_days.
 *
 * The rules (packages/shared/src/schemas/registrar-ledger.ts states them on the wire; docs/api.md in words):
 * - Credit, on the day a referred lead is paid: the registrar's `percentage` of the initial fee the
 *   buyer actually paid (payments.amount_cents; a lead paid with a 100% promo code paid 0 and credits
 *   0.00, though it counts as a sale) — pricing.ts registrarFeeShare, rounded per lead.
 * - Credit, on the day a referred lead is sold: `commissionPercentage` of our commission on it
 *   (leads.commission_cents) — pricing.ts registrarCommissionShare.
 * - Clawback, on the day of a refund (possibly a later month than the credit): what that lead's payment
 *   credited, when the refund comes within REGISTRAR_CLAWBACK_DAYS of the payment.
 * - Days are UTC calendar days. A month's statement (credits − clawbacks) is payable from the first day
 *   of the following month; an admin records the payout once per registrar and month (recording again
 *   corrects it).
 * - The rates are the registrar's current ones: the `percentage` and `commissionPercentage` on the
 *   account with the Registrar role whose registrarUID is the registrar (the oldest active one when
 *   several), REGISTRAR_SHARE_DEFAULTS when there is none.
 */
import { AppError } from '@domain-broker/shared/errors';
import {
  type Cents,
  REGISTRAR_SHARE_DEFAULTS,
  registrarCommissionShare,
  registrarFeeShare,
} from '@domain-broker/shared/pricing';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import {
  type CsvAnswer,
  type LedgerLine,
  type LedgerLineKind,
  NO_TRANSACTION_DATA_MESSAGE,
  REGISTRAR_CLAWBACK_DAYS,
  REGISTRAR_LEDGER_ERRORS,
  type RecordPayoutBody,
  type RegistrarChartPoint,
  type RegistrarLeadRow,
  type RegistrarLeadsAnswer,
  type RegistrarLeadsQuery,
  type SettleQuery,
  type SettleRow,
  type Statement,
  type StatementsQuery,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { registrars } from '#server/db/schema/accounts.ts';
import { registrarPayouts } from '#server/db/schema/partners.ts';
import { hasRole } from '../auth/middleware.ts';
import { csvDocument, csvFileName } from './csv.ts';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Money and days

/** Cents to the wire's dollars with two decimals, negative allowed: -120 → "-1.20". */
export function money(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => dayOf(new Date(startOf(day).getTime() + n * DAY_MS));
const monthStart = (month: string) => `${month}-01`;
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function rangeError(field: string): AppError {
  const message = REGISTRAR_LEDGER_ERRORS.dateRange;
  return new AppError('VALIDATION_FAILED', { message, errors: [{ field, message }] });
}

/** A half-open UTC window [from, to) of days; undefined ends are open. */
interface Window {
  from?: string;
  /** Exclusive. */
  to?: string;
}

// ---------------------------------------------------------------------------------------------------
// Who may see whose ledger

type Actor = Pick<UserProfile, 'UID' | 'roles' | 'registrarUID'>;

/** One registrar's ledger, or every registrar's (the admin's consolidated view). */
export type Scope = { kind: 'one'; registrarUid: string; name: string } | { kind: 'all' };

async function registrarNamed(db: Db, uid: string): Promise<{ uid: string; name: string }> {
  const [row] = await db
    .select({ uid: registrars.uid, name: registrars.name })
    .from(registrars)
    .where(eq(registrars.uid, uid))
    .limit(1);
  if (!row) throw new AppError('REGISTRAR_NOT_FOUND');
  return row;
}

/**
 * A Registrar always reads their own ledger, whatever registrarUID says; an Admin reads the one they
 * name (or all of them when `consolidate`); every other role is refused.
 */
export async function scopeFor(
  db: Db,
  actor: Actor,
  query: { registrarUID?: string; consolidateDashboard?: 'true' | 'false' },
): Promise<Scope> {
  if (hasRole(actor, ['Admin'])) {
    if (query.consolidateDashboard === 'true') return { kind: 'all' };
    if (!query.registrarUID) throw new AppError('REGISTRAR_UID_MISSING');
    const r = await registrarNamed(db, query.registrarUID);
    return { kind: 'one', registrarUid: r.uid, name: r.name };
  }
  if (hasRole(actor, ['Registrar'])) {
    if (!actor.registrarUID) throw new AppError('REGISTRAR_NOT_FOUND');
    const r = await registrarNamed(db, actor.registrarUID);
    return { kind: 'one', registrarUid: r.uid, name: r.name };
  }
  throw new AppError('PERMISSION_DENIED');
}

// ---------------------------------------------------------------------------------------------------
// Rates

export interface Rates {
  percentage: number;
  commissionPercentage: number;
}

/** Each registrar's rates (decision A20), from its Registrar account; defaults when it has none. */
export async function ratesOf(db: Db, registrarUid?: string): Promise<Map<string, Rates>> {
  const result = await db.execute(sql`
    select distinct on (u.registrar_uid) u.registrar_uid as "registrarUid", u.percentage,
      u.commission_percentage as "commissionPercentage"
    from users u
    join user_roles ur on ur.user_uid = u.uid
    join roles r on r.uid = ur.role_uid and r.role_type = 'Registrar'
    where u.registrar_uid is not null ${registrarUid ? sql`and u.registrar_uid = ${registrarUid}` : sql``}
    order by u.registrar_uid, (u.deactivated_at is not null), u.created_at, u.uid`);
  const rows = (result as unknown as { rows: (Rates & { registrarUid: string })[] }).rows;
  return new Map(
    rows.map((r) => [
      r.registrarUid,
      { percentage: Number(r.percentage), commissionPercentage: Number(r.commissionPercentage) },
    ]),
  );
}

const rateFor = (rates: Map<string, Rates>, uid: string): Rates =>
  rates.get(uid) ?? { ...REGISTRAR_SHARE_DEFAULTS };

// ---------------------------------------------------------------------------------------------------
// The ledger by day

/** One registrar's day, in cents. */
export interface LedgerDay {
  registrarUid: string;
  date: string;
  clicks: number;
  sales: number;
  feeShare: Cents;
  salesCommission: Cents;
  clawbacks: Cents;
}

const dayBounds = (column: ReturnType<typeof sql.raw>, w: Window) =>
  sql`${w.from ? sql`and ${column} >= ${startOf(w.from).toISOString()}::timestamptz` : sql``}
      ${w.to ? sql`and ${column} < ${startOf(w.to).toISOString()}::timestamptz` : sql``}`;

/** The fee the buyer actually paid: a promo payment paid nothing. */
const PAID_FEE = sql.raw(`(case when p.method = 'promo' then 0 else p.amount_cents end)`);
/** Refunds within the clawback window of their payment. */
const CLAWBACK_WINDOW = sql.raw(`p.refunded_at < l.paid_at + interval '${REGISTRAR_CLAWBACK_DAYS} days'`);

/**
 * Every registrar day with any activity in the window (clicks, paid referred leads, sales, clawbacks),
 * one query: the SQL groups per day and amount, the shares are computed here with pricing.ts, per lead.
 */
export async function ledgerDays(db: Db, scope: Scope, w: Window): Promise<LedgerDay[]> {
  return (await ledgerDaysWithRates(db, scope, w)).days;
}

/** ledgerDays and the rates it applied. */
async function ledgerDaysWithRates(
  db: Db,
  scope: Scope,
  w: Window,
): Promise<{ days: LedgerDay[]; rates: Map<string, Rates> }> {
  const uid = scope.kind === 'one' ? scope.registrarUid : undefined;
  const lead = uid ? sql`l.registrar_uid = ${uid}` : sql`l.registrar_uid is not null`;
  const clickOf = uid ? sql`c.registrar_uid = ${uid}` : sql`true`;
  // Grouped by the UTC day as a date and the amount as an integer, then made text and float once per
  // group rather than once per lead. Each part reads one index alone (migration 0014, ADR 051):
  // leads_registrar_paid_idx then payments_paid_fee_idx, leads_registrar_sold_idx, payments_refunded_idx.
  const result = await db.execute(sql`
    select kind, r, d::text as d, amount::float8 as amount, n::int as n from (
      select 'fee' as kind, l.registrar_uid as r, (l.paid_at at time zone 'UTC')::date as d,
        ${PAID_FEE}::bigint as amount, count(*) as n
      from leads l join payments p on p.lead_uid = l.uid and p.status in ('succeeded', 'refunded')
      where ${lead} and l.paid_at is not null ${dayBounds(sql.raw('l.paid_at'), w)}
      group by 1, 2, 3, 4
      union all
      select 'sale', l.registrar_uid, (l.sold_at at time zone 'UTC')::date, l.commission_cents, count(*)
      from leads l
      where ${lead} and l.status = 'sold' and l.sold_at is not null and l.commission_cents is not null
        ${dayBounds(sql.raw('l.sold_at'), w)}
      group by 1, 2, 3, 4
      union all
      select 'clawback', l.registrar_uid, (p.refunded_at at time zone 'UTC')::date, ${PAID_FEE}::bigint,
        count(*)
      from leads l join payments p on p.lead_uid = l.uid and p.status = 'refunded'
      where ${lead} and p.refunded_at is not null and ${CLAWBACK_WINDOW}
        ${dayBounds(sql.raw('p.refunded_at'), w)}
      group by 1, 2, 3, 4
      union all
      select 'click', c.registrar_uid, c.day, 0::bigint, c.clicks::bigint
      from registrar_click_days c
      where ${clickOf} and c.clicks > 0
        ${w.from ? sql`and c.day >= ${w.from}::date` : sql``} ${w.to ? sql`and c.day < ${w.to}::date` : sql``}
    ) g`);
  const rows = (
    result as unknown as { rows: { kind: string; r: string; d: string; amount: number; n: number }[] }
  ).rows;
  const rates = await ratesOf(db, uid);
  const days = new Map<string, LedgerDay>();
  for (const row of rows) {
    const key = `${row.r}\u0000${row.d}`;
    let day = days.get(key);
    if (!day) {
      day = {
        registrarUid: row.r,
        date: row.d,
        clicks: 0,
        sales: 0,
        feeShare: 0,
        salesCommission: 0,
        clawbacks: 0,
      };
      days.set(key, day);
    }
    const rate = rateFor(rates, row.r);
    const n = Number(row.n);
    const amount = Number(row.amount);
    if (row.kind === 'fee') {
      day.sales += n;
      day.feeShare += n * registrarFeeShare(rate.percentage, amount);
    } else if (row.kind === 'sale') {
      day.salesCommission += n * registrarCommissionShare(amount, rate.commissionPercentage);
    } else if (row.kind === 'clawback') {
      day.clawbacks += n * registrarFeeShare(rate.percentage, amount);
    } else day.clicks += n;
  }
  return { days: [...days.values()], rates };
}

const dayTotal = (d: LedgerDay) => d.feeShare + d.salesCommission - d.clawbacks;

// ---------------------------------------------------------------------------------------------------
// GET /getRegistrarLeads and its CSV

function leadsWindow(q: RegistrarLeadsQuery): Window {
  const from = q.fromDate || undefined;
  const to = q.toDate || undefined;
  if (from && to && to < from) throw rangeError('toDate');
  return { from, to: to ? addDays(to, 1) : undefined };
}

type SortKey = RegistrarLeadsQuery['sortBy'];

function sortValue(row: LedgerDay & { name: string }, key: SortKey): number | string {
  switch (key) {
    case 'clicks':
      return row.clicks;
    case 'sales':
      return row.sales;
    case 'commission':
      return row.feeShare;
    case 'sales_commission':
      return row.salesCommission;
    case 'refunds':
      return row.clawbacks;
    case 'total':
      return dayTotal(row);
    case 'name':
      return row.name.toLowerCase();
    default:
      return row.date;
  }
}

interface Selection {
  scope: Scope;
  rows: (LedgerDay & { name: string })[];
  window: Window;
  rates: Map<string, Rates>;
}

/** The rows the filters select, sorted (every page). */
async function selectLeadDays(db: Db, actor: Actor, q: RegistrarLeadsQuery): Promise<Selection> {
  const scope = await scopeFor(db, actor, q);
  const window = leadsWindow(q);
  const { days, rates } = await ledgerDaysWithRates(db, scope, window);
  const names =
    scope.kind === 'one'
      ? new Map([[scope.registrarUid, scope.name]])
      : new Map(
          (await db.select({ uid: registrars.uid, name: registrars.name }).from(registrars)).map((r) => [
            r.uid,
            r.name,
          ]),
        );
  const rows = days.map((d) => ({ ...d, name: names.get(d.registrarUid) ?? d.registrarUid }));
  const dir = q.sortType === 'ASC' ? 1 : -1;
  const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort(
    (a, b) =>
      dir * cmp(sortValue(a, q.sortBy), sortValue(b, q.sortBy)) ||
      // Ties: newest day first, then by registrar name and id (a stable order for paging).
      cmp(b.date, a.date) ||
      cmp(a.name.toLowerCase(), b.name.toLowerCase()) ||
      cmp(a.registrarUid, b.registrarUid),
  );
  return { scope, rows, window, rates };
}

function presentLeadRow(row: LedgerDay & { name: string }, consolidated: boolean): RegistrarLeadRow {
  return {
    date: row.date,
    clicks: row.clicks,
    sales: row.sales,
    commission: money(row.feeShare),
    sales_commission: money(row.salesCommission),
    refunds: money(row.clawbacks),
    total: money(dayTotal(row)),
    ...(consolidated ? { name: row.name, registrarUID: row.registrarUid } : {}),
  };
}

/** The chart: every day of the selection (days without activity as zeros), all registrars together. */
function chartOf(rows: LedgerDay[], w: Window): RegistrarChartPoint[] {
  const byDay = new Map<string, { clicks: number; paidLeads: number; earnings: Cents }>();
  for (const r of rows) {
    const p = byDay.get(r.date) ?? { clicks: 0, paidLeads: 0, earnings: 0 };
    p.clicks += r.clicks;
    p.paidLeads += r.sales;
    p.earnings += dayTotal(r);
    byDay.set(r.date, p);
  }
  if (byDay.size === 0) return [];
  const known = [...byDay.keys()].sort();
  const first = w.from ?? known[0]!;
  const last = w.to ? addDays(w.to, -1) : known.at(-1)!;
  const points: RegistrarChartPoint[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const p = byDay.get(d);
    points.push({
      date: d,
      clicks: p?.clicks ?? 0,
      paidLeads: p?.paidLeads ?? 0,
      earnings: money(p?.earnings ?? 0),
    });
  }
  return points;
}

export async function registrarLeads(
  db: Db,
  actor: Actor,
  q: RegistrarLeadsQuery,
): Promise<RegistrarLeadsAnswer> {
  const { scope, rows, window } = await selectLeadDays(db, actor, q);
  const consolidated = scope.kind === 'all';
  const page =
    q.limit === 'All'
      ? rows
      : rows.slice((q.pageNumber - 1) * Number(q.limit), q.pageNumber * Number(q.limit));
  const sum = (f: (r: LedgerDay) => number) => rows.reduce((s, r) => s + f(r), 0);
  const rates =
    scope.kind === 'one' ? rateFor(await ratesOf(db, scope.registrarUid), scope.registrarUid) : null;
  return {
    leads: page.map((r) => presentLeadRow(r, consolidated)),
    totalRows: rows.length,
    totals: {
      total_click: sum((r) => r.clicks),
      total_soldCount: sum((r) => r.sales),
      total_initialFee: money(sum((r) => r.feeShare)),
      total_saleCommission: money(sum((r) => r.salesCommission)),
      total_refunds: money(sum((r) => r.clawbacks)),
      total_amount: money(sum(dayTotal)),
    },
    rates,
    chart: chartOf(rows, window),
  };
}

export async function registrarLeadsCsv(db: Db, actor: Actor, q: RegistrarLeadsQuery): Promise<CsvAnswer> {
  const { scope, rows } = await selectLeadDays(db, actor, q);
  const consolidated = scope.kind === 'all';
  const header = [
    'Date',
    ...(consolidated ? ['Registrar', 'Registrar Id'] : []),
    'Clicks',
    'Sales',
    'Initial Fee Share',
    'Sales Commission',
    'Refunds',
    'Total',
  ];
  const lines = rows.map((r) => {
    const p = presentLeadRow(r, consolidated);
    return [
      p.date,
      ...(consolidated ? [r.name, r.registrarUid] : []),
      p.clicks,
      p.sales,
      p.commission,
      p.sales_commission,
      p.refunds,
      p.total,
    ];
  });
  const who = scope.kind === 'one' ? scope.registrarUid : 'all-registrars';
  return {
    csv: csvDocument(header, lines),
    fileName: csvFileName(['registrar-leads', who, q.fromDate || 'start', q.toDate || 'today']),
  };
}

// ---------------------------------------------------------------------------------------------------
// Statements and payouts

/** The month a statement becomes payable: the first day of the following month. */
export const payableFrom = (month: string) => monthStart(nextMonth(month));

async function payoutsOf(db: Db, registrarUid: string, w: { from: string; to: string }) {
  const rows = await db
    .select()
    .from(registrarPayouts)
    .where(
      and(
        eq(registrarPayouts.registrarUid, registrarUid),
        gte(registrarPayouts.month, w.from),
        lt(registrarPayouts.month, w.to),
      ),
    );
  return new Map(rows.map((r) => [String(r.month).slice(0, 7), r]));
}

function statementOf(
  registrarUid: string,
  month: string,
  days: LedgerDay[],
  payout: typeof registrarPayouts.$inferSelect | undefined,
): Statement {
  let credits = 0;
  let clawbacks = 0;
  for (const d of days)
    if (d.date.startsWith(month)) {
      credits += d.feeShare + d.salesCommission;
      clawbacks += d.clawbacks;
    }
  return {
    registrarUID: registrarUid,
    month,
    credits: money(credits),
    clawbacks: money(clawbacks),
    payable: money(credits - clawbacks),
    payableFrom: payableFrom(month),
    paidAt: payout ? dayOf(payout.paidAt) : null,
    paidAmount: payout ? money(payout.amountCents) : null,
    reference: payout?.reference ?? '',
  };
}

/** A registrar's own statements, or (Admin) the named registrar's; other roles are refused. */
async function statementScope(db: Db, actor: Actor, registrarUID?: string) {
  const scope = await scopeFor(db, actor, { registrarUID, consolidateDashboard: 'false' });
  if (scope.kind !== 'one') throw new AppError('REGISTRAR_UID_MISSING');
  return scope;
}

/**
 * GET /registrarStatements: one statement per month of the year, newest first, up to the current
 * month (future months are not listed; a month without activity is a zero statement).
 */
export async function registrarStatements(
  db: Db,
  actor: Actor,
  q: StatementsQuery,
  now: Date,
): Promise<Statement[]> {
  const scope = await statementScope(db, actor, q.registrarUID);
  const year = q.year ?? String(now.getUTCFullYear());
  const thisMonth = dayOf(now).slice(0, 7);
  const months: string[] = [];
  for (let m = `${year}-01`; m <= `${year}-12` && m <= thisMonth; m = nextMonth(m)) months.push(m);
  if (!months.length) return [];
  const w = { from: monthStart(months[0]!), to: monthStart(nextMonth(months.at(-1)!)) };
  const days = await ledgerDays(db, scope, w);
  const payouts = await payoutsOf(db, scope.registrarUid, w);
  return months.reverse().map((m) => statementOf(scope.registrarUid, m, days, payouts.get(m)));
}

interface LineRow {
  kind: LedgerLineKind;
  at: string;
  uid: string;
  domain: string;
  fee: number | null;
  commission: number | null;
}

/** Every credit and clawback of one registrar in a window, one line each, oldest first. */
export async function ledgerLines(db: Db, registrarUid: string, w: Window): Promise<LedgerLine[]> {
  const result = await db.execute(sql`
    select 'initial_fee_share' as kind, to_char(l.paid_at at time zone 'UTC', 'YYYY-MM-DD') as at,
      l.paid_at as ts, l.uid::text as uid, l.domain_name as domain, ${PAID_FEE}::float8 as fee,
      null::float8 as commission
    from leads l join payments p on p.lead_uid = l.uid and p.status in ('succeeded', 'refunded')
    where l.registrar_uid = ${registrarUid} and l.paid_at is not null ${dayBounds(sql.raw('l.paid_at'), w)}
    union all
    select 'sales_commission', to_char(l.sold_at at time zone 'UTC', 'YYYY-MM-DD'), l.sold_at, l.uid::text,
      l.domain_name, null::float8, l.commission_cents::float8
    from leads l
    where l.registrar_uid = ${registrarUid} and l.status = 'sold' and l.sold_at is not null
      and l.commission_cents is not null ${dayBounds(sql.raw('l.sold_at'), w)}
    union all
    select 'clawback', to_char(p.refunded_at at time zone 'UTC', 'YYYY-MM-DD'), p.refunded_at, l.uid::text,
      l.domain_name, ${PAID_FEE}::float8, null::float8
    from leads l join payments p on p.lead_uid = l.uid and p.status = 'refunded'
    where l.registrar_uid = ${registrarUid} and p.refunded_at is not null and ${CLAWBACK_WINDOW}
      ${dayBounds(sql.raw('p.refunded_at'), w)}
    order by 3, 1, 4`);
  const rows = (result as unknown as { rows: LineRow[] }).rows;
  const rate = rateFor(await ratesOf(db, registrarUid), registrarUid);
  return rows.map((r) => ({
    date: r.at,
    kind: r.kind,
    leadUID: r.uid,
    domainName: r.domain,
    amount: money(
      r.kind === 'sales_commission'
        ? registrarCommissionShare(Number(r.commission), rate.commissionPercentage)
        : (r.kind === 'clawback' ? -1 : 1) * registrarFeeShare(rate.percentage, Number(r.fee)),
    ),
  }));
}

const KIND_LABEL: Record<LedgerLineKind, string> = {
  initial_fee_share: 'Initial fee share',
  sales_commission: 'Sales commission',
  clawback: 'Refund clawback',
};

/** GET /registrarStatements/{month}/csv: the month's ledger lines (never the buyer's personal data). */
export async function statementCsv(
  db: Db,
  actor: Actor,
  month: string,
  q: StatementsQuery,
): Promise<CsvAnswer> {
  const scope = await statementScope(db, actor, q.registrarUID);
  const lines = await ledgerLines(db, scope.registrarUid, {
    from: monthStart(month),
    to: monthStart(nextMonth(month)),
  });
  return {
    csv: csvDocument(
      ['Date', 'Kind', 'Lead', 'Domain', 'Amount'],
      lines.map((l) => [l.date, KIND_LABEL[l.kind], l.leadUID, l.domainName, l.amount]),
    ),
    fileName: csvFileName(['statement', scope.registrarUid, month]),
  };
}

/** PUT /registrarPayouts (Admin): records that a payable month was paid; recording again corrects it. */
export async function recordPayout(
  db: Db,
  actor: Actor,
  body: RecordPayoutBody,
  now: Date,
): Promise<Statement> {
  const registrar = await registrarNamed(db, body.registrarUID);
  const today = dayOf(now);
  if (payableFrom(body.month) > today) throw new AppError('PAYOUT_NOT_PAYABLE_YET');
  if (body.paidAt > today) {
    const message = REGISTRAR_LEDGER_ERRORS.paidInFuture;
    throw new AppError('VALIDATION_FAILED', { message, errors: [{ field: 'paidAt', message }] });
  }
  const [whole, fraction = ''] = body.amount.split('.');
  const amountCents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const values = {
    registrarUid: registrar.uid,
    month: monthStart(body.month),
    amountCents,
    paidAt: startOf(body.paidAt),
    reference: body.reference ?? '',
    recordedBy: actor.UID,
  };
  await db
    .insert(registrarPayouts)
    .values(values)
    .onConflictDoUpdate({
      target: [registrarPayouts.registrarUid, registrarPayouts.month],
      set: {
        amountCents: values.amountCents,
        paidAt: values.paidAt,
        reference: values.reference,
        recordedBy: values.recordedBy,
      },
    });
  const w = { from: monthStart(body.month), to: monthStart(nextMonth(body.month)) };
  const scope: Scope = { kind: 'one', registrarUid: registrar.uid, name: registrar.name };
  const days = await ledgerDays(db, scope, w);
  const payouts = await payoutsOf(db, registrar.uid, w);
  return statementOf(registrar.uid, body.month, days, payouts.get(body.month));
}

// ---------------------------------------------------------------------------------------------------
// The admin's settlement (the Registrar Dashboard tab)

function settleWindow(q: SettleQuery): Required<Window> {
  if (q.endDate < q.startDate) throw rangeError('endDate');
  return { from: q.startDate, to: addDays(q.endDate, 1) };
}

/** '' all sources; 'direct' direct users; else one registrar (which must exist). */
async function settleFilter(db: Db, registrarUID?: string): Promise<'all' | 'direct' | string> {
  const f = (registrarUID ?? '').trim();
  if (f === '') return 'all';
  if (f.toLowerCase() === 'direct') return 'direct';
  return (await registrarNamed(db, f)).uid;
}

interface Transaction {
  date: string;
  ts: string;
  type: 'Payment' | 'Refund' | 'Sale';
  registrarUid: string | null;
  leadUid: string;
  domain: string;
  /** Fee paid, fee refunded (negative) or our commission on a sale. */
  amount: Cents;
  /** The ledger's line for it: credit, clawback (negative), 0 for direct or outside the window. */
  share: Cents;
  /** How many identical transactions this stands for: 1 for a line, more for the summary's groups. */
  count: number;
}

/**
 * Every payment, refund and sale in the window, with the registrar's share the ledger books for it.
 * `grouped`: identical transactions (type, source, amount, booked) come as one with their count, which
 * is all the settle summary needs (dates, leads and domains are then empty).
 */
async function transactions(
  db: Db,
  filter: string,
  w: Required<Window>,
  grouped = false,
): Promise<Transaction[]> {
  const source =
    filter === 'all'
      ? sql`true`
      : filter === 'direct'
        ? sql`l.registrar_uid is null`
        : sql`l.registrar_uid = ${filter}`;
  const result = grouped
    ? await db.execute(sql`
    select 'Payment' as type, '' as date, '' as ts, l.registrar_uid as r, '' as uid, '' as domain,
      ${PAID_FEE}::float8 as amount, true as booked, count(*)::int as n
    from leads l join payments p on p.lead_uid = l.uid and p.status in ('succeeded', 'refunded')
    where ${source} and l.paid_at is not null ${dayBounds(sql.raw('l.paid_at'), w)}
    group by 4, 7
    union all
    select 'Refund', '', '', l.registrar_uid, '', '', ${PAID_FEE}::float8, ${CLAWBACK_WINDOW}, count(*)::int
    from leads l join payments p on p.lead_uid = l.uid and p.status = 'refunded'
    where ${source} and p.refunded_at is not null ${dayBounds(sql.raw('p.refunded_at'), w)}
    group by 4, 7, 8
    union all
    select 'Sale', '', '', l.registrar_uid, '', '', l.commission_cents::float8, true, count(*)::int
    from leads l
    where ${source} and l.status = 'sold' and l.sold_at is not null and l.commission_cents is not null
      ${dayBounds(sql.raw('l.sold_at'), w)}
    group by 4, 7`)
    : await db.execute(sql`
    select 'Payment' as type, to_char(l.paid_at at time zone 'UTC', 'YYYY-MM-DD') as date, l.paid_at as ts,
      l.registrar_uid as r, l.uid::text as uid, l.domain_name as domain, ${PAID_FEE}::float8 as amount,
      true as booked, 1 as n
    from leads l join payments p on p.lead_uid = l.uid and p.status in ('succeeded', 'refunded')
    where ${source} and l.paid_at is not null ${dayBounds(sql.raw('l.paid_at'), w)}
    union all
    select 'Refund', to_char(p.refunded_at at time zone 'UTC', 'YYYY-MM-DD'), p.refunded_at, l.registrar_uid,
      l.uid::text, l.domain_name, ${PAID_FEE}::float8, ${CLAWBACK_WINDOW}, 1
    from leads l join payments p on p.lead_uid = l.uid and p.status = 'refunded'
    where ${source} and p.refunded_at is not null ${dayBounds(sql.raw('p.refunded_at'), w)}
    union all
    select 'Sale', to_char(l.sold_at at time zone 'UTC', 'YYYY-MM-DD'), l.sold_at, l.registrar_uid,
      l.uid::text, l.domain_name, l.commission_cents::float8, true, 1
    from leads l
    where ${source} and l.status = 'sold' and l.sold_at is not null and l.commission_cents is not null
      ${dayBounds(sql.raw('l.sold_at'), w)}
    order by 3, 1, 5`);
  const rows = (
    result as unknown as {
      rows: {
        type: Transaction['type'];
        date: string;
        ts: unknown;
        r: string | null;
        uid: string;
        domain: string;
        amount: number;
        booked: boolean;
        n: number;
      }[];
    }
  ).rows;
  const rates = await ratesOf(db, filter === 'all' || filter === 'direct' ? undefined : filter);
  return rows.map((row) => {
    const amount = Number(row.amount);
    let share = 0;
    if (row.r && row.booked) {
      const rate = rateFor(rates, row.r);
      if (row.type === 'Sale') share = registrarCommissionShare(amount, rate.commissionPercentage);
      else share = (row.type === 'Refund' ? -1 : 1) * registrarFeeShare(rate.percentage, amount);
    }
    return {
      date: row.date,
      ts: String(row.ts),
      type: row.type,
      registrarUid: row.r,
      leadUid: row.uid,
      domain: row.domain,
      amount: row.type === 'Refund' ? -amount : amount,
      share,
      count: Number(row.n),
    };
  });
}

async function registrarNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ uid: registrars.uid, name: registrars.name }).from(registrars);
  return new Map(rows.map((r) => [r.uid, r.name]));
}

/**
 * GET /getRegistrarSettleSummary: per source of leads (Direct, each registrar) in the period, the
 * initial fees paid and refunded and what the ledger owes the registrar (credits − clawbacks, the same
 * figures as the registrar's dashboard). Sources with nothing in the period are left out.
 */
export async function settleSummary(db: Db, q: SettleQuery): Promise<SettleRow[]> {
  const w = settleWindow(q);
  const filter = await settleFilter(db, q.registrarUID);
  const txs = await transactions(db, filter, w, true);
  const names = await registrarNames(db);
  const rows = new Map<string, SettleRow & { cents: { s: Cents; r: Cents; p: Cents } }>();
  const rowFor = (r: string | null) => {
    const key = r ?? '';
    let row = rows.get(key);
    if (!row) {
      row = {
        LeadSource: r ? (names.get(r) ?? r) : 'Direct',
        RegistrarId: key,
        Success: '0.00',
        successCount: 0,
        Refunds: '0.00',
        refundCount: 0,
        Payable: '0.00',
        cents: { s: 0, r: 0, p: 0 },
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const t of txs) {
    const row = rowFor(t.registrarUid);
    if (t.type === 'Payment') {
      row.successCount += t.count;
      row.cents.s += t.count * t.amount;
    } else if (t.type === 'Refund') {
      row.refundCount += t.count;
      row.cents.r -= t.count * t.amount;
    }
    row.cents.p += t.count * t.share;
  }
  return [...rows.values()]
    .sort((a, b) =>
      a.RegistrarId === '' ? -1 : b.RegistrarId === '' ? 1 : a.LeadSource.localeCompare(b.LeadSource),
    )
    .map(({ cents, ...row }) => ({
      ...row,
      Success: money(cents.s),
      Refunds: money(cents.r),
      Payable: money(cents.p),
    }));
}

/**
 * GET /getTransactionDataCSV: every transaction the settle summary counts, one line each (its sums per
 * source are the summary's figures); the no-data message when the period has none.
 */
export async function transactionCsv(
  db: Db,
  q: SettleQuery,
): Promise<{ data: CsvAnswer } | { message: string }> {
  const w = settleWindow(q);
  const filter = await settleFilter(db, q.registrarUID);
  const txs = await transactions(db, filter, w);
  if (!txs.length) return { message: NO_TRANSACTION_DATA_MESSAGE };
  const names = await registrarNames(db);
  return {
    data: {
      csv: csvDocument(
        ['Date', 'Type', 'Lead Source', 'Registrar Id', 'Lead', 'Domain', 'Amount', 'Registrar Share'],
        txs.map((t) => [
          t.date,
          t.type,
          t.registrarUid ? (names.get(t.registrarUid) ?? t.registrarUid) : 'Direct',
          t.registrarUid ?? '',
          t.leadUid,
          t.domain,
          money(t.amount),
          money(t.share),
        ]),
      ),
      fileName: csvFileName(['transactions', filter === 'all' ? 'all' : filter, q.startDate, q.endDate]),
    },
  };
}
