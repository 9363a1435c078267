import { BUYER_TERM_DAYS } from '@domain-broker/shared/constants';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, useConfigStore } from '#portal/lib/config.ts';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads } from '#portal/lib/leads.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { dashboardKind, filterLeads, isLocked, statusView } from '../utils/rules.ts';
import DashboardPage from './dashboard-page.tsx';

const lead = (over: Partial<Lead> = {}): Lead =>
  makeLead({
    status: 'new',
    paidAt: '2026-11-24T06:00:00.000Z',
    payments: [{ UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: '2026-11-24T06:00:00.000Z' }],
    isSurveyCompleted: true,
    ...over,
  });
const pending = (over: Partial<Lead> = {}) =>
  lead({ status: 'pending', paidAt: null, payments: [], offerAmount: '7350', ...over });

const fetchMock = vi.fn<typeof fetch>();
const json = jsonResponse;

function signIn(roles: string[] = [], userInterested: string | null = null) {
  useSession.getState().signIn('tok', {
    UID: 'u1',
    email: 'ann@example.com',
    roles: roles.map((roleType) => ({ role: { roleType } })),
    userInterested,
  } as never);
}
function serveLeads(leads: Lead[] | 'error') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/getMyLeads')) {
      return leads === 'error' ? json(500, { message: 'Server error' }) : json(200, { data: leads });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

beforeEach(async () => {
  resetMyLeads();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('dashboard');
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  useConfigStore.setState({ config: DEFAULT_CONFIG });
});

describe('lead status display', () => {
  it('maps each status, and anything containing sold, refund or cancel, to its state', () => {
    expect(statusView('pending')).toBe('pending');
    expect(statusView('new')).toBe('progress');
    expect(statusView('sold')).toBe('sold');
    expect(statusView('SOLD out')).toBe('sold');
    expect(statusView('refunded')).toBe('refunded');
    expect(statusView('partial-refund')).toBe('refunded');
    expect(statusView('canceled')).toBe('canceled');
    expect(statusView('cancelled')).toBe('canceled');
  });

  it('shows an empty or unknown status as In Progress', () => {
    expect(statusView('')).toBe('progress');
    expect(statusView(null)).toBe('progress');
    expect(statusView('negotiating')).toBe('progress');
  });

  it('filters ALL, In Progress and Completed (sold)', () => {
    const leads = [
      lead({ UID: 'a', status: 'new' }),
      lead({ UID: 'b', status: 'sold' }),
      lead({ UID: 'c', status: 'refunded' }),
    ];
    expect(filterLeads(leads, 'all').map((l) => l.UID)).toEqual(['a', 'b', 'c']);
    expect(filterLeads(leads, 'progress').map((l) => l.UID)).toEqual(['a']);
    expect(filterLeads(leads, 'sold').map((l) => l.UID)).toEqual(['b']);
  });

  it('locks a lead without a completed payment only', () => {
    expect(isLocked(pending())).toBe(true);
    expect(isLocked(lead())).toBe(false);
    expect(isLocked(pending({ paidAt: '2026-11-24T06:00:00.000Z' }))).toBe(false);
  });
});

