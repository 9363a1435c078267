import type {
  RegistrarLeadRow,
  RegistrarLeadsAnswer,
  Statement,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));
vi.mock('#portal/lib/save-file.ts', () => ({ saveTextFile: vi.fn() }));
// happy-dom has no canvas: the chart library is replaced by a recorder of what it was given
const plots: { data: unknown; series: unknown[] }[] = [];
vi.mock('uplot', () => ({
  default: class {
    root = document.createElement('div');
    width = 0;
    constructor(opts: { series: unknown[] }, data: unknown, target: HTMLElement) {
      plots.push({ data, series: opts.series });
      target.appendChild(this.root);
    }
    setSize() {}
    destroy() {}
  },
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { saveTextFile } from '#portal/lib/save-file.ts';
import { useSession } from '#portal/lib/session.ts';
import { mockServer } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import {
  chartColumns,
  cleared,
  csvQuery,
  DEFAULT_STATE,
  integrationLink,
  leadsQuery,
  money,
  stateFrom,
  withChange,
} from '../utils/rules.ts';
import PartnerPage, { pageTotals } from './partner-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const row = (over: Partial<RegistrarLeadRow> = {}): RegistrarLeadRow => ({
  date: '2026-11-20',
  clicks: 40,
  sales: 2,
  commission: '7.98',
  sales_commission: '120.00',
  refunds: '0.00',
  total: '127.98',
  ...over,
});

const answer = (
  leads: RegistrarLeadRow[],
  over: Partial<RegistrarLeadsAnswer> = {},
): RegistrarLeadsAnswer => ({
  leads,
  totalRows: leads.length,
  totals: {
    total_click: 55,
    total_soldCount: 3,
    total_initialFee: '11.97',
    total_saleCommission: '120.00',
    total_refunds: '3.99',
    total_amount: '127.98',
  },
  rates: { percentage: 20, commissionPercentage: 25 },
  chart: [
    { date: '2026-11-21', clicks: 15, paidLeads: 1, earnings: '-3.99' },
    { date: '2026-11-20', clicks: 40, paidLeads: 2, earnings: '127.98' },
  ],
  ...over,
});

const statement = (over: Partial<Statement> = {}): Statement => ({
  registrarUID: 'reg-1',
  month: '2026-10',
  credits: '50.00',
  clawbacks: '3.99',
  payable: '46.01',
  payableFrom: '2026-11-01',
  paidAt: '2026-11-05',
  paidAmount: '46.01',
  reference: 'wire 42',
  ...over,
});

function signIn(roles: string[], registrarUID: string | null = 'reg-1') {
  useSession.getState().signIn('tok', {
    UID: 'me',
    email: 'rex@registrar.example',
    registrarUID,
    roles: roles.map((roleType) => ({ role: { UID: roleType, roleType } })),
  } as never);
}

function serve(
  leads: RegistrarLeadRow[] = [
    row(),
    row({
      date: '2026-11-21',
      clicks: 15,
      sales: 1,
      commission: '3.99',
      sales_commission: '0.00',
      refunds: '3.99',
      total: '0.00',
    }),
  ],
) {
  server.answer((call) => {
    if (call.path === '/api/getRegistrarLeads') return jsonResponse(200, { data: answer(leads) });
    if (call.path === '/api/getRegistrarLeadsCSV')
      return jsonResponse(200, { data: { csv: 'date,clicks\n2026-11-20,40\n', fileName: 'leads.csv' } });
    if (call.path === '/api/registrarStatements')
      return jsonResponse(200, {
        data: [
          statement(),
          statement({ month: '2026-11', paidAt: null, paidAmount: null, payableFrom: '2026-12-01' }),
        ],
      });
    if (call.path === '/api/registrarStatements/2026-10/csv')
      return jsonResponse(200, { data: { csv: 'x', fileName: 'statement-2026-10.csv' } });
    if (call.path === '/api/getRegistrarList')
      return jsonResponse(200, {
        data: [
          { UID: 'reg-1', name: 'Rex Registrar' },
          { UID: 'reg-2', name: 'Zed Names' },
        ],
      });
    return undefined;
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifySuccess).mockReset();
  vi.mocked(notifyError).mockReset();
  vi.mocked(saveTextFile).mockReset();
  plots.length = 0;
  server = mockServer(fetchMock);
  await ensureCatalog('partner');
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard rules', () => {
  it('reads the state from the address and falls back to the default on anything unknown', () => {
    expect(stateFrom(new URLSearchParams())).toEqual(DEFAULT_STATE);
    expect(
      stateFrom(new URLSearchParams('limit=All&sort=total&dir=ASC&page=3&from=2026-11-01&to=2026-11-30')),
    ).toMatchObject({
      limit: 'All',
      sortBy: 'total',
      sortType: 'ASC',
      page: 3,
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
    });
    expect(stateFrom(new URLSearchParams('limit=11&sort=evil&page=-1&from=yesterday'))).toEqual(
      DEFAULT_STATE,
    );
  });

  it('goes back to page one on any change but the page, and leaves defaults out of the address', () => {
    const at = new URLSearchParams('view=affiliate&page=4&limit=30');
    expect(withChange(at, { sortBy: 'clicks' }).toString()).toBe('view=affiliate&limit=30&sort=clicks');
    expect(withChange(at, { limit: '10' }).toString()).toBe('view=affiliate');
    expect(withChange(at, { page: 5 }).get('page')).toBe('5');
    expect(
      cleared(new URLSearchParams('view=affiliate&registrar=reg-2&limit=All&from=2026-01-01')).toString(),
    ).toBe('view=affiliate&registrar=reg-2');
  });

  it('asks for a registrar’s own figures, one registrar’s or everyone’s together; the CSV without paging', () => {
    const state = { ...DEFAULT_STATE, fromDate: '2026-11-01', registrar: 'reg-2' };
    expect(leadsQuery(state, false)).toEqual({
      pageNumber: '1',
      limit: '10',
      sortBy: 'date',
      sortType: 'DESC',
      fromDate: '2026-11-01',
    });
    expect(leadsQuery(state, true)).toMatchObject({ registrarUID: 'reg-2' });
    expect(leadsQuery({ ...state, registrar: 'all' }, true)).toMatchObject({ consolidateDashboard: 'true' });
    expect(csvQuery(state, true)).toEqual({
      sortBy: 'date',
      sortType: 'DESC',
      fromDate: '2026-11-01',
      registrarUID: 'reg-2',
    });
  });

  it('shows money to two decimals, sums pages in cents and orders the chart by day', () => {
    expect(money('3.9', 'en')).toBe('$3.90');
    expect(money('-1.2', 'en')).toBe('-$1.20');
    expect(pageTotals([row({ commission: '0.10' }), row({ commission: '0.20' })]).commission).toBe(0.3);
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
    expect(chartColumns(answer([]).chart)).toEqual([
      [day('2026-11-20'), day('2026-11-21')],
      [40, 15],
      [2, 1],
      [127.98, -3.99],
    ]);
    expect(integrationLink('https://portal.example', 'a b')).toBe(
      'https://portal.example/?registrarId=a%20b',
    );
  });
});

describe('the affiliate dashboard', () => {
  it('shows a registrar their days with page totals, totals, the chart, the rules and their statements', async () => {
    signIn(['Registrar']);
    serve();
    renderAt(<PartnerPage />, { path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'Affiliate earnings by day' });
    await within(table).findByText('Nov 20, 2026');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Date', 'Clicks', 'Sales', 'Initial Fee', 'Sales Commission', 'Refunds', 'Total']);
    const footer = within(table).getByRole('rowheader', { name: 'Page Total' }).closest('tr')!;
    expect([...footer.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '55',
      '3',
      '$11.97',
      '$120.00',
      '$3.99',
      '$127.98',
    ]);
    expect(within(table).getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const leadsCall = server.calls.find((c) => c.path === '/api/getRegistrarLeads')!;
    expect(leadsCall.query).toEqual({ pageNumber: '1', limit: '10', sortBy: 'date', sortType: 'DESC' });

    // the rules in words, from the answer's rates
    expect(screen.getByText(/25% of our commission on every domain/)).toBeTruthy();
    expect(screen.getByText(/20% of the initial fee \(19\.95 USD\)/)).toBeTruthy();
    // the chart: every point of the period, oldest first
    await waitFor(() => expect(plots).toHaveLength(1));
    expect((plots[0]!.data as number[][])[1]).toEqual([40, 15]);
    // the link a registrar shares, and the pages beside this one
    expect((screen.getByLabelText('Integration link') as HTMLInputElement).value).toBe(
      `${location.origin}/?registrarId=reg-1`,
    );
    expect(screen.getByRole('link', { name: 'Integration' }).getAttribute('href')).toBe(
      '/dashboard/integration',
    );
    expect(screen.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/dashboard/webhooks');

    const statements = await screen.findByRole('table', { name: 'Statements by month' });
    const october = (await within(statements).findByText('October 2026')).closest('tr')!;
    expect(within(october).getByText('Nov 5, 2026 · $46.01')).toBeTruthy();
    const november = within(statements).getByText('November 2026').closest('tr')!;
    expect(within(november).getByText('Not paid yet')).toBeTruthy();
    await userEvent.click(within(october).getByRole('button', { name: 'Download CSV for October 2026' }));
    await waitFor(() => expect(saveTextFile).toHaveBeenCalledWith('x', 'statement-2026-10.csv'));
  });

  it('sorts, limits, filters by dates, clears the filters and exports exactly that selection', async () => {
    signIn(['Registrar']);
    serve();
    const { location: memory } = renderAt(<PartnerPage />, { path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'Affiliate earnings by day' });
    await within(table).findByText('Nov 20, 2026');

    await userEvent.click(within(table).getByRole('button', { name: /Clicks/ }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/dashboard?sort=clicks'));
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'All');
    await waitFor(() => expect(memory.history?.at(-1)).toContain('limit=All'));
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '2026-11-01');
    await waitFor(() => expect(memory.history?.at(-1)).toContain('from=2026-11-01'));
    const last = server.calls.filter((c) => c.path === '/api/getRegistrarLeads').at(-1)!;
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/getRegistrarLeads').at(-1)!.query).toEqual({
        pageNumber: '1',
        limit: 'All',
        sortBy: 'clicks',
        sortType: 'DESC',
        fromDate: '2026-11-01',
      }),
    );
    expect(last).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(saveTextFile).toHaveBeenCalledWith('date,clicks\n2026-11-20,40\n', 'leads.csv'),
    );
    expect(server.calls.find((c) => c.path === '/api/getRegistrarLeadsCSV')!.query).toEqual({
      sortBy: 'clicks',
      sortType: 'DESC',
      fromDate: '2026-11-01',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/dashboard'));
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('copies the integration link', async () => {
    signIn(['Registrar']);
    serve();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<PartnerPage />, { path: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Link copied in clipboard'));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/?registrarId=reg-1`);
  });

  it('says so when nothing is selected, when the dates are crossed and when the server fails', async () => {
    signIn(['Registrar']);
    serve([]);
    server.answer((call) =>
      call.path === '/api/getRegistrarLeads'
        ? jsonResponse(200, { data: answer([], { chart: [] }) })
        : call.path === '/api/registrarStatements'
          ? jsonResponse(200, { data: [] })
          : undefined,
    );
    const first = renderAt(<PartnerPage />, { path: '/dashboard' });
    expect(await screen.findByText('No Data Found!')).toBeTruthy();
    expect(await screen.findByText('No activity in this period yet.')).toBeTruthy();
    expect(await screen.findByText('No statement for this year yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    renderAt(<PartnerPage />, { path: '/dashboard', search: 'from=2026-11-10&to=2026-11-01' });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    first.unmount();

    server.answer((call) =>
      call.path === '/api/getRegistrarLeads'
        ? jsonResponse(500, { message: 'Something went wrong!', code: 'INTERNAL' })
        : undefined,
    );
    renderAt(<PartnerPage />, { path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('lets an admin choose a registrar or the consolidated view, where rows carry the name', async () => {
    signIn(['Admin'], null);
    serve([
      row({ name: 'Rex Registrar', registrarUID: 'reg-1' }),
      row({ name: 'Zed Names', registrarUID: 'reg-2' }),
    ]);
    const { location: memory } = renderAt(<PartnerPage />, { path: '/dashboard', search: 'view=affiliate' });
    const table = await screen.findByRole('table', { name: 'Affiliate earnings by day' });
    await within(table).findByText('Zed Names');
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/getRegistrarLeads')!.query.consolidateDashboard).toBe(
      'true',
    );
    // no statements and no integration link in the consolidated view
    expect(screen.queryByRole('table', { name: 'Statements by month' })).toBeNull();
    expect(screen.queryByLabelText('Integration link')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Registrar Dashboard' }).getAttribute('href')).toBe(
      '/dashboard?tab=registrar-dashboard',
    );

    await userEvent.selectOptions(await screen.findByLabelText('Registrar'), 'reg-2');
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/dashboard?view=affiliate&registrar=reg-2'));
    // the chosen registrar's figures are asked for (a refetch of the consolidated view may still land
    // after it on a busy machine, so this looks for the call rather than at the last one)
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path === '/api/getRegistrarLeads' && c.query.registrarUID === 'reg-2'),
      ).toBe(true),
    );
    await screen.findByRole('table', { name: 'Statements by month' });
    expect(server.calls.find((c) => c.path === '/api/registrarStatements')!.query.registrarUID).toBe('reg-2');
  });
});
