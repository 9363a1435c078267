import type { ExhibitCondition } from '@domain-broker/shared/schemas/appraisal';
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
import { notifySuccess } from '#portal/lib/notify.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { visibleTabs } from '../rules.ts';
import WorkspacePage from '../workspace-page.tsx';
import { percentageError } from './estibot-category-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const category = (over: Partial<ExhibitCondition> = {}): ExhibitCondition => ({
  UID: 'x1',
  condition: 'Names with finance keywords (bank, loan, …)',
  type: 'ExhibitB',
  categoryName: 'Finance',
  description: [{ UID: 'x1', description: '12' }],
  percentage: 12,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifySuccess).mockReset();
  server = mockServer(fetchMock);
  await ensureCatalog('workspace');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Estibot Category tab', () => {
  it('is shown only with ChangeCategoryValues, for admins and consultants alike', () => {
    expect(visibleTabs(['Consultant'], { ChangeCategoryValues: false })).toEqual([
      'manual-appraisals',
      'promo-code',
      'leads',
    ]);
    expect(visibleTabs(['Admin'], { ChangeCategoryValues: true })).toContain('estibot-category');
    expect(visibleTabs(['Admin'], { ChangeCategoryValues: false })).not.toContain('estibot-category');
    expect(visibleTabs(['Buyer'], { ChangeCategoryValues: true })).toEqual([]);
  });

  it('falls back to the default tab when the address names it without the privilege', async () => {
    signInStaff(['Consultant']);
    server.answer(() => jsonResponse(200, { data: { data: [], total: 0, totalPage: 0, page: 1 } }));
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=estibot-category' });
    expect(await screen.findByRole('tab', { name: 'Leads', selected: true })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Estibot Category' })).toBeNull();
  });

  it('checks a percentage and saves it', async () => {
    expect(percentageError('100')).toBeNull();
    expect(percentageError('101')).toBe('Percentage must be a whole number from 0 to 100.');
    expect(percentageError('1.5')).toBe('Percentage must be a whole number from 0 to 100.');

    signInStaff(['Admin'], { ChangeCategoryValues: true });
    let current = category();
    server.answer((call) => {
      if (call.method === 'GET' && call.path === '/api/exhibitConditions/ExhibitB')
        return jsonResponse(200, {
          data: [current, category({ UID: 'x2', categoryName: 'Travel', percentage: 5 })],
        });
      if (call.method === 'PATCH' && call.path === '/api/exhibitConditions/x1') {
        current = category({ percentage: Number((call.body as { description: number }).description) });
        return jsonResponse(200, { message: 'Category updated successfully', data: current });
      }
      return undefined;
    });
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=estibot-category' });
    const table = await screen.findByRole('table', { name: 'Estibot categories' });
    const input = await within(table).findByLabelText('Percentage for Finance');
    expect((input as HTMLInputElement).value).toBe('12');
    await userEvent.clear(input);
    await userEvent.type(input, '150');
    await userEvent.click(within(table).getByRole('button', { name: 'Save Finance' }));
    expect(await within(table).findByText('Percentage must be a whole number from 0 to 100.')).toBeTruthy();
    expect(server.writes()).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '15');
    await userEvent.click(within(table).getByRole('button', { name: 'Save Finance' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({ description: 15 });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Category updated successfully'));
    await waitFor(() =>
      expect(
        (within(table).getByRole('button', { name: 'Save Finance' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });
});
