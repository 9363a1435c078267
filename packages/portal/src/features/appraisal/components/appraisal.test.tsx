import type { RecentSearchItem } from '@domain-broker/shared/schemas/appraisal';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads } from '#portal/lib/leads.ts';
import * as notify from '#portal/lib/notify.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { queryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { STORAGE_KEYS } from '#portal/lib/storage.ts';
import { makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { useAppraisalStore } from '../stores/appraisal-store.ts';
import {
  countToday,
  historyLayout,
  remainingAppraisals,
  storedSearches,
  visibleReasons,
} from '../utils/rules.ts';
import AppraisalPage from './appraisal-page.tsx';

vi.mock('#portal/lib/notify.ts', async (original) => ({
  ...(await original<typeof import('#portal/lib/notify.ts')>()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

import { CertificateModal } from './certificate-modal.tsx';
import { DomainForm } from './domain-form.tsx';
import { HistoryList } from './history-list.tsx';
import { ReasonsList } from './reasons-list.tsx';
import { RemainingText } from './remaining-text.tsx';

const REASONS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];

function record(domain: string, extra: Partial<RecentSearchItem> = {}): RecentSearchItem {
  const [name, tld] = domain.split('.') as [string, string];
  return {
    domain,
    domainName: domain,
    tld,
    appraised_value: 1200,
    saw_appraised_value: 2400,
    saw_appraised_value_formatted: '$2,400',
    appraisalTypes: [
      { type: 'Wholesale', info: 'w', value: 300 },
      { type: 'Market', info: 'm', value: 1200 },
      { type: 'List', info: 'l', value: 2400 },
    ],
    description: REASONS.map((r) => `${r} of ${name}`),
    availableExtensions: ['net', 'io'],
    manualReviewRequire: false,
    range: { low: 600, high: 2400 },
    confidence: 'high',
    manualValue: false,
    searchedAt: new Date().toISOString(),
    ...extra,
  };
}

const profile = {
  UID: 'u1',
  name: 'Ann Buyer',
  firstName: 'Ann',
  lastName: 'Buyer',
  email: 'ann@example.com',
  phone: null,
  roles: [],
  registrarUID: null,
  preferredContact: 'Email',
  userDetail: {
    EmailAppraisalCertificate: true,
    ShareDownloadAppraisal: true,
    AppraisalSearchUnLimit: false,
  },
};

describe('remaining appraisals', () => {
  it('uses the API figure, never below 0', () => {
    expect(remainingAppraisals({ remaining: 3, limit: 5, todayCount: 9, signedIn: true })).toBe(3);
    expect(remainingAppraisals({ remaining: -2, limit: 5, todayCount: 0, signedIn: true })).toBe(0);
  });

  it('is the limit minus today’s history when the API has not said, floored at 0', () => {
    expect(remainingAppraisals({ remaining: undefined, limit: 5, todayCount: 2, signedIn: true })).toBe(3);
    expect(
      remainingAppraisals({ remaining: undefined, limit: undefined, todayCount: 2, signedIn: true }),
    ).toBe(3);
    expect(
      remainingAppraisals({ remaining: undefined, limit: undefined, todayCount: 4, signedIn: false }),
    ).toBe(0);
  });

  it('is unlimited when the API answers null', () => {
    expect(remainingAppraisals({ remaining: null, limit: null, todayCount: 40, signedIn: true })).toBeNull();
  });

  it('counts only today’s history (UTC)', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(
      countToday([{ searchedAt: '2026-11-22T01:00:00Z' }, { searchedAt: '2026-11-21T23:59:00Z' }, {}], now),
    ).toBe(1);
  });

  it('reads as text', () => {
    renderWithApp(<RemainingText remaining={1} />);
    expect(screen.getByText('1 appraisal left today')).toBeTruthy();
    cleanup();
    renderWithApp(<RemainingText remaining={0} />);
    expect(screen.getByText('0 appraisals left today')).toBeTruthy();
    cleanup();
    renderWithApp(<RemainingText remaining={null} />);
    expect(screen.getByText('Unlimited appraisals today')).toBeTruthy();
  });
});

describe('Chinese', () => {
  it('reads the appraisal catalog, plurals included', async () => {
    await activateLocale('zh');
    await ensureCatalog('appraisal');
    try {
      renderWithApp(<RemainingText remaining={2} />);
      expect(screen.getByText('今天还可估价 2 次')).toBeTruthy();
    } finally {
      await activateLocale('en');
    }
  });
});

describe('history', () => {
  const items = ['a.com', 'b.net', 'c.io', 'd.org'].map((d) => record(d));
  const props = { current: null, downloading: [], onChoose: () => undefined };

  it('spans the full width with 3 or fewer items, a side column with more', () => {
    expect(historyLayout(0)).toBe('full');
    expect(historyLayout(3)).toBe('full');
    expect(historyLayout(4)).toBe('side');
    renderWithApp(
      <HistoryList
        state={{ kind: 'ready', items: items.slice(0, 3) }}
        layout={historyLayout(3)}
        {...props}
      />,
    );
    expect(screen.getByRole('region', { name: 'Your recent appraisals' }).dataset.layout).toBe('full');
    cleanup();
    renderWithApp(<HistoryList state={{ kind: 'ready', items }} layout={historyLayout(4)} {...props} />);
    expect(screen.getByRole('region', { name: 'Your recent appraisals' }).dataset.layout).toBe('side');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('says when it is empty, shows a blank placeholder on failure, marks an item being sent', async () => {
    const onChoose = vi.fn();
    renderWithApp(<HistoryList state={{ kind: 'ready', items: [] }} layout="full" {...props} />);
    expect(screen.getByText('no search history found')).toBeTruthy();
    cleanup();
    renderWithApp(<HistoryList state={{ kind: 'error' }} layout="full" {...props} />);
    expect(screen.getByTestId('history-error').textContent).toBe('The history could not be loaded.');
    cleanup();
    renderWithApp(
      <HistoryList
        state={{ kind: 'ready', items: items.slice(0, 2) }}
        layout="full"
        current={null}
        downloading={['b.net']}
        onChoose={onChoose}
      />,
    );
    const sending = screen.getByRole('button', { name: /b\.net/ });
    expect(sending.getAttribute('aria-busy')).toBe('true');
    expect(within(sending).getByTestId('history-downloading')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /a\.com/ }));
    expect(onChoose).toHaveBeenCalledWith(items[0]);
  });
});

describe('reasons', () => {
  it('shows 5 while collapsed and all once expanded, for a signed-in user', () => {
    expect(visibleReasons(REASONS, { expanded: false, signedIn: true }).shown).toHaveLength(5);
    expect(visibleReasons(REASONS, { expanded: true, signedIn: true }).shown).toHaveLength(7);
    expect(visibleReasons(REASONS.slice(0, 5), { expanded: false, signedIn: true }).more).toBe(false);
  });

  it('never shows a guest more than the first 5, and offers more when the API says there are', () => {
    expect(visibleReasons(REASONS, { expanded: true, signedIn: false }).shown).toEqual(REASONS.slice(0, 5));
    expect(visibleReasons(REASONS.slice(0, 5), { expanded: false, signedIn: false, total: 7 }).more).toBe(
      true,
    );
  });

  it('toggles Read more / Read less', async () => {
    const onToggle = vi.fn();
    renderWithApp(<ReasonsList reasons={REASONS} expanded={false} signedIn onToggle={onToggle} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Read More' }));
    expect(onToggle).toHaveBeenCalledOnce();
    cleanup();
    renderWithApp(<ReasonsList reasons={REASONS} expanded signedIn onToggle={onToggle} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Read Less' }).getAttribute('aria-expanded')).toBe('true');
    cleanup();
    renderWithApp(<ReasonsList reasons={REASONS} expanded signedIn={false} onToggle={onToggle} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Read More' })).toBeTruthy();
  });
});

describe('domain form', () => {
  it('needs a domain with a supported extension and no special characters', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<DomainForm value="" busy={false} onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Domain name');
    const submit = screen.getByRole('button', { name: 'Get Value' });
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('enter a valid domain');
    for (const bad of ['example', 'exa$mple.com']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await userEvent.click(submit);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('not a valid domain'));
    }
    // a well-formed name in another extension learns which ones are supported
    for (const other of ['art.museum', 'example.de']) {
      await userEvent.clear(input);
      await userEvent.type(input, other);
      await userEvent.click(submit);
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'This extension is not supported. Supported extensions: .com, .net, .org, .xyz, .co, .io, .ca',
        ),
      );
    }
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, ' Example.COM ');
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('example.com'));
  });
});

