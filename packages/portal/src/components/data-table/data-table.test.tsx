import { I18nProvider } from '@lingui/react';
import { act, render as baseRender, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#portal/lib/i18n.ts';
import { DataTable, type DataTableProps, type DataTableSort, dataTableColumns } from './data-table.tsx';
import { pageItems } from './pages.ts';

interface Row {
  id: string;
  name: string;
  age: number;
}

const withI18n = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
);
const render = (ui: ReactElement) => baseRender(ui, { wrapper: withI18n });

const col = dataTableColumns<Row>();
const columns = [
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: (c) => <a href={`/people/${c.row.original.id}`}>{c.getValue()}</a>,
  }),
  col.accessor('age', { header: 'Age' }),
];

const people = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, name: `Person ${from + i}`, age: 20 + i }));

function renderTable(over: Partial<DataTableProps<Row>> = {}) {
  const props: DataTableProps<Row> = {
    caption: 'People',
    columns,
    rows: people(3),
    rowId: (r) => r.id,
    total: 3,
    page: 1,
    pageSize: 10,
    onPageChange: vi.fn(),
    loading: false,
    ...over,
  };
  return { props, ...render(<DataTable {...props} />) };
}

afterEach(() => vi.useRealTimers());

describe('pageItems (3 margin pages, 3 visible pages)', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps three pages at each end and three around the current one', () => {
    expect(pageItems(10, 20)).toEqual([1, 2, 3, 'gap', 9, 10, 11, 'gap', 18, 19, 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageItems(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 18, 19, 20]);
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 18, 19, 20]);
  });

  it('clamps a page out of range', () => {
    expect(pageItems(99, 8)).toEqual([1, 2, 3, 'gap', 6, 7, 8]);
    expect(pageItems(0, 8)).toEqual([1, 2, 3, 'gap', 6, 7, 8]);
  });
});

describe('DataTable', () => {
  it('draws the rows under a named table with column headers', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([expect.stringContaining('Name'), 'Age']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Person 2' })).toBeTruthy();
  });

  it('says the spec’s empty text, or the one the screen gives', () => {
    const { unmount } = renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No Record found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    unmount();
    renderTable({ rows: [], total: 0, emptyText: 'No Data Found!' });
    expect(screen.getByText('No Data Found!')).toBeTruthy();
  });

  it('shows a loader before the first answer and marks the table busy', () => {
    renderTable({ rows: undefined, total: 0, loading: true });
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the failure with a retry', async () => {
    const onRetry = vi.fn();
    renderTable({ rows: undefined, total: 0, error: 'You are not allowed.', onRetry });
    expect(screen.getByRole('alert').textContent).toContain('You are not allowed.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('sorts by a sortable column header, with aria-sort', async () => {
    const onSortChange = vi.fn();
    renderTable({ sort: { id: 'name', desc: false }, onSortChange });
    const [name, age] = screen.getAllByRole('columnheader');
    expect(name!.getAttribute('aria-sort')).toBe('ascending');
    expect(age!.hasAttribute('aria-sort')).toBe(false);
    expect(within(age!).queryByRole('button')).toBeNull();
    await userEvent.click(within(name!).getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenCalledWith({ id: 'name', desc: true });
  });

  it('sorts from the keyboard', async () => {
    function Harness() {
      const [sort, setSort] = useState<DataTableSort | null>(null);
      return (
        <DataTable
          caption="People"
          columns={columns}
          rows={people(2)}
          rowId={(r) => r.id}
          total={2}
          page={1}
          pageSize={10}
          onPageChange={() => {}}
          loading={false}
          sort={sort}
          onSortChange={setSort}
        />
      );
    }
    render(<Harness />);
    const header = screen.getAllByRole('columnheader')[0]!;
    expect(header.getAttribute('aria-sort')).toBe('none');
    within(header).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.keyboard(' ');
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('pages on the server: the range, the current page and the jumps', async () => {
    const onPageChange = vi.fn();
    renderTable({ rows: people(10, 91), total: 195, page: 10, pageSize: 10, onPageChange });
    expect(screen.getByText('91–100 of 195')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 9',
      'Page 10',
      'Page 11',
      'Page 18',
      'Page 19',
      'Page 20',
      'Next',
    ]);
    expect(within(nav).getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 19' }));
    expect(onPageChange).toHaveBeenLastCalledWith(19);
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(11);
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(9);
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderTable({ rows: people(5, 11), total: 15, page: 2, pageSize: 10 });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect((within(nav).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('changes the page size when the screen offers sizes', async () => {
    const onPageSizeChange = vi.fn();
    renderTable({ total: 40, pageSizes: [10, 25], onPageSizeChange });
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });

  it('asks the server 500 ms after the last key, once', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderTable({ search: { value: '', onChange, label: 'Search people' } });
    const box = screen.getByLabelText('Search people');
    fireEvent.change(box, { target: { value: 'an' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'ann ' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledWith('ann');
  });

  it('keeps what was typed when the screen answers with the same search', () => {
    vi.useFakeTimers();
    function Harness() {
      const [search, setSearch] = useState('');
      return (
        <DataTable
          caption="People"
          columns={columns}
          rows={people(1)}
          rowId={(r) => r.id}
          total={1}
          page={1}
          pageSize={10}
          onPageChange={() => {}}
          loading={false}
          search={{ value: search, onChange: setSearch, label: 'Search' }}
        />
      );
    }
    render(<Harness />);
    const box = screen.getByLabelText('Search') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ann ' } });
    act(() => vi.advanceTimersByTime(500));
    expect(box.value).toBe('ann ');
  });

  it('shows a search value set from outside (a link, the back button)', () => {
    const { rerender, props } = renderTable({ search: { value: 'a', onChange: vi.fn(), label: 'Search' } });
    rerender(<DataTable {...props} search={{ value: 'bob', onChange: vi.fn(), label: 'Search' }} />);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('bob');
  });

  it('opens a row on click, but lets a link in it do its own thing', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await userEvent.click(screen.getByText('20'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));
    onRowClick.mockClear();
    const link = screen.getByRole('link', { name: 'Person 2' });
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('puts the table in a keyboard-reachable scroll region for narrow screens', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'People' });
    expect(region.tabIndex).toBe(0);
  });

  it('renders filter slots beside the search', () => {
    renderTable({
      search: { value: '', onChange: vi.fn(), label: 'Search' },
      filters: (
        <label>
          Status <select aria-label="Status" />
        </label>
      ),
    });
    expect(screen.getByLabelText('Status')).toBeTruthy();
  });
});
