import type { ManualAppraisal } from '@domain-broker/shared/schemas/appraisal';
import { ManualAppraisalForm } from '@domain-broker/shared/schemas/appraisal';
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
import { appraisalParamsFrom } from './manual-appraisals-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const entry = (over: Partial<ManualAppraisal> = {}): ManualAppraisal => ({
  UID: 'm1',
  domainName: 'known.com',
  manualValue: 25000,
  isBlocked: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

function serve(items: ManualAppraisal[], onWrite?: (c: { method: string; body: unknown }) => Response) {
  server.answer((call) => {
    if (call.method === 'GET' && call.path === '/api/manualAppraisal')
      return jsonResponse(200, {
        data: { items, manualAppraisal: items, total: items.length, page: 1, limit: 10 },
      });
    if (call.method !== 'GET')
      return (
        onWrite?.(call) ?? jsonResponse(200, { message: 'Updated domain details', data: items[0] ?? entry() })
      );
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

describe('the manual appraisal rules', () => {
  it('needs a domain and either a nonzero whole value or the blocked flag', () => {
    const appraisalFormErrors = (form: { domainName: string; manualValue: string; isBlocked: boolean }) => {
      const parsed = v.safeParse(ManualAppraisalForm, form);
      const out: Record<string, string> = {};
      if (!parsed.success) for (const i of parsed.issues) out[String(i.path?.[0]?.key)] ??= i.message;
      return out;
    };
    expect(appraisalFormErrors({ domainName: 'a.com', manualValue: '100', isBlocked: false })).toEqual({});
    expect(appraisalFormErrors({ domainName: 'a.com', manualValue: '', isBlocked: true })).toEqual({});
    expect(appraisalFormErrors({ domainName: ' ', manualValue: '0', isBlocked: false })).toEqual({
      domainName: 'domainName key is mandatory.',
      manualValue: 'Please enter domain value',
    });
    expect(
      appraisalFormErrors({ domainName: 'a.com', manualValue: '12.5', isBlocked: true }).manualValue,
    ).toBe('Please enter domain value');
  });

  it('reads search, sort and page from the address, createdAt DESC by default', () => {
    expect(appraisalParamsFrom(new URLSearchParams(''))).toEqual({
      search: undefined,
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortType: 'desc',
    });
    expect(appraisalParamsFrom(new URLSearchParams('search=x&sort=domainName&dir=asc&page=2'))).toMatchObject(
      {
        search: 'x',
        sortBy: 'domainName',
        sortType: 'asc',
        page: 2,
      },
    );
  });
});

describe('the Manual Appraisals tab', () => {
  it('lists entries; without ChangeAppraisedDomainValues there is no edit or delete', async () => {
    signInStaff(['Consultant']);
    serve([entry(), entry({ UID: 'm2', domainName: 'stop.io', manualValue: 0, isBlocked: true })]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=manual-appraisals' });
    const table = await screen.findByRole('table', { name: 'Manual appraisals' });
    await within(table).findByText('known.com');
    expect(within(table).getByText('25,000.00 USD')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(server.calls[0]!.query).toEqual({ page: '1', limit: '10', sortBy: 'createdAt', sortType: 'desc' });
  });

  it('checks the form, then on a duplicate asks Overwrite or Cancel and resends with overwrite', async () => {
    signInStaff(['Consultant'], { ChangeAppraisedDomainValues: true });
    serve([entry()], (call) =>
      (call.body as { overwrite?: boolean }).overwrite
        ? jsonResponse(200, { message: 'Updated domain details', data: entry({ manualValue: 900 }) })
        : jsonResponse(409, {
            message: 'This domain is already exist, still want to overwrite it?',
            code: 'MANUAL_APPRAISAL_EXISTS',
            data: entry(),
          }),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=manual-appraisals' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Manual Appraisal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Manual Appraisal' });
    await userEvent.type(within(dialog).getByLabelText('Domain Name'), 'known.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter domain value')).toBeTruthy();
    expect(server.writes()).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Value (USD)'), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Domain Already Exists' });
    expect(within(ask).getByText('This domain is already exist, still want to overwrite it?')).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes().map((w) => w.body)).toEqual([
      { domainName: 'known.com', manualValue: 900, isBlocked: false },
      { domainName: 'known.com', manualValue: 900, isBlocked: false, overwrite: true },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith('Updated domain details');
  });

  it('Cancel on the duplicate question sends nothing more', async () => {
    signInStaff(['Admin'], { ChangeAppraisedDomainValues: true });
    serve([entry()], () =>
      jsonResponse(409, { message: 'exists', code: 'MANUAL_APPRAISAL_EXISTS', data: entry() }),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=manual-appraisals' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Manual Appraisal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Manual Appraisal' });
    await userEvent.type(within(dialog).getByLabelText('Domain Name'), 'known.com');
    await userEvent.click(within(dialog).getByLabelText('Blocked (no online appraisal)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Domain Already Exists' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toHaveLength(1);
  });

  it('edits and deletes with ChangeAppraisedDomainValues', async () => {
    signInStaff(['Admin'], { ChangeAppraisedDomainValues: true });
    serve([entry()], (call) =>
      call.method === 'DELETE'
        ? jsonResponse(200, { message: 'Deleted successfully' })
        : jsonResponse(200, { message: 'Updated domain details', data: entry({ manualValue: 30000 }) }),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=manual-appraisals' });
    const table = await screen.findByRole('table', { name: 'Manual appraisals' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit known.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Manual Appraisal' });
    const value = within(dialog).getByLabelText('Value (USD)');
    expect((value as HTMLInputElement).value).toBe('25000');
    await userEvent.clear(value);
    await userEvent.type(value, '30000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/manualAppraisal/m1',
      body: { domainName: 'known.com', manualValue: 30000, isBlocked: false },
    });

    await userEvent.click(within(table).getByRole('button', { name: 'Delete known.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Manual Appraisal' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]).toMatchObject({ method: 'DELETE', path: '/api/manualAppraisal/m1' });
    expect(notifySuccess).toHaveBeenLastCalledWith('Deleted successfully');
  });

  it('says so when an edit renames an entry to a domain another entry has', async () => {
    signInStaff(['Admin'], { ChangeAppraisedDomainValues: true });
    serve([entry()], () =>
      jsonResponse(409, {
        message: 'This domain is already exist, still want to overwrite it?',
        code: 'MANUAL_APPRAISAL_EXISTS',
        data: entry({ UID: 'm9', domainName: 'other.com' }),
      }),
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=manual-appraisals' });
    const table = await screen.findByRole('table', { name: 'Manual appraisals' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit known.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Manual Appraisal' });
    const domain = within(dialog).getByLabelText('Domain Name');
    await userEvent.clear(domain);
    await userEvent.type(domain, 'other.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another manual appraisal already has this domain.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Domain Already Exists' })).toBeNull();
  });
});
