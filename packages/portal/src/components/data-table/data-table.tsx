import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import styles from './data-table.module.css';
import { pageItems } from './pages.ts';

/**
 * The portal's one table (decision B2; docs/product.md "Staff workspace"): TanStack Table for the column and
 * sort model, our own markup and CSS. Paging, sorting and searching happen on the server: the screen owns
 * that state (in its URL, so a reload or a shared link keeps it) and hands the page of rows it got back.
 */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type DataTableFeatures = typeof dataTableFeatures;
// biome-ignore lint/suspicious/noExplicitAny: a column list mixes value types, as TanStack's own examples do
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;
/** How a field column draws its value, and whether its header sorts the list. */
export interface FieldColumnOptions<T, V> {
  /** The cell's content (the value as it is by default). */
  cell?: (value: V, row: T) => ReactNode;
  sortable?: boolean;
}

/**
 * Typed column builders: `const col = dataTableColumns<Row>(); col.accessor('name', {...})`, and for the
 * common column that shows one field of the row under the field's own id,
 * `col.field('createdAt', () => t\`Created\`, { sortable: true, cell: (value, row) => ... })`.
 */
export const dataTableColumns = <T extends RowData>() => {
  const helper = createColumnHelper<DataTableFeatures, T>();
  const field = <K extends keyof T & string>(
    key: K,
    header: () => ReactNode,
    { cell, sortable }: FieldColumnOptions<T, T[K]> = {},
  ): DataTableColumn<T> =>
    helper.accessor((row: T) => row[key], {
      id: key,
      header,
      ...(sortable ? { enableSorting: true } : {}),
      cell: (c) => (cell ? cell(c.getValue(), c.row.original) : (c.getValue() as ReactNode)),
    });
  return { ...helper, field };
};

export interface DataTableSort {
  id: string;
  desc: boolean;
}

/**
 * How long the search box waits after the last key before asking the server
 * (docs/product.md "Business constants and limits").
 */
export const SEARCH_DEBOUNCE_MS = 500;

export interface DataTableSearch {
  value: string;
  /** Called once typing pauses for `SEARCH_DEBOUNCE_MS`. */
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  /** The current page's rows; undefined before the first answer. */
  rows: readonly T[] | undefined;
  rowId: (row: T) => string;
  /** Rows across every page. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** The server's sort; columns sort only when they set `enableSorting: true`. */
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  search?: DataTableSearch;
  /** Further controls beside the search box (status, broker, ...). */
  filters?: ReactNode;
  /** The first answer is on its way. */
  loading: boolean;
  /** A newer page is on its way while the previous one stays on screen. */
  fetching?: boolean;
  /** The failure to show in place of the rows (the server's message). */
  error?: string | null;
  onRetry?: () => void;
  /** Shown when the answer has no rows (default 'No Record found', docs/product.md "Messages and errors"). */
  emptyText?: string;
  /** A pointer shortcut for the row; keyboard users reach the same place through a link in a cell. */
  onRowClick?: (row: T) => void;
  /** A footer row (`<tr>`, one cell per column), such as page totals; drawn only with rows. */
  footer?: ReactNode;
}

const EMPTY: never[] = [];

/**
 * The one row a table shows instead of its rows: loading, empty or failed. Its text stays in view,
 * as wide as the table's visible frame, when a wide table scrolls sideways on a narrow screen.
 */
function StateRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columnCount} className={styles.state}>
        <div className={styles.stateBody}>{children}</div>
      </td>
    </tr>
  );
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { t } = useLingui();
  const {
    caption,
    rows,
    rowId,
    total,
    page,
    pageSize,
    sort,
    onSortChange,
    loading,
    fetching,
    error,
    onRetry,
    onRowClick,
  } = props;
  const captionId = useId();
  const columns = useMemo(
    () => props.columns.map((c) => ({ ...c, enableSorting: (c.enableSorting ?? false) && !!onSortChange })),
    [props.columns, onSortChange],
  );
  const sorting = useMemo<SortingState>(() => (sort ? [sort] : []), [sort]);
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: (rows ?? EMPTY) as T[],
    getRowId: (row) => rowId(row),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: Math.max(0, page - 1), pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (next[0] && onSortChange) onSortChange({ id: next[0].id, desc: next[0].desc });
    },
  });
  const columnCount = Math.max(1, columns.length);
  const bodyRows = table.getRowModel().rows;

  let body: ReactNode;
  if (error) {
    body = (
      <StateRow columnCount={columnCount}>
        <div role="alert" className={styles.error}>
          <p>{error}</p>
          {onRetry ? (
            <button type="button" className={styles.retry} onClick={onRetry}>
              <Trans>Try Again</Trans>
            </button>
          ) : null}
        </div>
      </StateRow>
    );
  } else if (loading && bodyRows.length === 0) {
    body = (
      <StateRow columnCount={columnCount}>
        <span role="status" className={styles.loading}>
          <span className={styles.spinner} aria-hidden="true" />
          <Trans>Loading…</Trans>
        </span>
      </StateRow>
    );
  } else if (bodyRows.length === 0) {
    body = <StateRow columnCount={columnCount}>{props.emptyText ?? t`No Record found`}</StateRow>;
  } else {
    body = bodyRows.map((row) => (
      <tr
        key={row.id}
        className={onRowClick ? styles.clickable : undefined}
        onClick={
          onRowClick
            ? (event) => {
                // a link or a control inside the row does its own thing
                if ((event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
                onRowClick(row.original);
              }
            : undefined
        }
      >
        {row.getAllCells().map((cell) => (
          <td key={cell.id} data-column={cell.column.id}>
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className={styles.wrap}>
      {props.search || props.filters ? (
        <div className={styles.toolbar}>
          {props.search ? <SearchBox {...props.search} /> : null}
          {props.filters}
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className={styles.scroll} aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-busy={loading || fetching ? true : undefined}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  const ariaSort = !canSort
                    ? undefined
                    : sorted === 'asc'
                      ? 'ascending'
                      : sorted === 'desc'
                        ? 'descending'
                        : 'none';
                  return (
                    <th key={header.id} scope="col" aria-sort={ariaSort}>
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          className={styles.sort}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true" className={styles.arrow}>
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={fetching && !loading ? styles.stale : undefined}>{body}</tbody>
          {props.footer && !error && bodyRows.length > 0 ? (
            <tfoot className={styles.foot}>{props.footer}</tfoot>
          ) : null}
        </table>
      </section>
      {!error && total > 0 ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={props.onPageChange}
          pageSizes={props.pageSizes}
          onPageSizeChange={props.onPageSizeChange}
        />
      ) : null}
    </div>
  );
}

function SearchBox({ value, onChange, label, placeholder }: DataTableSearch) {
  const id = useId();
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const sent = useRef(value);
  // the value from outside (a link, the back button) wins over what was typed
  useEffect(() => {
    sent.current = value;
    // the box keeps what was typed (a trailing space) when it is what the screen already asked for
    setText((typed) => (typed.trim() === value.trim() ? typed : value));
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onChangeRef.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className={styles.search}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        placeholder={placeholder}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  pageSizes,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  pageSizes?: readonly number[] | undefined;
  onPageSizeChange?: ((size: number) => void) | undefined;
}) {
  const { t } = useLingui();
  const sizeId = useId();
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <div className={styles.pager}>
      <p className={styles.range}>
        <Trans>
          {from}–{to} of {total}
        </Trans>
      </p>
      {pageSizes && onPageSizeChange ? (
        <div className={styles.size}>
          <label htmlFor={sizeId}>
            <Trans>Rows per page</Trans>
          </label>
          <select
            id={sizeId}
            className={styles.select}
            value={pageSize}
            onChange={(e) => onPageSizeChange(Number(e.target.value))}
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {totalPages > 1 ? (
        <nav aria-label={t`Pagination`}>
          <ul className={styles.pages}>
            <li>
              <button
                type="button"
                className={styles.page}
                disabled={page <= 1}
                onClick={() => onPageChange(page - 1)}
              >
                <Trans>Previous</Trans>
              </button>
            </li>
            {pageItems(page, totalPages).map((item, i) =>
              item === 'gap' ? (
                <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    className={styles.page}
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => onPageChange(item)}
                  >
                    <span className="visually-hidden">{t`Page`} </span>
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className={styles.page}
                disabled={page >= totalPages}
                onClick={() => onPageChange(page + 1)}
              >
                <Trans>Next</Trans>
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
