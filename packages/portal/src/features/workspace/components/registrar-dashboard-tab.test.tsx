import type { SettleRow, Statement } from '@domain-broker/shared/schemas/registrar-ledger';
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

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { saveTextFile } from '#portal/lib/save-file.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { visibleTabs } from '../rules.ts';
import WorkspacePage from '../workspace-page.tsx';
import {
  affiliateViewHref,
  defaultPeriod,
  previousMonth,
  settleParamsFrom,
} from './registrar-dashboard-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const rows: SettleRow[] = [
  {
    LeadSource: 'Direct',
    RegistrarId: '',
    Success: '39.90',
    successCount: 2,
    Refunds: '0.00',
    refundCount: 0,
    Payable: '0.00',
  },
  {
    LeadSource: 'Rex Registrar',
    RegistrarId: 'reg-1',
    Success: '59.85',
    successCount: 3,
    Refunds: '19.95',
    refundCount: 1,
    Payable: '7.98',
  },
];

const statement: Statement = {
  registrarUID: 'reg-1',
  month: previousMonth(),
  credits: '11.97',
  clawbacks: '3.99',
  payable: '7.98',
  payableFrom: `${new Date().toISOString().slice(0, 7)}-01`,
  paidAt: null,
  paidAmount: null,
  reference: '',
};

function serve(csv: 'file' | 'empty' = 'file') {
  server.answer((call) => {
    if (call.path === '/api/getRegistrarSettleSummary') return jsonResponse(200, { data: rows });
    if (call.path === '/api/getRegistrarList')
      return jsonResponse(200, {
        data: [{ UID: 'reg-1', name: 'Rex Registrar', image: null, website: null }],
      });
    if (call.path === '/api/getTransactionDataCSV')
      return csv === 'file'
        ? jsonResponse(200, { data: { csv: 'a,b\n1,2\n', fileName: 'transactions.csv' } })
        : jsonResponse(200, { message: 'Data not found.' });
    if (call.path === '/api/registrarStatements') return jsonResponse(200, { data: [statement] });
    if (call.method === 'PUT' && call.path === '/api/registrarPayouts')
      return jsonResponse(200, { message: 'Payout recorded', data: { ...statement, paidAt: '2026-11-24' } });
    return undefined;
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifySuccess).mockReset();
  vi.mocked(notifyError).mockReset();
  vi.mocked(saveTextFile).mockReset();
  server = mockServer(fetchMock);
  await ensureCatalog('workspace');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Registrar Dashboard tab rules', () => {
  it('is for admins only', () => {
    expect(visibleTabs(['Admin'])).toContain('registrar-dashboard');
    expect(visibleTabs(['Consultant'])).not.toContain('registrar-dashboard');
  });

  it('reads its filters from the address, the current month by default', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(defaultPeriod(now)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-24' });
    expect(previousMonth(now)).toBe('2026-10');
    expect(previousMonth(new Date('2026-01-10T12:00:00Z'))).toBe('2025-12');
    expect(settleParamsFrom(new URLSearchParams('source=direct&start=2026-01-01&end=bad'), now)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-11-24',
      registrarUID: 'direct',
    });
    expect(affiliateViewHref('reg 1')).toBe('/dashboard?view=affiliate&registrar=reg%201');
    expect(affiliateViewHref(null)).toBe('/dashboard?view=affiliate&registrar=all');
  });
});

describe('the Registrar Dashboard tab', () => {
  it('shows the settle summary of the period, filters by source and downloads the CSV', async () => {
    signInStaff(['Admin']);
    serve();
    const { location } = renderAt(<WorkspacePage />, {
      path: '/dashboard',
      search: 'tab=registrar-dashboard&start=2026-11-01&end=2026-11-30',
    });
    const table = await screen.findByRole('table', { name: 'Registrar settle summary' });
    const rex = (await within(table).findByText('Rex Registrar')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Lead Source', 'Registrar Id', 'Success', 'Refunds', 'Payable', 'Actions']);
    expect(within(rex).getByText('59.85 USD (3)')).toBeTruthy();
    expect(within(rex).getByText('7.98 USD')).toBeTruthy();
    expect(
      within(rex).getByRole('link', { name: 'Affiliate view of Rex Registrar' }).getAttribute('href'),
    ).toBe('/dashboard?view=affiliate&registrar=reg-1');
    const direct = within(table).getByText('Direct').closest('tr')!;
    expect(within(direct).queryByRole('button')).toBeNull();
    expect(server.calls.find((c) => c.path === '/api/getRegistrarSettleSummary')!.query).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Direct Users');
    await waitFor(() => expect(location.history?.at(-1)).toContain('source=direct'));
    await waitFor(() =>
      expect(
        server.calls.filter((c) => c.path === '/api/getRegistrarSettleSummary').at(-1)!.query.registrarUID,
      ).toBe('direct'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saveTextFile).toHaveBeenCalledWith('a,b\n1,2\n', 'transactions.csv'));
  });

  it('shows the no-data message of the CSV as a toast', async () => {
    signInStaff(['Admin']);
    serve('empty');
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=registrar-dashboard' });
    await screen.findByRole('table', { name: 'Registrar settle summary' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Data not found.'));
    expect(saveTextFile).not.toHaveBeenCalled();
  });

  it("records a registrar's month as paid, the amount starting as what the month left payable", async () => {
    signInStaff(['Admin']);
    serve();
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=registrar-dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Record payout for Rex Registrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payout' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('7.98'),
    );
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'wire 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payout' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({
      registrarUID: 'reg-1',
      month: previousMonth(),
      amount: '7.98',
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reference: 'wire 42',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifySuccess).toHaveBeenCalledWith('Payout recorded');
  });

  it('is not offered to a consultant', async () => {
    signInStaff(['Consultant']);
    serve();
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=registrar-dashboard' });
    await screen.findByRole('tablist');
    expect(screen.queryByRole('tab', { name: 'Registrar Dashboard' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Registrar settle summary' })).toBeNull();
  });
});
