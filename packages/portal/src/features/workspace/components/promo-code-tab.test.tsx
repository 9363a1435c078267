import type { PromoCode } from '@domain-broker/shared/schemas/checkout';
import { generatePromoForm } from '@domain-broker/shared/schemas/checkout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
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
import WorkspacePage from '../workspace-page.tsx';
import { defaultValidThru } from './promo-code-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const code = (over: Partial<PromoCode> = {}): PromoCode => ({
  UID: 'p1',
  code: 'WELCOME100',
  offerPercent: 100,
  reUsableCount: 3,
  validThru: '2027-01-31T23:59:59.999Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdUser: 'Ada Admin',
  promoDetails: [{ userUID: 'u1', leadUID: 'l1', createdAt: '2026-11-21T10:00:00.000Z' }],
  ...over,
});

const list = (items: PromoCode[], total = items.length, page = 1) => ({
  promoCodeList: items,
  pagination: { total, page, pageLimit: 10, totalPages: Math.ceil(total / 10) },
  items,
  total,
  page,
  limit: 10,
});

function serve(items: PromoCode[], total = items.length) {
  server.answer((call) => {
    if (call.method === 'GET' && call.path === '/api/promoCode')
      return jsonResponse(200, { data: list(items, total, Number(call.query.page)) });
    if (call.method === 'POST' && call.path === '/api/generatePromo')
      return jsonResponse(200, { message: 'Promo code created successfully', data: code({ UID: 'p2' }) });
    if (call.method === 'DELETE' && call.path === '/api/promoCode/p1')
      return jsonResponse(200, { message: 'Deleted successfully' });
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
afterEach(() => vi.unstubAllGlobals());

describe('the promo form rules', () => {
  it('asks for 6 or more letters, a reuse count of at least 1 and a day not in the past', () => {
    const today = '2026-11-24';
    const errorsOf = (form: { code: string; reUsableCount: string; validThru: string }) => {
      const parsed = v.safeParse(generatePromoForm(today), form);
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.issues.map((i) => [i.path?.[0]?.key, i.message]));
    };
    expect(errorsOf({ code: 'ABCDEF', reUsableCount: '1', validThru: today })).toEqual({});
    expect(errorsOf({ code: ' ABCDE ', reUsableCount: '0', validThru: '2026-11-23' })).toEqual({
      code: 'please enter a valid promo code',
      reUsableCount: 'Invalid entry.',
      validThru: 'The date cannot be in the past.',
    });
    expect(defaultValidThru(new Date('2026-11-24T12:00:00Z')) > today).toBe(true);
  });
});

describe('the Promo Code tab', () => {
  it('lists codes 10 a page with who made them (or Auto) and their uses; an admin deletes one', async () => {
    signInStaff(['Admin']);
    serve([code(), code({ UID: 'p3', code: 'SIGNUP42', createdUser: 'Auto', promoDetails: [] })], 12);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=promo-code' });
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    await within(table).findByText('WELCOME100', { selector: 'code' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Code',
      'Offer',
      'Reuse Count',
      'Used Count',
      'Valid Until',
      'Created By',
      'Created',
      'Delete',
    ]);
    const auto = within(table).getByText('SIGNUP42', { selector: 'code' }).closest('tr')!;
    expect(within(auto).getByText('Auto')).toBeTruthy();
    expect(within(auto).getByText('0')).toBeTruthy();
    expect(server.calls[0]!.query).toEqual({ page: '1', pageLimit: '10' });

    await userEvent.click(within(table).getByRole('button', { name: 'Delete WELCOME100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Promo Code' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.writes()).toEqual([expect.objectContaining({ method: 'DELETE' })]));
    expect(server.writes()[0]!.path).toBe('/api/promoCode/p1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifySuccess).toHaveBeenCalledWith('Deleted successfully');
  });

  it('hides the delete column from a consultant', async () => {
    signInStaff(['Consultant']);
    serve([code()]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=promo-code' });
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    await within(table).findByText('WELCOME100', { selector: 'code' });
    expect(within(table).queryByRole('columnheader', { name: 'Delete' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('generates a code: offer fixed at 100, reuse count 1 by default, short codes refused first', async () => {
    signInStaff(['Consultant']);
    serve([]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=promo-code' });
    await screen.findByText('No Record found');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate Promo Code' });
    const offer = within(dialog).getByLabelText('Offer (%)') as HTMLInputElement;
    expect(offer.value).toBe('100');
    expect(offer.readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Reuse Count') as HTMLInputElement).value).toBe('1');

    await userEvent.type(within(dialog).getByLabelText('Code'), 'SHORT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('please enter a valid promo code')).toBeTruthy();
    expect(server.writes()).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Code'), 'ER1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({
      code: 'SHORTER1',
      offerPercent: 100,
      reUsableCount: 1,
      validThru: defaultValidThru(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifySuccess).toHaveBeenCalledWith('Promo code created successfully');
  });

  it("shows the server's refusal of a code that exists in the form", async () => {
    signInStaff(['Admin']);
    serve([]);
    server.answer((call) =>
      call.method === 'POST'
        ? jsonResponse(409, { message: 'Data already exist.', code: 'ALREADY_EXISTS' })
        : jsonResponse(200, { data: list([]) }),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=promo-code' });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate Promo Code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), 'TAKEN1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Data already exist.')).toBeTruthy();
  });
});
