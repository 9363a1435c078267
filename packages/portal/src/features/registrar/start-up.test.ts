import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  loadToast: vi.fn(),
}));

import { startUp } from '#portal/app/start-up.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DEMO = { UID: 'demo-registrar', name: 'Demo Registrar', image: '', website: 'http://localhost:4000' };

const fetchMock = vi.fn<typeof fetch>();
let routes: Record<string, Handler>;

/** Answers by "METHOD /path"; anything not listed answers 404 like an unknown route. */
function serve(extra: Record<string, Handler> = {}) {
  routes = {
    'GET /api/config': () =>
      json(200, { data: { upgradeRegistrarId: 'upgrade-me', upgradesUrl: 'https://up.example/plans' } }),
    'GET /api/checkBlockedCountry': () => json(200, { data: { blocked: false } }),
    'GET /api/registrars/demo-registrar': () => json(200, { data: DEMO }),
    'POST /api/updateClicks/demo-registrar': () => json(200, { data: { recorded: true, lowBudget: false } }),
    ...extra,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : json(404, { message: 'Entry not found.', code: 'NOT_FOUND' });
  });
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://portal.test'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path);
}

function at(search: string) {
  history.replaceState(null, '', `/${search}`);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  serve();
});
afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('start-up with a query string', () => {
  it('stores the registrar, the domain and the promo code, records a click and stores the registrar details', async () => {
    at('?registrarId=demo-registrar&domainName=wanted&promoCode=SAVE10');
    await expect(startUp()).resolves.toBe('render');
    expect(localStorage.getItem('registrarUID')).toBe('demo-registrar');
    expect(localStorage.getItem('domainName')).toBe('wanted');
    expect(localStorage.getItem('promoCode')).toBe('SAVE10');
    await vi.waitFor(() => expect(calls('POST', '/api/updateClicks/demo-registrar')).toHaveLength(1));
    const [click] = calls('POST', '/api/updateClicks/demo-registrar');
    // the click counts the .com the enquiry will ask for
    expect(click!.url.searchParams.get('dn')).toBe('wanted.com');
    expect(JSON.parse(String(click!.init?.body))).toEqual({ domainName: 'wanted.com' });
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem('registrarDetail') ?? 'null')).toEqual(DEMO),
    );
    expect(useOverlays.getState().open.lowBudget).toBeUndefined();
  });

  it('uses the stored registrar UID when the query string has no registrarId', async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    at('?domainName=another.net');
    await startUp();
    await vi.waitFor(() => expect(calls('POST', '/api/updateClicks/demo-registrar')).toHaveLength(1));
    expect(calls('POST', '/api/updateClicks/demo-registrar')[0]!.url.searchParams.get('dn')).toBe(
      'another.net',
    );
    expect(localStorage.getItem('domainName')).toBe('another.net');
  });

  it('records no click without a domain in the query string', async () => {
    at('?registrarId=demo-registrar');
    await startUp();
    await vi.waitFor(() => expect(localStorage.getItem('registrarDetail')).not.toBeNull());
    expect(calls('POST', '/api/updateClicks/demo-registrar')).toHaveLength(0);
  });

  it('sets the low-budget window flag when the click answers 203 (a budget in the query goes with the click)', async () => {
    serve({
      'POST /api/updateClicks/demo-registrar': () =>
        json(203, { message: 'Your budget is below…', data: { recorded: true, lowBudget: true } }),
    });
    at('?registrarId=demo-registrar&domainName=wanted.com&offerAmount=150');
    await startUp();
    // the window knows what was asked: its low-budget mail names it
    await vi.waitFor(() =>
      expect(useOverlays.getState().open.lowBudget).toEqual({
        domainName: 'wanted.com',
        offerAmount: '150',
        sourceFrom: 'click',
      }),
    );
    const [click] = calls('POST', '/api/updateClicks/demo-registrar');
    expect(JSON.parse(String(click!.init?.body))).toEqual({ domainName: 'wanted.com', offerAmount: 150 });
  });

  it('resets the low-budget flag when the click fails, without bothering the visitor', async () => {
    useOverlays.getState().openOverlay('lowBudget');
    serve({
      'POST /api/updateClicks/demo-registrar': () => json(500, { message: 'boom', code: 'INTERNAL' }),
    });
    at('?registrarId=demo-registrar&domainName=wanted.com');
    await startUp();
    await vi.waitFor(() => expect(calls('POST', '/api/updateClicks/demo-registrar')).toHaveLength(1));
    await vi.waitFor(() => expect(useOverlays.getState().open.lowBudget).toBeUndefined());
    const { notifyError } = await import('#portal/lib/notify.ts');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('sends the special registrar id to the upgrades page and does not render', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    at('?registrarId=upgrade-me&domainName=wanted');
    await expect(startUp()).resolves.toBe('redirected');
    expect(replace).toHaveBeenCalledWith('https://up.example/plans');
    expect(localStorage.getItem('registrarUID')).toBeNull();
    expect(calls('POST', '/api/updateClicks/upgrade-me')).toHaveLength(0);
  });

  it('renders for any other id when the server names no special id', async () => {
    serve({ 'GET /api/config': () => json(200, { data: { upgradeRegistrarId: null, upgradesUrl: null } }) });
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    at('?registrarId=demo-registrar');
    await expect(startUp()).resolves.toBe('render');
    expect(replace).not.toHaveBeenCalled();
  });

  it('forgets the details of an unknown registrar (the landing page is then the generic one)', async () => {
    localStorage.setItem('registrarDetail', JSON.stringify(DEMO));
    at('?registrarId=nobody&domainName=wanted');
    serve({
      'GET /api/registrars/nobody': () =>
        json(404, { message: 'Registrar not found', code: 'REGISTRAR_NOT_FOUND' }),
      'POST /api/updateClicks/nobody': () =>
        json(404, { message: 'Registrar not found', code: 'REGISTRAR_NOT_FOUND' }),
    });
    await expect(startUp()).resolves.toBe('render');
    expect(localStorage.getItem('registrarUID')).toBe('nobody');
    await vi.waitFor(() => expect(localStorage.getItem('registrarDetail')).toBeNull());
  });
});

describe('start-up without a query string', () => {
  it('renders directly and records no click', async () => {
    at('');
    await expect(startUp()).resolves.toBe('render');
    expect(calls('POST', '/api/updateClicks/demo-registrar')).toHaveLength(0);
    expect(calls('GET', '/api/registrars/demo-registrar')).toHaveLength(0);
  });

  it('refreshes the details of the stored registrar', async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    at('');
    await startUp();
    expect(calls('POST', '/api/updateClicks/demo-registrar')).toHaveLength(0);
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem('registrarDetail') ?? 'null')).toEqual(DEMO),
    );
  });

  it('restores the stored profile', async () => {
    const profile = { UID: 'u1', email: 'ann@example.com', name: 'Ann', roles: [] };
    localStorage.setItem('myProfile', JSON.stringify(profile));
    useSession.setState({ profile: null });
    at('');
    await startUp();
    expect(useSession.getState().profile).toEqual(profile);
  });

  it.each([
    ['not JSON', '{"UID": "u1", "email":'],
    ['not a profile', '"just text"'],
    ['a list', '[1,2]'],
  ])('removes a stored profile that fails decoding (%s)', async (_label, stored) => {
    localStorage.setItem('myProfile', stored);
    useSession.setState({ profile: { email: 'stale@example.com' } as never });
    at('');
    await expect(startUp()).resolves.toBe('render');
    expect(localStorage.getItem('myProfile')).toBeNull();
    expect(useSession.getState().profile).toBeNull();
  });
});