describe('certificate modal', () => {
  it('starts with the user’s email, needs a valid one, then sends', async () => {
    const onSend = vi.fn();
    renderWithApp(
      <CertificateModal
        domain="a.com"
        defaultEmail="ann@example.com"
        sending={false}
        onSend={onSend}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Email the appraisal certificate' });
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ann@example.com');
    expect(document.activeElement).toBe(email);
    await userEvent.clear(email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Email field should not be empty.');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Please Enter Valid Email Address'),
    );
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.type(email, 'bob@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('bob@example.com'));
  });
});

describe('appraisal page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeEach(() => {
    queryClient.clear();
    useAppraisalStore.getState().reset();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    history.replaceState(null, '', '/appraisal');
  });
  afterEach(() => vi.unstubAllGlobals());
  const toasts = {
    get error() {
      return vi.mocked(notify.notifyError);
    },
    get success() {
      return vi.mocked(notify.notifySuccess);
    },
  };

  function requests() {
    return fetchMock.mock.calls.map(([input, init]) => ({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  }

  it('lets a guest appraise (device id sent), then offers a free account at the limit and replays after sign-in', async () => {
    let appraisals = 0;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch')) {
        return json(200, { data: [], message: 'no search history found' }, { 'X-Appraisal-Remaining': '1' });
      }
      if (url.startsWith('/api/appraisalDetails/')) {
        appraisals += 1;
        if (appraisals === 2) {
          return json(429, { code: 'APPRAISAL_LOGIN_REQUIRED', message: 'Please login to get appraisals' });
        }
        const domain = decodeURIComponent(url.split('/api/appraisalDetails/')[1]!.split('?')[0]!);
        const { domainName: _d, searchedAt: _s, ...rest } = record(domain);
        return json(200, {
          data: { ...rest, remaining: appraisals === 1 ? 0 : 4, limit: appraisals === 1 ? 1 : 5 },
        });
      }
      if (url.startsWith('/api/updateUserIDInDomain')) return json(200, { data: { attached: 1 } });
      return json(404, { code: 'NOT_FOUND', message: 'Entry not found.' });
    });
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    expect(await screen.findByText('1 appraisal left today')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Domain name'), 'cloudkitchen.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
    const card = await screen.findByTestId('appraisal-result');
    expect(within(card).getByTestId('appraised-value').textContent).toBe('$1,200');
    expect(
      within(card)
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.startsWith('r')),
    ).toHaveLength(5);
    // the count comes with the history's refetch, which may answer after the result card is shown
    expect(await screen.findByText('0 appraisals left today')).toBeTruthy();
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(put.headers.get('X-Device-Id')).toBe(localStorage.getItem(STORAGE_KEYS.deviceId));
    expect(put.headers.get('X-Device-Id')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(storedSearches()).toEqual(['cloudkitchen.com']);

    await userEvent.clear(screen.getByLabelText('Domain name'));
    await userEvent.type(screen.getByLabelText('Domain name'), 'other.net');
    await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
    expect((await screen.findByTestId('appraisal-error')).textContent).toContain(
      'you have reached the maximum appraisal limit today',
    );
    // decision A36: a guest at the limit is offered a free account, not the plain login window
    expect(useOverlays.getState().open.createFreeAccount).toBeDefined();
    expect(useOverlays.getState().open.login).toBeUndefined();
    expect(useAppraisalStore.getState().pending).toEqual({ kind: 'appraise', domain: 'other.net' });
    expect(screen.getByRole('button', { name: 'Get Value' })).toHaveProperty('disabled', false);
    useOverlays.getState().closeOverlay('createFreeAccount');

    // sign-in: the guest's searches are attached, the appraisal runs again
    useSession.getState().signIn('tok', profile as never);
    const again = await screen.findByTestId('appraisal-result');
    expect(within(again).getByRole('heading', { level: 2 }).textContent).toBe('other.net');
    await waitFor(() => expect(requests().some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests().find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/updateUserIDInDomain');
    expect(patch.body).toEqual({ domainNames: ['cloudkitchen.com'] });
    expect(patch.headers.get('Authorization')).toBe('Bearer tok');
    await waitFor(() => expect(storedSearches()).toEqual([]));
  });

  it('offers a guest Read more (the API sent 5 of 7 reasons): login window, then all reasons after sign-in', async () => {
    let attached = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const signed = new Headers(init?.headers).has('Authorization');
      if (url.startsWith('/api/recentSearch')) {
        return json(200, {
          data: signed && attached ? [record('cloudkitchen.com', { descriptionCount: 7 })] : [],
        });
      }
      if (url.startsWith('/api/updateUserIDInDomain')) {
        attached = true;
        return json(200, { data: { attached: 1 } });
      }
      const { domainName: _d, searchedAt: _s, ...rest } = record('cloudkitchen.com');
      return json(200, {
        data: {
          ...rest,
          description: rest.description.slice(0, 5),
          descriptionCount: 7,
          remaining: 0,
          limit: 1,
        },
      });
    });
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    await userEvent.type(screen.getByLabelText('Domain name'), 'cloudkitchen.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
    const card = await screen.findByTestId('appraisal-result');
    const reasons = () => within(screen.getByTestId('appraisal-result')).getAllByText(/^r\d of /);
    expect(reasons()).toHaveLength(5);
    await userEvent.click(within(card).getByRole('button', { name: 'Read More' }));
    expect(useOverlays.getState().open.login).toBeDefined();
    expect(useAppraisalStore.getState().pending).toEqual({ kind: 'readMore' });

    useSession.getState().signIn('tok', profile as never);
    await waitFor(() => expect(reasons()).toHaveLength(7));
    expect(screen.getByRole('button', { name: 'Read Less' })).toBeTruthy();
  });

  it('hands a 451 to the shell (robot page) and replays an appraisal after a 401 asks for the password again', async () => {
    let status = 451;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch')) return json(200, { data: [] });
      return status === 451
        ? json(451, {
            code: 'ROBOT_DETECTED',
            message: 'Your activity looks automated, so this request was stopped.',
          })
        : json(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    });
    useSession.getState().signIn('old', profile as never);
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    await userEvent.type(screen.getByLabelText('Domain name'), 'robot.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
    await waitFor(() => expect(useOverlays.getState().takeover).toBe('robot'));
    status = 401;
    await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(useOverlays.getState().open.login).toMatchObject({ notice: 'loggedOut' });
    expect(useAppraisalStore.getState().pending).toEqual({ kind: 'appraise', domain: 'robot.com' });
  });

  it('a signed-in user with none left learns when they renew and cannot choose Get Value', async () => {
    const renewsAt = '2026-11-25T00:00:00.000Z';
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch'))
        return json(
          200,
          { data: [record('a.com')] },
          { 'X-Appraisal-Remaining': '0', 'X-Appraisal-Renews-At': renewsAt },
        );
      return json(429, { code: 'APPRAISAL_DAILY_LIMIT', message: 'x' });
    });
    useSession.getState().signIn('tok', profile as never);
    try {
      renderWithApp(<AppraisalPage />, { path: '/appraisal' });
      const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(renewsAt),
      );
      await waitFor(() =>
        expect(screen.getByTestId('appraisals-remaining').textContent).toBe(
          `0 appraisals left today Your appraisals renew on ${when}.`,
        ),
      );
      expect(screen.getByRole('button', { name: 'Get Value' })).toHaveProperty('disabled', true);
      await userEvent.type(screen.getByLabelText('Domain name'), 'more.com');
      await userEvent.keyboard('{Enter}');
      expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    } finally {
      useSession.getState().clear();
    }
  });

  it('an unpaid buyer with none left is offered the upgrade: Get Value opens the popup (A11)', async () => {
    resetMyLeads();
    useOverlays.getState().closeAll();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch'))
        return json(200, { data: [record('a.com')] }, { 'X-Appraisal-Remaining': '0' });
      if (url.startsWith('/api/getMyLeads')) return json(200, { data: [] });
      return json(429, { code: 'APPRAISAL_DAILY_LIMIT', message: 'x' });
    });
    useSession.getState().signIn('tok', profile as never);
    try {
      renderWithApp(<AppraisalPage />, { path: '/appraisal' });
      await userEvent.click(await screen.findByRole('button', { name: 'Get More Appraisals' }));
      expect(useOverlays.getState().open.upgrade).toEqual({});
      useOverlays.getState().closeAll();
      expect(screen.getByRole('button', { name: 'Get Value' })).toHaveProperty('disabled', false);
      await userEvent.type(screen.getByLabelText('Domain name'), 'more.com');
      await userEvent.keyboard('{Enter}');
      expect(useOverlays.getState().open.upgrade).toEqual({});
      expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    } finally {
      useSession.getState().clear();
      useOverlays.getState().closeAll();
    }
  });

  it("the server's daily limit opens the upgrade popup for an unpaid buyer, not for a paid one", async () => {
    const paidLead = makeLead({ status: 'new', paidAt: '2026-11-20T10:00:00.000Z' });
    for (const [leads, offered] of [
      [[], true],
      [[paidLead], false],
    ] as const) {
      resetMyLeads();
      useAppraisalStore.getState().reset();
      useOverlays.getState().closeAll();
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        if (url.startsWith('/api/recentSearch'))
          return json(200, { data: [] }, { 'X-Appraisal-Remaining': '2' });
        if (url.startsWith('/api/getMyLeads')) return json(200, { data: leads });
        return json(429, {
          code: 'APPRAISAL_DAILY_LIMIT',
          message: 'Please login to get appraisals. You have exceeded the maximum limit today.',
        });
      });
      useSession.getState().signIn('tok', profile as never);
      try {
        renderWithApp(<AppraisalPage />, { path: '/appraisal' });
        await userEvent.type(screen.getByLabelText('Domain name'), 'more.com');
        await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
        await screen.findByTestId('appraisal-error');
        await waitFor(() => expect(requests().some((r) => r.url.startsWith('/api/getMyLeads'))).toBe(true));
        if (offered) await waitFor(() => expect(useOverlays.getState().open.upgrade).toEqual({}));
        else {
          await waitFor(() =>
            expect(screen.getByRole('button', { name: 'Get Value' })).toHaveProperty('disabled', true),
          );
          expect(useOverlays.getState().open.upgrade).toBeUndefined();
          expect(screen.queryByRole('button', { name: 'Get More Appraisals' })).toBeNull();
        }
      } finally {
        useSession.getState().clear();
        useOverlays.getState().closeAll();
        cleanup();
      }
    }
  });

  it('names the supported extensions when the server refuses one (a domainName link)', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch')) return json(200, { data: [] });
      return json(400, {
        code: 'DOMAIN_EXTENSION_UNSUPPORTED',
        message: 'This extension is not supported. Supported extensions: .com.',
        data: { supportedExtensions: ['com'] },
      });
    });
    history.replaceState(null, '', '/appraisal?domainName=art.museum');
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    expect((await screen.findByTestId('appraisal-error')).textContent).toBe(
      'This extension is not supported. Supported extensions: .com, .net, .org, .xyz, .co, .io, .ca',
    );
  });

  it('says why a list price above the value range is there', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch')) return json(200, { data: [] });
      const {
        domainName: _d,
        searchedAt: _s,
        ...rest
      } = record('sunnybakery.com', {
        appraised_value: 600,
        saw_appraised_value: 1500,
        range: { low: 300, high: 1200 },
      });
      return json(200, { data: { ...rest, remaining: 0, limit: 1, renewsAt: null } });
    });
    history.replaceState(null, '', '/appraisal?domainName=sunnybakery.com');
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    const card = await screen.findByTestId('appraisal-result');
    expect(
      within(card).getByText(
        'Suggested asking price for a retail listing: above the value range on purpose, to leave room to negotiate down into it',
      ),
    ).toBeTruthy();
  });

  it('starts an appraisal from the domainName and token query parameters', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch')) return json(200, { data: [] });
      const { domainName: _d, searchedAt: _s, ...rest } = record('query.io');
      return json(200, { data: { ...rest, remaining: 0, limit: 1 } });
    });
    history.replaceState(null, '', '/appraisal?domainName=query.io&token=abc');
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    expect(await screen.findByTestId('appraisal-result')).toBeTruthy();
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/appraisalDetails/query.io');
    expect(put.body).toMatchObject({ botToken: 'abc' });
    expect(location.search).toBe('');
  });

  it('shows server errors in the result area and clears a guest’s stored history when the history fails', async () => {
    localStorage.setItem('recentSearchedDomains', JSON.stringify(['old.com']));
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recentSearch'))
        return json(500, { code: 'INTERNAL', message: 'Something went wrong!' });
      return json(429, {
        code: 'APPRAISAL_SEARCH_LIMIT',
        message: 'you have reached the domain search limit, please contact support',
      });
    });
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    expect(await screen.findByTestId('history-error')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('recentSearchedDomains')).toBeNull());
    await userEvent.type(screen.getByLabelText('Domain name'), 'blocked.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get Value' }));
    expect((await screen.findByTestId('appraisal-error')).textContent).toBe(
      'you have reached the domain search limit, please contact support',
    );
    expect(useOverlays.getState().open.login).toBeUndefined();
  });

  it('asks a user without the privilege nothing: the certificate is refused with the spec’s message', async () => {
    useSession.getState().signIn('tok', {
      ...profile,
      userDetail: { ...profile.userDetail, EmailAppraisalCertificate: false },
    } as never);
    fetchMock.mockImplementation(async () =>
      json(200, { data: [record('a.com')] }, { 'X-Appraisal-Remaining': '4' }),
    );
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    await userEvent.click(await screen.findByRole('button', { name: /a\.com/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Email the Certificate' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith("you don't have a permission to perform this action");
  });

  it('mails the certificate: the history item is marked until done, then the success toast', async () => {
    useSession.getState().signIn('tok', profile as never);
    let finish: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/sendAppraisalCertificate')) return new Promise<Response>((r) => (finish = r));
      return json(200, { data: [record('a.com')] }, { 'X-Appraisal-Remaining': '4' });
    });
    renderWithApp(<AppraisalPage />, { path: '/appraisal' });
    expect(await screen.findByText('4 appraisals left today')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /a\.com/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Email the Certificate' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('history-downloading')).toBeTruthy();
    const post = requests().find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({ domainName: 'a.com', email: 'ann@example.com' });
    finish(
      json(200, {
        message: 'Appraisal certificate sent to your email address',
        data: { certificateId: 'c' },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('history-downloading')).toBeNull());
    expect(toasts.success).toHaveBeenCalledWith('Appraisal certificate sent to your email address');
  });
});
