/**
 * The page's rules as pure functions (docs/product.md "Appraisal page", "Appraisal"), tested on their own.
 */
import { DEFAULT_APPRAISAL_LIMITS, GUEST_REASON_COUNT } from '@domain-broker/shared/constants';
import { LOW_BUDGET_BELOW_CENTS } from '@domain-broker/shared/pricing';
import { readJson, remove, STORAGE_KEYS, writeJson } from '#portal/lib/storage.ts';

/** Reasons shown while the list is collapsed, and all a guest may see (the API sends a guest no more). */
export const COLLAPSED_REASONS = GUEST_REASON_COUNT;
/** The history takes the full width with this many items or fewer. */
export const FULL_WIDTH_HISTORY_MAX = 3;

/**
 * Appraisals left today: the API's `remaining` when known, otherwise the limit minus today's history;
 * never below 0. null means unlimited (the API answers null for AppraisalSearchUnLimit).
 */
export function remainingAppraisals(input: {
  remaining: number | null | undefined;
  limit: number | null | undefined;
  todayCount: number;
  signedIn: boolean;
}): number | null {
  if (input.remaining === null || input.limit === null) return null;
  if (input.remaining !== undefined) return Math.max(0, Math.floor(input.remaining));
  const limit =
    input.limit ?? (input.signedIn ? DEFAULT_APPRAISAL_LIMITS.user : DEFAULT_APPRAISAL_LIMITS.guest);
  return Math.max(0, limit - input.todayCount);
}

/** How many history entries are from today (UTC days, as the server counts). */
export function countToday(items: readonly { searchedAt?: string }[], now = new Date()): number {
  const today = now.toISOString().slice(0, 10);
  return items.filter((i) => i.searchedAt?.slice(0, 10) === today).length;
}

export type HistoryLayout = 'full' | 'side';

/** 3 or fewer items: the history spans the full width under the result; more: a side column. */
export function historyLayout(count: number): HistoryLayout {
  return count <= FULL_WIDTH_HISTORY_MAX ? 'full' : 'side';
}

/**
 * The reasons shown: 5 while collapsed; all once expanded, for a signed-in user only (a guest sees the
 * first 5 whatever the toggle says; the API sends a guest no more). `more` says whether a 'Read more'
 * applies.
 */
export function visibleReasons(
  reasons: readonly string[],
  options: { expanded: boolean; signedIn: boolean; total?: number | undefined },
): { shown: string[]; more: boolean } {
  const all = options.expanded && options.signedIn;
  // a guest's answer holds the first 5 only; `descriptionCount` says how many there are in all
  const total = Math.max(options.total ?? 0, reasons.length);
  return {
    shown: all ? [...reasons] : reasons.slice(0, COLLAPSED_REASONS),
    more: total > COLLAPSED_REASONS,
  };
}

/** The domains this browser appraised as a guest (`recentSearchedDomains`), newest first. */
export function storedSearches(): string[] {
  const stored = readJson<unknown>(STORAGE_KEYS.recentSearchedDomains);
  return Array.isArray(stored) ? stored.filter((d): d is string => typeof d === 'string') : [];
}

export function rememberSearch(domain: string): void {
  writeJson(
    STORAGE_KEYS.recentSearchedDomains,
    [domain, ...storedSearches().filter((d) => d !== domain)].slice(0, 100),
  );
}

export function forgetSearches(): void {
  remove(STORAGE_KEYS.recentSearchedDomains);
}

/**
 * The budget 'Hire a broker for this domain' suggests: the appraised value in whole dollars when it is
 * one the buy flow takes as a lead (500 USD or more, pricing.ts); a lower value suggests nothing, so
 * the buyer types their own.
 */
export function hireBudget(appraisedValue: number): { offerAmount?: string } {
  if (!Number.isFinite(appraisedValue)) return {};
  const dollars = Math.round(appraisedValue);
  const cents = dollars * 100;
  return cents >= LOW_BUDGET_BELOW_CENTS ? { offerAmount: String(dollars) } : {};
}