describe('who gets which dashboard (A23, A24)', () => {
  it('buyers and accounts without a role get the buyer dashboard', () => {
    expect(dashboardKind([], null)).toBe('buyer');
    expect(dashboardKind(['Buyer'], 'Buyer')).toBe('buyer');
    expect(dashboardKind(['Buyer', 'Seller'], null)).toBe('buyer');
  });

  it('investors are refused whatever their roles; a seller-only account is a seller', () => {
    expect(dashboardKind(['Buyer'], 'Investor')).toBe('investor');
    expect(dashboardKind(['Seller'], 'Investor')).toBe('investor');
    expect(dashboardKind(['Seller'], null)).toBe('seller');
    expect(dashboardKind(['Seller'], 'Seller')).toBe('seller');
  });

  it('tells an investor to contact the admin and links what they can do, without asking for leads', async () => {
    signIn([], 'Investor');
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'No dashboard for this account' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('not allowed, please contact admin');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/contact-us', '/sell-domain', '/appraisal', '/profile', '/change-password']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a seller-only account that follows no domain what a seller can do', async () => {
    useConfigStore.setState({
      config: { ...DEFAULT_CONFIG, marketplaceLoginUrl: 'https://market.example/login' },
    });
    signIn(['Seller']);
    serveLeads([]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'No dashboard for this account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login as a Seller' }).getAttribute('href')).toBe(
      'https://market.example/login',
    );
    expect(screen.getByRole('link', { name: 'Sell Your Domains' }).getAttribute('href')).toBe('/sell-domain');
    expect(screen.getByRole('link', { name: 'Appraise a Domain' }).getAttribute('href')).toBe('/appraisal');
    expect(screen.getByRole('link', { name: 'Your Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Hire a Broker' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a seller-only account that bought a domain its buyer dashboard', async () => {
    signIn(['Seller']);
    serveLeads([lead({ domainName: 'bought.com' })]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'bought.com' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No dashboard for this account' })).toBeNull();
  });
});

describe('the buyer dashboard', () => {
  it('loads, then offers the buy flow when there is no lead', async () => {
    signIn();
    serveLeads([]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    const start = await screen.findByRole('button', { name: 'Hire a Broker' });
    await userEvent.click(start);
    // signed in: the domain + budget form opens at once
    expect(useOverlays.getState().open.buyForm).toBeDefined();
  });

  it('locks a pending lead: domain, masked budget, Complete Checkout to /hire-consultant', async () => {
    signIn();
    serveLeads([pending()]);
    const { container } = renderWithApp(<DashboardPage />, { path: '/dashboard' });
    const checkout = await screen.findByRole('link', { name: 'Complete Checkout' });
    expect(checkout.getAttribute('href')).toBe('/hire-consultant');
    expect(screen.getByText('wanted.com')).toBeTruthy();
    expect(container.textContent).not.toContain('7350');
    expect(container.textContent).not.toContain('7,350');
    const status = container.querySelector('[data-status]') as HTMLElement;
    expect(status.dataset.status).toBe('pending');
    expect(status.querySelector('svg')).toBeTruthy();
    expect(status.textContent).toBe('Pending');
  });

  it('lists the leads with their status and filters them', async () => {
    signIn();
    serveLeads([
      lead({ UID: 'a', domainName: 'alpha.com', status: 'new' }),
      lead({ UID: 'b', domainName: 'bravo.com', status: 'sold', paidAt: '2026-01-01T00:00:00.000Z' }),
      lead({ UID: 'c', domainName: 'charlie.com', status: 'canceled' }),
      lead({ UID: 'd', domainName: 'delta.com', status: 'refunded' }),
    ]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('[data-status]')?.textContent)).toEqual([
      'In Progress',
      'Completed',
      'Canceled',
      'Refunded',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([expect.stringContaining('bravo.com')]);
    expect(screen.getByRole('button', { name: 'Completed' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'In Progress' }));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('alpha.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows the agreement dates and the broker link for the paid lead', async () => {
    signIn();
    serveLeads([lead({ paidAt: '2026-01-01T12:00:00.000Z' })]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('January 1, 2026')).toBeTruthy();
    const end = new Date(Date.parse('2026-01-01T12:00:00.000Z') + BUYER_TERM_DAYS * 86_400_000);
    expect(screen.getByText(end.toLocaleDateString('en', { dateStyle: 'long' }))).toBeTruthy();
    expect(screen.getByText('holdover, for as long as you want our service')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your Broker' }).getAttribute('href')).toBe(
      '/agent-details-questions',
    );
  });

  it("says 'No Record found' when a filter matches nothing", async () => {
    signIn();
    serveLeads([lead({ status: 'new' })]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Completed' }));
    expect(screen.getByText('No Record found')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the leads cannot be read, and tries again', async () => {
    signIn();
    serveLeads('error');
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect((await screen.findByRole('alert')).textContent).toBe('Your domains could not be loaded.');
    serveLeads([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Hire a Broker' })).toBeTruthy();
  });

  it('offers the refund in error while it applies, and shows the refunded lead (A31)', async () => {
    signIn();
    const refundable = lead({ refundableUntil: new Date(Date.now() + 6 * 86_400_000).toISOString() });
    let refunds = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/getMyLeads')) return json(200, { data: [refundable] });
      if (init?.method === 'POST' && url.includes(`/leads/${refundable.UID}/refund`)) {
        refunds += 1;
        return json(200, {
          message: 'Refunded',
          data: { ...refundable, status: 'refunded', refundableUntil: null },
        });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund your payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Refund' }));
    await waitFor(() => expect(screen.getByText('Refunded')).toBeTruthy());
    expect(refunds).toBe(1);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('offers no refund once its time is over', async () => {
    signIn();
    serveLeads([lead({ refundableUntil: new Date(Date.now() - 1000).toISOString() })]);
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    await screen.findByText('wanted.com');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
