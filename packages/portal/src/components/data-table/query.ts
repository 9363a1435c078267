/**
 * A DataTable fed by a TanStack query: the list asked from the server, the table's loading, error and
 * retry drawn from that query, and the paging and search props of a list whose state lives in the
 * address (lib/url-state.ts). Each screen spreads what it needs: `<DataTable {...tableStatus(q)} ... />`.
 */
import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { errorText } from '#portal/lib/api.ts';
import type { DataTableSort } from './data-table.tsx';

/**
 * A page of a list: asked again each time the screen shows it, the previous page kept on screen while
 * the next one is on its way.
 */
export function useListQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, enabled, staleTime: 0 });
}

/** The table's loading, fetching, error (the server's message, or `text`'s) and retry, from its query. */
export function tableStatus(query: UseQueryResult<unknown>, text: (error: unknown) => string = errorText) {
  return {
    loading: query.isPending,
    fetching: query.isFetching,
    error: query.isError ? text(query.error) : null,
    onRetry: () => void query.refetch(),
  };
}

/** A list shown whole: one page at least `minSize` rows long, and no pager. */
export function wholeList<T>(rows: readonly T[] | undefined, minSize = 1) {
  const total = rows?.length ?? 0;
  return { rows, total, page: 1, pageSize: Math.max(minSize, total), onPageChange: () => undefined };
}

/** What of a list the address keeps: its page, and its search box and sort when it has them. */
export interface UrlTableState {
  page: number;
  search?: { value: string | undefined; label: string };
  sort?: DataTableSort;
  /** How the `dir` key spells ascending and descending. */
  dirs?: readonly [asc: string, desc: string];
}

/**
 * The paging, search and sort props of a list kept in the address (its `page`, `search`, `sort` and
 * `dir` keys): `change` writes the next state there (lib/url-state.ts).
 */
export function urlTable(
  change: (change: { page?: string; search?: string; sort?: string; dir?: string }) => void,
  { page, search, sort, dirs = ['asc', 'desc'] }: UrlTableState,
) {
  return {
    page,
    onPageChange: (next: number) => change({ page: String(next) }),
    search: search && {
      value: search.value ?? '',
      onChange: (value: string) => change({ search: value }),
      label: search.label,
    },
    sort,
    onSortChange: sort && ((next: DataTableSort) => change({ sort: next.id, dir: dirs[next.desc ? 1 : 0] })),
  };
}
