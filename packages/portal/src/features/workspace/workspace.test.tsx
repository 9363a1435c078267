import type { BrokerLeadList } from '@domain-broker/shared/schemas/broker';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardRoute from '#portal/app/dashboard-route.tsx';
import { findRoute } from '#portal/app/route-table.ts';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { makeLeadRow, renderAt } from '#portal/test/workspace.tsx';
import { listParamsFrom, withListChange } from './rules.ts';
import WorkspacePage from './workspace-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const calls: URL[] = [];

function signIn(roles: string[]) {
  useSession.getState().signIn('tok', {
    UID: 'c1',
    email: 'bea@broker.example',
    roles: roles.map((roleType) => ({ role: { UID: roleType, roleType } })),
  } as never);
}

function serveList(answer: (url: URL) => BrokerLeadList | Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/api/consultant/brokers')
      return jsonResponse(200, {
        data: [
          { UID: 'c1', name: 'Bea Broker', acceptingLeads: true },
          { UID: 'c2', name: 'Carl Closer', acceptingLeads: true },
        ],
      });
    if (url.pathname === '/api/consultant/leads') {
      const a = answer(url);
      return a instanceof Response ? a : jsonResponse(200, { data: a });
    }
    return jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const page = (rows = [makeLeadRow()], total = rows.length): BrokerLeadList => ({
  data: rows,
  total,
  totalPage: Math.ceil(total / 10),
  page: 1,
});

const leadCalls = () => calls.filter((u) => u.pathname === '/api/consultant/leads');

beforeEach(async () => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('workspace');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the workspace rules', () => {
  it('reads the list from the address and falls back on anything unknown', () => {
    const q = new URLSearchParams(
      'search=%20ann%20&status=sold&sort=lastStep&dir=ASC&page=3&limit=25&overdue=true&broker=c2',
    );
    expect(listParamsFrom(q, true)).toEqual({
      search: 'ann',
      status: 'sold',
      sortBy: 'lastStep',
      sortType: 'ASC',
      page: 3,
      limit: 25,
      overdue: 'true',
      consultantUID: 'c2',
    });
    // a consultant's list is their own: no broker filter
    expect(listParamsFrom(q, false).consultantUID).toBeUndefined();
    const bad = new URLSearchParams('status=x&sort=drop&dir=up&page=-1&limit=7');
    expect(listParamsFrom(bad, false)).toMatchObject({
      status: 'open',
      sortBy: 'paidAt',
      sortType: 'DESC',
      page: 1,
      limit: 10,
    });
  });

  it('goes back to page one on any change but the page, and leaves defaults out', () => {
    const q = new URLSearchParams('tab=leads&page=4');
    expect(withListChange(q, { search: 'ann' }).toString()).toBe('tab=leads&search=ann');
    expect(withListChange(q, { page: '5' }).toString()).toBe('tab=leads&page=5');
    expect(withListChange(q, { status: 'open' }).toString()).toBe('tab=leads');
  });
});

