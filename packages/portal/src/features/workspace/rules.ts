/**
 * The staff workspace's rules as pure functions (decisions B8, A19), tested on their own.
 */

import { buyerCommission, type Commission, offerAmountToCents } from '@domain-broker/shared/pricing';
import type { RoleType, UserDetail } from '@domain-broker/shared/roles';
import {
  BROKER_LIST_FILTERS,
  BROKER_LIST_SORTS,
  BROKER_PAGE_SIZES,
  type BrokerLeadDetail,
} from '@domain-broker/shared/schemas/broker';
import { withUrlChange } from '#portal/lib/url-state.ts';
import type { LeadListParams } from './api/broker.ts';

/** Who gets the workspace at /dashboard: admins and consultants (docs/product.md "Dashboard"). */
export const isStaff = (roles: readonly RoleType[]): boolean =>
  roles.includes('Admin') || roles.includes('Consultant');
export const isAdmin = (roles: readonly RoleType[]): boolean => roles.includes('Admin');

/**
 * The workspace's tabs in the spec's order (docs/product.md "Staff workspace"), 'Leads' (decision B8) last,
 * each with who sees it: every admin and consultant ('staff'), admins only ('admin'), or staff holding
 * the ChangeCategoryValues privilege (an admin too: the server refuses category changes without it).
 */
const TAB_ACCESS = {
  users: 'admin',
  'manual-appraisals': 'staff',
  'estibot-category': 'ChangeCategoryValues',
  'promo-code': 'staff',
  'registrar-dashboard': 'admin',
  reconciliation: 'admin',
  'sell-domains': 'admin',
  jobs: 'admin',
  leads: 'staff',
} as const satisfies Record<string, 'staff' | 'admin' | 'ChangeCategoryValues'>;
export type WorkspaceTab = keyof typeof TAB_ACCESS;
export const WORKSPACE_TABS = Object.keys(TAB_ACCESS) as WorkspaceTab[];

/** The signed-in account's privileges that show or hide a tab (packages/shared/src/roles.ts). */
export type TabPrivileges = Partial<Pick<UserDetail, 'ChangeCategoryValues'>> | null | undefined;

/** Which tabs an account sees, in order (TAB_ACCESS). */
export function visibleTabs(roles: readonly RoleType[], privileges?: TabPrivileges): WorkspaceTab[] {
  if (!isStaff(roles)) return [];
  const admin = isAdmin(roles);
  return WORKSPACE_TABS.filter((tab) => {
    const access = TAB_ACCESS[tab];
    return access === 'staff' || (access === 'admin' ? admin : privileges?.ChangeCategoryValues === true);
  });
}

/**
 * The tab shown without a `?tab=`: Users for admins (docs/product.md "Staff workspace"), Leads for
 * consultants (decision B8).
 */
export const DEFAULT_TAB: WorkspaceTab = 'leads';
export const defaultTab = (roles: readonly RoleType[]): WorkspaceTab =>
  isAdmin(roles) ? 'users' : DEFAULT_TAB;

/** The tab a `?tab=` names when this account may see it, else the account's default. */
export function currentTab(
  param: string | null,
  roles: readonly RoleType[],
  privileges?: TabPrivileges,
): WorkspaceTab {
  const tabs = visibleTabs(roles, privileges);
  const wanted = tabs.find((t) => t === param);
  const fallback = defaultTab(roles);
  return wanted ?? (tabs.includes(fallback) ? fallback : tabs[0]!);
}

/** URL keys of the Leads tab, so a reload or a shared link shows the same list. */
export const LIST_KEYS = {
  search: 'search',
  status: 'status',
  overdue: 'overdue',
  broker: 'broker',
  sort: 'sort',
  dir: 'dir',
  page: 'page',
  limit: 'limit',
} as const;

export const DEFAULT_LIST: LeadListParams = {
  page: 1,
  limit: 10,
  status: 'open',
  sortBy: 'paidAt',
  sortType: 'DESC',
};

const positiveInt = (s: string | null): number | undefined => {
  if (!s || !/^\d{1,6}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 ? n : undefined;
};

/** The list's query from the address; anything unknown falls back to the default. */
export function listParamsFrom(search: URLSearchParams, admin: boolean): LeadListParams {
  const status = search.get(LIST_KEYS.status);
  const sort = search.get(LIST_KEYS.sort);
  const limit = positiveInt(search.get(LIST_KEYS.limit));
  return {
    search: (search.get(LIST_KEYS.search) ?? '').trim().slice(0, 200) || undefined,
    page: positiveInt(search.get(LIST_KEYS.page)) ?? 1,
    limit: limit && (BROKER_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIST.limit,
    status:
      status && (BROKER_LIST_FILTERS as readonly string[]).includes(status) ? status : DEFAULT_LIST.status,
    consultantUID: admin ? search.get(LIST_KEYS.broker)?.trim() || undefined : undefined,
    overdue: search.get(LIST_KEYS.overdue) === 'true' ? 'true' : undefined,
    sortBy: sort && (BROKER_LIST_SORTS as readonly string[]).includes(sort) ? sort : DEFAULT_LIST.sortBy,
    sortType: search.get(LIST_KEYS.dir) === 'ASC' ? 'ASC' : 'DESC',
  };
}

/**
 * The next address after a change of the list: a change of anything but the page goes back to page
 * one; defaults are left out so the plain /dashboard?tab=leads stays the canonical link.
 */
export function withListChange(
  current: URLSearchParams,
  change: Partial<Record<keyof typeof LIST_KEYS, string | undefined>>,
): URLSearchParams {
  const named = Object.entries(change).map(([key, value]) => [
    LIST_KEYS[key as keyof typeof LIST_KEYS],
    value,
  ]);
  return withUrlChange(current, Object.fromEntries(named), { [LIST_KEYS.status]: DEFAULT_LIST.status });
}

/** The lead's channel for the commission rule (decision A19): a registrar's referral, or direct. */
export const channelOf = (lead: Pick<BrokerLeadDetail, 'registrarUID'>): 'registrar' | 'direct' =>
  lead.registrarUID ? 'registrar' : 'direct';

/** The commission a sale at `price` (dollars as typed) would carry, or null while the price is not valid. */
export function commissionPreview(price: string, channel: 'registrar' | 'direct'): Commission | null {
  if (price.trim() === '') return null;
  const cents = offerAmountToCents(price);
  if (cents === undefined || cents <= 0) return null;
  return buyerCommission(cents, channel);
}

/** Today as yyyy-mm-dd in the broker's own calendar (the date fields' default and maximum). */
export function todayInput(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * A date field's day as the moment the server stores: now when it is today (so it is never in the
 * server's future, whatever the broker's time zone), else noon UTC of that day.
 */
export function occurredAtOf(dayInput: string, now: Date = new Date()): string {
  if (dayInput === todayInput(now)) return now.toISOString();
  return `${dayInput}T12:00:00.000Z`;
}

/** Newest first: by when it happened, then by when it was written. */
export function newestFirst<T extends { occurredAt: string; createdAt: string }>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) =>
      Date.parse(b.occurredAt) - Date.parse(a.occurredAt) ||
      Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}
