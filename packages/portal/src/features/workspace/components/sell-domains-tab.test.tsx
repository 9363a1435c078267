import type { SellerDomainRow } from '@domain-broker/shared/schemas/seller-domains';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { visibleTabs } from '../rules.ts';
import WorkspacePage from '../workspace-page.tsx';
import { sellerDomainParamsFrom } from './sell-domains-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const row = (over: Partial<SellerDomainRow> = {}): SellerDomainRow => ({
  UID: 'd1',
  name: 'Sam Seller',
  email: 'sam@seller.example',
  phone: '+14155550100',
  domainName: 'great-name.com',
  premium: false,
  price: '1500.00',
  minQuote: '1000.00',
  emailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

function serve(rows: SellerDomainRow[], total = rows.length) {
  server.answer((call) => {
    if (call.method === 'GET' && call.path === '/api/sellerDomainList')
      return jsonResponse(200, {
        data: { data: rows, total, totalPage: Math.ceil(total / 10), items: rows, page: 1, limit: 10 },
      });
    if (call.method === 'PATCH' && call.path === '/api/sellerDomain/d1')
      return jsonResponse(200, { message: 'Premium flag updated', data: row({ premium: true }) });
    return undefined;
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifySuccess).mockReset();
  server = mockServer(fetchMock);
  await ensureCatalog('workspace');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Sell Domains tab', () => {
  it('is for admins only', () => {
    expect(visibleTabs(['Admin'])).toContain('sell-domains');
    expect(visibleTabs(['Consultant'], { ChangeCategoryValues: true })).not.toContain('sell-domains');
    expect(sellerDomainParamsFrom(new URLSearchParams('page=2&search=%20sam%20'))).toEqual({
      page: 2,
      search: 'sam',
    });
    expect(sellerDomainParamsFrom(new URLSearchParams('page=x'))).toEqual({ page: 1 });
  });

  it('lists the seller rows with their money, marks unconfirmed sellers and sets the premium flag', async () => {
    signInStaff(['Admin']);
    serve(
      [row(), row({ UID: 'd2', domainName: 'bundle.io', price: null, minQuote: null, emailVerified: false })],
      12,
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=sell-domains' });
    const table = await screen.findByRole('table', { name: 'Seller domains' });
    await within(table).findByText('great-name.com');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Domain', 'Name', 'Email', 'Phone', 'Price', 'Min Quote', 'Listed', 'Premium']);
    const first = within(table).getByText('great-name.com').closest('tr')!;
    expect(within(first).getByText('1,500.00 USD')).toBeTruthy();
    const bundle = within(table).getByText('bundle.io').closest('tr')!;
    expect(within(bundle).getByText('Unconfirmed')).toBeTruthy();
    expect(within(bundle).getAllByText('—')).toHaveLength(2);
    expect(server.calls[0]!.query).toEqual({ page: '1' });

    const toggle = within(first).getByRole('switch', { name: 'Premium: great-name.com' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/sellerDomain/d1',
      body: { premium: true },
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Premium flag updated'));
  });

  it("searches 500 ms after typing stops and says 'No Data Found!' when nothing matches", async () => {
    signInStaff(['Admin']);
    serve([]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=sell-domains' });
    await screen.findByText('No Data Found!');
    const before = server.calls.length;
    await userEvent.type(screen.getByLabelText('Search domain, name or email'), 'sam');
    expect(server.calls.length).toBe(before);
    await waitFor(() => expect(server.calls.at(-1)!.query).toEqual({ page: '1', search: 'sam' }), {
      timeout: 2000,
    });
    await act(async () => {});
  });
});
