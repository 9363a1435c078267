/**
 * A screen's state kept in the address (page, search, sort, filters), so a reload, the back button or a
 * shared link shows the same list. Each screen parses the address into its query with its own rules;
 * changing it goes through `withUrlChange`, the one place that decides what the next address is.
 */
import { useSearchParams } from 'wouter';

export type UrlChange = Record<string, string | undefined>;

/** The 1-based page in the address: 1 when it is missing or not a whole number from 1. */
export function pageFrom(search: URLSearchParams, key = 'page'): number {
  const value = search.get(key);
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

/** A trimmed search term from the address, cut to `max` characters; undefined when blank. */
export function termFrom(search: URLSearchParams, max: number, key = 'search'): string | undefined {
  return (search.get(key) ?? '').trim().slice(0, max) || undefined;
}

/**
 * The next address after a change: each key given is set, or removed when blank or equal to its
 * default (so the plain link stays the canonical one); a change of anything but the page goes back to
 * page one.
 */
export function withUrlChange(
  current: URLSearchParams,
  change: UrlChange,
  defaults: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in change) || next.get('page') === '1') next.delete('page');
  return next;
}

/** The address's state parsed by `parse`, and `change` to move to the next one. */
export function useUrlState<P>(
  parse: (search: URLSearchParams) => P,
  defaults?: Readonly<Record<string, string>>,
): { search: URLSearchParams; params: P; change: (change: UrlChange) => void } {
  const [search, setSearch] = useSearchParams();
  return {
    search,
    params: parse(search),
    change: (change) => setSearch(withUrlChange(search, change, defaults)),
  };
}
