import type { Lead } from '@domain-broker/shared/schemas/leads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads } from '#portal/lib/leads.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('#portal/lib/notify.ts', async (original) => ({
  ...(await original<typeof import('#portal/lib/notify.ts')>()),
  notifySuccess: (text: string) => toasts.success.push(text),
  notifyError: (text: string) => toasts.error.push(text),
}));

const PAID_AT = '2026-11-24T06:00:00.000Z';
const paid = (over: Partial<Lead> = {}): Lead =>
  makeLead({
    UID: '8d0e7c1a-3b1f-4d55-9a55-0c1f4a1e0b01',
    status: 'new',
    paidAt: PAID_AT,
    payments: [{ UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: PAID_AT }],
    isSurveyCompleted: true,
    ...over,
  });
const alternate = (domainName: string, status: 'pending' | 'accepted' | 'rejected' = 'pending') => ({
  UID: `uid-${domainName}`,
  domainName,
  offerAmount: '',
  status,
});

const fetchMock = vi.fn<typeof fetch>();
let posted: Record<string, unknown>[] = [];
type Answer = { status: number; body: unknown };
let onSave: (body: Record<string, unknown>) => Answer = () => ({ status: 500, body: {} });
let leads: Lead[] = [];

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/getMyLeads')) return jsonResponse(200, { data: leads });
    if (url.includes('/createOrUpdateOpportunities')) {
      const raw = input instanceof Request ? await input.text() : String(init?.body ?? '');
      const body = JSON.parse(raw) as Record<string, unknown>;
      posted.push(body);
      const answer = onSave(body);
      return jsonResponse(answer.status, answer.body);
    }
    if (url.includes('/ebook'))
      return jsonResponse(403, {
        code: 'EBOOK_PAID_ONLY',
        message: 'The e-book comes with the broker service: upgrade your account to download it.',
      });
    return jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

function open(at = '/dashboard') {
  history.replaceState(null, '', at);
  return renderWithApp(<DashboardPage />, { path: '/dashboard' });
}

beforeEach(async () => {
  posted = [];
  toasts.success = [];
  toasts.error = [];
  leads = [];
  resetMyLeads();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  serve();
  useOverlays.getState().closeAll();
  useSession.getState().signIn('tok', { UID: 'u1', email: 'ann@example.com', roles: [] } as never);
  await ensureCatalog('dashboard');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  history.replaceState(null, '', '/');
  await activateLocale('en');
});

