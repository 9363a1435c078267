import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  loadToast: vi.fn(),
  dismissErrors: vi.fn(),
}));

import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { notifyError } from '#portal/lib/notify.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { registerScreens } from '#portal/lib/screens.ts';
import { useSession } from '#portal/lib/session.ts';
import { continueEnquiry, destination, replay } from './replay.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const path = (input: unknown) => new URL(String(input), 'http://x').pathname;

function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${path(input)}`;
    const route = routes[key];
    return route ? route() : json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
}

const pending = {
  UID: 'l1',
  domainName: 'wanted.com',
  status: 'pending',
  payments: [],
  paidAt: null,
  isSurveyCompleted: false,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifyError).mockClear();
  registerScreens(['/appraisal', '/hire-consultant']);
  history.replaceState(null, '', '/registrar-landing-page');
  useSession.setState({
    token: 't',
    profile: { UID: 'u1', roles: [], userInterested: null } as unknown as UserProfile,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('after the registrar enquiry is verified (decision A13)', () => {
  it('500 USD or more goes on to /hire-consultant with the lead the verification made', async () => {
    answer({ 'GET /api/getMyLeads': () => json(200, { data: [pending] }) });
    await continueEnquiry('wanted.com', '2500');
    expect(location.pathname).toBe('/hire-consultant');
    expect(
      fetchMock.mock.calls.some(([input, init]) => init?.method === 'POST' && path(input) === '/api/leads'),
    ).toBe(false);
  });

  it('makes the lead when the sign-in of an existing account did not', async () => {
    answer({
      'GET /api/getMyLeads': () => json(200, { data: [] }),
      'POST /api/leads': () => json(200, { data: pending }),
    });
    await continueEnquiry('wanted.com', '2500');
    expect(location.pathname).toBe('/hire-consultant');
    const post = fetchMock.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && path(input) === '/api/leads',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      domainName: 'wanted.com',
      offerAmount: '2500',
    });
  });

  it("under 500 opens 'Insufficient Budget' with what was asked, never an empty form", async () => {
    await continueEnquiry('wanted.com', '300');
    expect(useOverlays.getState().open.lowBudget).toEqual({
      domainName: 'wanted.com',
      offerAmount: '300',
      sourceFrom: 'enquiry',
    });
    expect(location.pathname).toBe('/registrar-landing-page');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (an open paid lead) instead of going on", async () => {
    answer({
      'GET /api/getMyLeads': () => json(200, { data: [] }),
      'POST /api/leads': () =>
        json(409, {
          code: 'LEAD_ADD_AS_ALTERNATE',
          message: 'You are an existing user, Please add wanted.com as an alternate domain.',
        }),
    });
    await continueEnquiry('wanted.com', '2500');
    expect(notifyError).toHaveBeenCalledWith(
      'You are an existing user, Please add wanted.com as an alternate domain.',
    );
    expect(location.pathname).toBe('/registrar-landing-page');
  });
});

describe("the server's next after a sign-up", () => {
  it("'hire-consultant' goes to the checkout", async () => {
    await replay({ kind: 'checkout' });
    expect(location.pathname).toBe('/hire-consultant');
  });

  it("'insufficient-budget' opens the window with the sign-up's domain", async () => {
    await replay({ kind: 'lowBudget', domainName: 'wanted.com' });
    expect(useOverlays.getState().open.lowBudget).toEqual({ domainName: 'wanted.com', sourceFrom: 'signUp' });
  });
});

describe('where the sign-in screen goes', () => {
  it('by the current lead: unpaid goes to the checkout', async () => {
    answer({ 'GET /api/getMyLeads': () => json(200, { data: [pending] }) });
    expect(await destination()).toBe('/hire-consultant');
  });

  it('no lead goes to the dashboard', async () => {
    registerScreens(['/appraisal', '/hire-consultant', '/dashboard']);
    answer({ 'GET /api/getMyLeads': () => json(200, { data: [] }) });
    expect(await destination()).toBe('/dashboard');
  });

  it('a paid lead with the survey done goes to the dashboard', async () => {
    registerScreens(['/appraisal', '/hire-consultant', '/dashboard']);
    const paid = {
      ...pending,
      status: 'new',
      paidAt: '2026-11-20T11:00:00.000Z',
      payments: [
        { UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: '2026-11-20T11:00:00.000Z' },
      ],
      isSurveyCompleted: true,
    };
    answer({ 'GET /api/getMyLeads': () => json(200, { data: [paid] }) });
    expect(await destination()).toBe('/dashboard');
  });

  it('the usual page when the leads cannot be read', async () => {
    answer({
      'GET /api/getMyLeads': () => json(500, { code: 'INTERNAL', message: 'Something went wrong!' }),
    });
    expect(await destination()).toBe('/appraisal');
  });

  it('refuses an investor with the spec message', async () => {
    useSession.setState({
      token: 't',
      profile: { UID: 'u1', roles: [], userInterested: 'Investor' } as unknown as UserProfile,
    });
    expect(await destination()).toBe('/appraisal');
    expect(notifyError).toHaveBeenCalledWith('not allowed, please contact admin');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
