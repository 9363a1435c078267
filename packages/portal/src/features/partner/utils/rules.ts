/**
 * The registrar affiliate dashboard's rules as pure functions
 * (docs/product.md "Registrar affiliate dashboard"; decisions A10, A20), tested on their own.
 */
import {
  REGISTRAR_LEADS_LIMITS,
  REGISTRAR_LEADS_SORTS,
  type RegistrarChartPoint,
  type RegistrarLeadsQuery,
} from '@domain-broker/shared/schemas/registrar-ledger';

export type LeadsLimit = (typeof REGISTRAR_LEADS_LIMITS)[number];
export type LeadsSort = (typeof REGISTRAR_LEADS_SORTS)[number];

/** Where the dashboard keeps its state in the address, so a reload or a shared link shows the same. */
export const KEYS = {
  page: 'page',
  limit: 'limit',
  sort: 'sort',
  dir: 'dir',
  from: 'from',
  to: 'to',
  /** Admin: a registrar's id, or `all` for the consolidated view. */
  registrar: 'registrar',
} as const;

/** An admin opens the affiliate view at /dashboard?view=affiliate&registrar=UID (or registrar=all). */
export const AFFILIATE_VIEW = 'affiliate';
export const CONSOLIDATED = 'all';

export interface DashboardState {
  page: number;
  limit: LeadsLimit;
  sortBy: LeadsSort;
  sortType: 'ASC' | 'DESC';
  fromDate: string;
  toDate: string;
  /** Admin only: whose figures ('' = none chosen yet, `all` = consolidated). */
  registrar: string;
}

/** The default (docs/product.md "Business constants and limits"): 10 a page, Date DESC, no dates. */
export const DEFAULT_STATE: DashboardState = {
  page: 1,
  limit: '10',
  sortBy: 'date',
  sortType: 'DESC',
  fromDate: '',
  toDate: '',
  registrar: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string | null): s is string =>
  !!s && DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** The dashboard's state from the address; anything unknown falls back to the default. */
export function stateFrom(params: URLSearchParams): DashboardState {
  const page = Number(params.get(KEYS.page));
  const limit = params.get(KEYS.limit);
  const sort = params.get(KEYS.sort);
  const registrar = (params.get(KEYS.registrar) ?? '').trim();
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    limit: (REGISTRAR_LEADS_LIMITS as readonly string[]).includes(limit ?? '')
      ? (limit as LeadsLimit)
      : DEFAULT_STATE.limit,
    sortBy: (REGISTRAR_LEADS_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as LeadsSort)
      : DEFAULT_STATE.sortBy,
    sortType: params.get(KEYS.dir) === 'ASC' ? 'ASC' : 'DESC',
    fromDate: isDay(params.get(KEYS.from)) ? params.get(KEYS.from)! : '',
    toDate: isDay(params.get(KEYS.to)) ? params.get(KEYS.to)! : '',
    registrar: /^[A-Za-z0-9._-]{1,64}$/.test(registrar) ? registrar : '',
  };
}

/**
 * The next address after a change: anything but the page goes back to page one; defaults are left out
 * so the plain /dashboard stays the canonical link. Other keys (the admin's `view`) are kept.
 */
export function withChange(current: URLSearchParams, change: Partial<DashboardState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback || value === '') next.delete(key);
    else next.set(key, value);
  };
  if (change.limit !== undefined) set(KEYS.limit, change.limit, DEFAULT_STATE.limit);
  if (change.sortBy !== undefined) set(KEYS.sort, change.sortBy, DEFAULT_STATE.sortBy);
  if (change.sortType !== undefined) set(KEYS.dir, change.sortType, DEFAULT_STATE.sortType);
  if (change.fromDate !== undefined) set(KEYS.from, change.fromDate, '');
  if (change.toDate !== undefined) set(KEYS.to, change.toDate, '');
  if (change.registrar !== undefined) set(KEYS.registrar, change.registrar, '');
  if (change.page !== undefined) set(KEYS.page, String(change.page), '1');
  else next.delete(KEYS.page);
  return next;
}

/** Clear Filters: the default list (the admin keeps the registrar they chose). */
export function cleared(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [KEYS.page, KEYS.limit, KEYS.sort, KEYS.dir, KEYS.from, KEYS.to]) next.delete(key);
  return next;
}

export const isFiltered = (s: DashboardState): boolean =>
  s.page !== 1 ||
  s.limit !== DEFAULT_STATE.limit ||
  s.sortBy !== DEFAULT_STATE.sortBy ||
  s.sortType !== DEFAULT_STATE.sortType ||
  s.fromDate !== '' ||
  s.toDate !== '';

/** A date range whose end is before its start selects nothing: the form says so instead of asking. */
export const rangeError = (s: Pick<DashboardState, 'fromDate' | 'toDate'>): boolean =>
  s.fromDate !== '' && s.toDate !== '' && s.toDate < s.fromDate;

/** The GET /getRegistrarLeads query of a state (a registrar's own figures: no registrarUID). */
export function leadsQuery(s: DashboardState, admin: boolean): Partial<RegistrarLeadsQuery> {
  const query: Record<string, string> = {
    pageNumber: String(s.page),
    limit: s.limit,
    sortBy: s.sortBy,
    sortType: s.sortType,
  };
  if (s.fromDate) query.fromDate = s.fromDate;
  if (s.toDate) query.toDate = s.toDate;
  if (admin && s.registrar === CONSOLIDATED) query.consolidateDashboard = 'true';
  else if (admin && s.registrar) query.registrarUID = s.registrar;
  return query as unknown as Partial<RegistrarLeadsQuery>;
}

/** The CSV's query: the same selection and order, every page (the server ignores paging there). */
export function csvQuery(s: DashboardState, admin: boolean): Record<string, string> {
  const { pageNumber: _page, limit: _limit, ...rest } = leadsQuery(s, admin) as Record<string, string>;
  return rest;
}

/** Rows a page holds: a number, or every row for All. */
export const pageSizeOf = (limit: LeadsLimit, total: number): number =>
  limit === 'All' ? Math.max(1, total) : Number(limit);

/**
 * Money to two decimals (docs/product.md "Business constants and limits") from the wire's dollar strings
 * ("12.00", "-3.99"), in the reader's language, with the currency named.
 */
export function money(value: string | number, locale: string): string {
  const n = typeof value === 'number' ? value : Number(value);
  const amount = Number.isFinite(n) ? n : 0;
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A calendar day (YYYY-MM-DD, UTC) in the reader's language. */
export function dayLabel(day: string, locale: string): string {
  const at = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(at)) return day;
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** A month (YYYY-MM) in the reader's language. */
export function monthLabel(month: string, locale: string): string {
  const at = Date.parse(`${month}-01T00:00:00Z`);
  if (Number.isNaN(at)) return month;
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(at);
}

/**
 * The link a registrar shares: the portal with its id (docs/product.md "Registrar landing page and widget"),
 * the same as on their landing page.
 */
export function integrationLink(origin: string, registrarUID: string): string {
  return `${origin}/?registrarId=${encodeURIComponent(registrarUID)}`;
}

/** The chart's columns (uPlot's aligned data): days as UNIX seconds, then clicks, paid leads, earnings. */
export function chartColumns(
  points: readonly RegistrarChartPoint[],
): [number[], number[], number[], number[]] {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  return [
    sorted.map((p) => Date.parse(`${p.date.slice(0, 10)}T00:00:00Z`) / 1000),
    sorted.map((p) => p.clicks),
    sorted.map((p) => p.paidLeads),
    sorted.map((p) => Number(p.earnings) || 0),
  ];
}