describe('/dashboard for staff', () => {
  it('gives a consultant the workspace on the Leads tab, and a buyer the buyer dashboard', async () => {
    signIn(['Consultant']);
    serveList(() => page());
    const { unmount } = renderAt(<DashboardRoute />, { path: '/dashboard' });
    const tab = await screen.findByRole('tab', { name: 'Leads' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('link', { name: 'wanted.com' })).toBeTruthy();
    unmount();
    signIn(['Buyer']);
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: [] }));
    renderAt(<DashboardRoute />, { path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'Hire a Broker' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('routes /dashboard/leads/:id through the dashboard to the lead page', async () => {
    expect(findRoute('/dashboard/leads/abc-123')?.path).toBe('/dashboard');
    expect(findRoute('/Dashboard/Leads/ABC/')?.path).toBe('/dashboard');
    expect(findRoute('/dashboard/leads/abc/more')).toBeUndefined();
    expect(findRoute('/dashboard/other')).toBeUndefined();
    signIn(['Consultant']);
    fetchMock.mockImplementation(async () =>
      jsonResponse(404, { message: 'Lead not found.', code: 'NOT_FOUND' }),
    );
    renderAt(<DashboardRoute />, { path: '/dashboard/leads/abc-123' });
    expect((await screen.findByRole('alert')).textContent).toContain('Lead not found.');
    expect(screen.getByRole('link', { name: 'Back to Leads' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/consultant/leads/abc-123'))).toBe(
      true,
    );
  });
});

describe('the Leads tab', () => {
  it('lists a consultant’s leads with every column and links each to its page', async () => {
    signIn(['Consultant']);
    serveList(() =>
      page([
        makeLeadRow(),
        makeLeadRow({
          UID: 'lead-2',
          domainName: 'late.io',
          overdue: true,
          alternatesWaiting: 2,
          daysSinceLastStep: 9,
          buyer: { UID: 'b2', name: 'Dan Doe', email: 'dan@example.com' },
        }),
      ]),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads' });
    const table = await screen.findByRole('table', { name: 'Your leads' });
    await within(table).findByText('late.io');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Domain',
      'Buyer',
      'Paid',
      'Status',
      'Alternates Waiting',
      'Days Since Last Step',
      'Response',
    ]);
    const late = within(table).getByText('late.io').closest('tr')!;
    expect(within(late).getByText('Overdue')).toBeTruthy();
    expect(within(late).getByText('dan@example.com')).toBeTruthy();
    expect(within(late).getByText('2')).toBeTruthy();
    expect(within(late).getByText('9')).toBeTruthy();
    expect(within(late).getByText('In Progress')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'late.io' }).getAttribute('href')).toBe(
      '/dashboard/leads/lead-2',
    );
    // the default query: open leads, newest payment first, ten a page; no broker filter for a consultant
    const first = leadCalls()[0]!;
    expect(Object.fromEntries(first.searchParams)).toEqual({
      page: '1',
      limit: '10',
      status: 'open',
      sortBy: 'paidAt',
      sortType: 'DESC',
    });
    expect(screen.queryByLabelText('Broker')).toBeNull();
    expect(calls.some((u) => u.pathname === '/api/consultant/brokers')).toBe(false);
  });

  it('searches after a pause, filters and sorts, all kept in the address', async () => {
    signIn(['Consultant']);
    serveList(() => page());
    const { location } = renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads' });
    await screen.findByRole('link', { name: 'wanted.com' });

    await userEvent.type(screen.getByLabelText('Search domain or buyer'), 'ann');
    await waitFor(() => expect(leadCalls().at(-1)!.searchParams.get('search')).toBe('ann'), {
      timeout: 2000,
    });
    expect(leadCalls().filter((u) => u.searchParams.has('search'))).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'sold');
    await waitFor(() => expect(leadCalls().at(-1)!.searchParams.get('status')).toBe('sold'));

    await userEvent.click(screen.getByLabelText('Overdue only'));
    await waitFor(() => expect(leadCalls().at(-1)!.searchParams.get('overdue')).toBe('true'));

    const domain = screen.getAllByRole('columnheader')[0]!;
    expect(domain.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(domain).getByRole('button'));
    await waitFor(() => expect(leadCalls().at(-1)!.searchParams.get('sortBy')).toBe('domainName'));
    expect(screen.getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).not.toBe('none');

    const last = location.history.at(-1)!;
    const kept = new URLSearchParams(last.slice(last.indexOf('?') + 1));
    expect(kept.get('tab')).toBe('leads');
    expect(kept.get('search')).toBe('ann');
    expect(kept.get('status')).toBe('sold');
    expect(kept.get('overdue')).toBe('true');
    expect(kept.get('sort')).toBe('domainName');
  });

  it('pages through the server’s pages', async () => {
    signIn(['Consultant']);
    serveList((url) => ({ ...page([makeLeadRow({ UID: `l${url.searchParams.get('page')}` })], 95) }));
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads&page=2' });
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 10' }));
    await waitFor(() => expect(leadCalls().at(-1)!.searchParams.get('page')).toBe('10'));
  });

  it('gives an admin every broker’s leads with a broker filter', async () => {
    signIn(['Admin']);
    serveList(() => page());
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads' });
    expect(await screen.findByRole('table', { name: 'Every broker’s leads'.replace('’', "'") })).toBeTruthy();
    const broker = await screen.findByLabelText('Broker');
    await screen.findByRole('option', { name: 'Carl Closer' });
    await userEvent.selectOptions(broker, 'c2');
    await waitFor(() => expect(leadCalls().at(-1)!.searchParams.get('consultantUID')).toBe('c2'));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Broker');
  });

  it('says No Record found for an empty answer', async () => {
    signIn(['Consultant']);
    serveList(() => page([], 0));
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads' });
    expect(await screen.findByText('No Record found')).toBeTruthy();
  });

  it('shows the server’s message when the list fails, and tries again', async () => {
    signIn(['Consultant']);
    let fail = true;
    serveList(() =>
      fail ? jsonResponse(403, { message: 'You are not allowed to do this.', code: 'FORBIDDEN' }) : page(),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads' });
    expect((await screen.findByRole('alert')).textContent).toContain('You are not allowed to do this.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'wanted.com' })).toBeTruthy();
  });

  it('is not shown to a buyer who opens it directly', () => {
    signIn(['Buyer']);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=leads' });
    expect(screen.getByRole('alert').textContent).toContain('brokers and administrators');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the tab in the address and moves between tabs by keyboard', async () => {
    signIn(['Consultant']);
    serveList(() => page());
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=unknown' });
    const tab = screen.getByRole('tab', { name: 'Leads' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Leads' })).toBeTruthy();
    act(() => tab.focus());
    fireEvent.keyDown(tab, { key: 'End' });
    expect(document.activeElement).toBe(tab);
  });
});
