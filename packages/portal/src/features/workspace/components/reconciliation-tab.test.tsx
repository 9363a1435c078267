import type { Reconciliation } from '@domain-broker/shared/schemas/reconciliation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { visibleTabs } from '../rules.ts';
import WorkspacePage from '../workspace-page.tsx';
import { monthFrom } from './reconciliation-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;
const thisMonth = new Date().toISOString().slice(0, 7);

const totals = (gross: string, fees: string, net: string, payments: number) => ({
  gross,
  refunds: '0.00',
  fees,
  net,
  payments,
  refundCount: 0,
});
const line = (paymentId: string, over: Record<string, unknown> = {}) => ({
  id: `id-${paymentId}`,
  kind: 'payment' as const,
  paymentId,
  amount: '19.95',
  fee: '0.88',
  net: '19.07',
  at: `${thisMonth}-02T10:00:00.000Z`,
  ...over,
});
const report = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  month: thisMonth,
  from: `${thisMonth}-01T00:00:00.000Z`,
  to: `${thisMonth}-28T00:00:00.000Z`,
  provider: { name: 'sandbox', testMode: true },
  ours: {
    lines: [line('pi_ok'), line('pi_ours', { fee: null, net: '19.95', mismatch: 'missing_at_provider' })],
    totals: totals('39.90', '0.88', '39.02', 2),
  },
  reported: { lines: [line('pi_ok')], totals: totals('19.95', '0.88', '19.07', 1) },
  mismatches: [
    { type: 'missing_at_provider', kind: 'payment', paymentId: 'pi_ours', ours: '19.95', provider: null },
  ],
  matched: 1,
  ...over,
});

function serve(answer: () => Response) {
  server.answer((call) =>
    call.method === 'GET' && call.path === '/api/reconciliation' ? answer() : undefined,
  );
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  server = mockServer(fetchMock);
  await ensureCatalog('workspace');
});
afterEach(() => vi.unstubAllGlobals());

describe('the month', () => {
  it('is the current one by default and never a future one', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(monthFrom(new URLSearchParams(''), now)).toEqual({ month: '2026-11', problem: null });
    expect(monthFrom(new URLSearchParams('month=2026-10'), now)).toEqual({ month: '2026-10', problem: null });
    expect(monthFrom(new URLSearchParams('month=2026-12'), now).problem).toBe(
      'Reconciliation is not available for future months.',
    );
    expect(monthFrom(new URLSearchParams('month=2026-13'), now).problem).toBe(
      'Please choose a month as YYYY-MM.',
    );
  });
});

describe('the Reconciliation tab', () => {
  it('is for admins only', () => {
    expect(visibleTabs(['Admin'])).toContain('reconciliation');
    expect(visibleTabs(['Consultant'])).not.toContain('reconciliation');
  });

  it('shows both sides with totals and names each mismatch in words', async () => {
    signInStaff(['Admin']);
    serve(() => jsonResponse(200, { data: report() }));
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=reconciliation' });
    const ours = await screen.findByRole('region', { name: 'Our records' });
    expect(within(ours).getByText('39.90 USD (2)')).toBeTruthy();
    expect(within(ours).getByText('39.02 USD')).toBeTruthy();
    const theirs = screen.getByRole('region', { name: 'Reported by the provider' });
    expect(within(theirs).getByText('19.07 USD')).toBeTruthy();
    expect(screen.getByText(/Sandbox \(TEST MODE\)/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mismatches (1)' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Our payments and refunds' });
    const flagged = within(table).getByText('pi_ours').closest('tr')!;
    expect(within(flagged).getByText('Missing at the provider')).toBeTruthy();
    const fine = within(table).getByText('pi_ok').closest('tr')!;
    expect(within(fine).getByText('Matches')).toBeTruthy();
    expect(server.calls[0]!.query).toEqual({ month: thisMonth });
    const picker = screen.getByLabelText('Month') as HTMLInputElement;
    expect(picker.value).toBe(thisMonth);
    expect(picker.max).toBe(thisMonth);
  });

  it('says when a month has nothing, refuses a future month without asking, and offers a retry on failure', async () => {
    signInStaff(['Admin']);
    let fail = true;
    serve(() =>
      fail
        ? jsonResponse(503, {
            message: 'The payment provider cannot be reached right now.',
            code: 'SERVICE_UNAVAILABLE',
          })
        : jsonResponse(200, {
            data: report({
              ours: { lines: [], totals: totals('0.00', '0.00', '0.00', 0) },
              reported: { lines: [], totals: totals('0.00', '0.00', '0.00', 0) },
              mismatches: [],
              matched: 0,
            }),
          }),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=reconciliation' });
    expect(await screen.findByText('The payment provider cannot be reached right now.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No payments or refunds in this month.')).toBeTruthy();

    const calls = server.calls.length;
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=reconciliation&month=2999-01' });
    expect(await screen.findByText('Reconciliation is not available for future months.')).toBeTruthy();
    await waitFor(() => expect(server.calls.length).toBe(calls));
  });
});