describe('the alternates panel of a paid lead (decision A1)', () => {
  it('lists the alternates with their status and offers the places left', async () => {
    leads = [
      paid({
        opportunities: [
          { ...alternate('first.com'), offerAmount: '1500' },
          alternate('second.com', 'accepted'),
          alternate('third.com', 'rejected'),
        ],
      }),
    ];
    open();
    const list = await screen.findByRole('list', { name: 'Your alternate domains' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('[data-status]')?.textContent)).toEqual([
      'Pending',
      'Accepted',
      'Rejected',
    ]);
    expect(rows[0]?.textContent).toContain('1500 USD');
    expect(screen.getByText('You can add 1 more.')).toBeTruthy();
    // one place left: one row, no second
    expect(screen.getAllByRole('textbox', { name: /^Alternate domain/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add Another Domain' })).toBeNull();
  });

  it('adds rows up to the four alternates, and removes them', async () => {
    const user = userEvent.setup();
    leads = [paid()];
    open();
    expect(await screen.findByText('No alternate domains yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add Another Domain' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByRole('textbox', { name: /^Alternate domain/ })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Add Another Domain' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Domain 2' }));
    expect(screen.getAllByRole('textbox', { name: /^Alternate domain/ })).toHaveLength(3);
    // the focus does not fall to the page: it goes to the first row
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Alternate domain 1' }));
    expect(screen.getByRole('button', { name: 'Add Another Domain' })).toBeTruthy();
  });

  it('asks for a domain and the terms before sending anything', async () => {
    const user = userEvent.setup();
    leads = [paid()];
    open();
    await user.click(await screen.findByRole('button', { name: 'Save Alternate Domains' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please agree terms', 'Please enter any one domain']);
    await user.type(screen.getByRole('textbox', { name: 'Alternate domain 1' }), 'not a domain');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Save Alternate Domains' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The domain name you looking for is not a valid one.',
    );
    expect(screen.getByRole('textbox', { name: 'Alternate domain 1' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(posted).toEqual([]);
  });

  it("saves the rows with their budgets and shows the server's lead", async () => {
    const user = userEvent.setup();
    leads = [paid()];
    onSave = (body) => ({
      status: 200,
      body: {
        message: 'Your alternate domains are saved: your broker will review them.',
        data: paid({
          opportunities: (body.opportunities as { domainName: string; offerAmount: string }[]).map((o) => ({
            ...alternate(o.domainName),
            offerAmount: o.offerAmount,
          })),
        }),
      },
    });
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Alternate domain 1' }), 'other.com');
    await user.type(screen.getAllByRole('textbox', { name: /Budget/ })[0] as HTMLElement, '2500');
    await user.click(screen.getByRole('button', { name: 'Add Another Domain' }));
    await user.type(screen.getByRole('textbox', { name: 'Alternate domain 2' }), 'third.net');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Save Alternate Domains' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      leadUID: leads[0]?.UID,
      opportunities: [
        { domainName: 'other.com', offerAmount: '2500' },
        { domainName: 'third.net', offerAmount: '' },
      ],
      termsAgreed: true,
    });
    const list = await screen.findByRole('list', { name: 'Your alternate domains' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('other.com'), expect.stringContaining('third.net')]);
    expect(toasts.success).toEqual(['Your alternate domains are saved: your broker will review them.']);
    expect(screen.getByText('You can add 2 more.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Alternate domain 1' }) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusals where the buyer looks: the limit, a duplicate, a failure", async () => {
    const user = userEvent.setup();
    leads = [paid()];
    const answers: Answer[] = [
      { status: 409, body: { code: 'OPPORTUNITY_LIMIT', message: 'You can follow at most 5 domains.' } },
      {
        status: 409,
        body: { code: 'OPPORTUNITY_DUPLICATE', message: 'You already follow again.com on this lead.' },
      },
      {
        status: 400,
        body: {
          code: 'OPPORTUNITY_FAILED',
          message: 'Failed to create a opportunity, Please contact admin.',
        },
      },
    ];
    onSave = () => answers.shift() ?? { status: 500, body: {} };
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Alternate domain 1' }), 'again.com');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    const save = screen.getByRole('button', { name: 'Save Alternate Domains' });
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('You can follow at most 5 domains.');
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('You already follow again.com on this lead.'),
    );
    expect(screen.getByRole('textbox', { name: 'Alternate domain 1' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to create a opportunity, Please contact admin.',
      ),
    );
    expect(posted).toHaveLength(3);
    expect(toasts.error).toEqual([]);
  });

  it('at five domains says the limit and offers no more rows', async () => {
    leads = [paid({ opportunities: ['a.com', 'b.com', 'c.com', 'd.com'].map((d) => alternate(d)) })];
    open();
    const limit = await screen.findByText('You can follow at most 5 domains.');
    expect(limit.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox', { name: /^Alternate domain/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Alternate Domains' })).toBeNull();
  });

  it('takes the domain the buy flow sent (?alternate=), in focus', async () => {
    leads = [paid()];
    open('/dashboard?alternate=sent.com');
    const input = (await screen.findByRole('textbox', { name: 'Alternate domain 1' })) as HTMLInputElement;
    expect(input.value).toBe('sent.com');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('speaks Chinese: its messages and the limit', async () => {
    await activateLocale('zh');
    await ensureCatalog('dashboard');
    const user = userEvent.setup();
    leads = [paid()];
    open();
    await user.click(await screen.findByRole('button', { name: '保存备选域名' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      '请同意条款',
      '请至少输入一个域名',
    ]);
  });
});

describe('the paid features for a buyer who has not paid (decision A11)', () => {
  it('offers the alternates through the upgrade popup, on the locked dashboard', async () => {
    const user = userEvent.setup();
    leads = [makeLead()];
    open();
    await user.click(await screen.findByRole('button', { name: 'Add Alternate Domains' }));
    expect(useOverlays.getState().open.upgrade).toEqual({});
    expect(posted).toEqual([]);
  });

  it('opens the upgrade popup when the server keeps the e-book for paid buyers', async () => {
    const user = userEvent.setup();
    leads = [];
    open();
    await user.click(await screen.findByRole('button', { name: 'Download E-book' }));
    await waitFor(() => expect(useOverlays.getState().open.upgrade).toEqual({}));
    expect(toasts.error).toEqual([]);
  });

  it('a buyer whose lead was refunded after an earlier paid one keeps the panel hidden, not the popup', async () => {
    leads = [
      paid({ UID: 'r1', status: 'refunded' }),
      paid({ UID: 's1', status: 'sold', domainName: 'bought.com' }),
    ];
    open();
    expect(await screen.findByText('bought.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Alternate Domains' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Alternate Domains' })).toBeNull();
  });
});
