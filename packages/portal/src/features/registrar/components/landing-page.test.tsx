import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock(import('#portal/lib/notify.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

import { App } from '#portal/app/app.tsx';
import { homePath, logoTarget } from '#portal/app/menu.ts';
import { startUp } from '#portal/app/start-up.ts';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { queryClient } from '#portal/lib/query.tsx';
import { storeRegistrarDetail } from '#portal/lib/registrar.ts';
import { useSession } from '#portal/lib/session.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import LandingPage from './landing-page.tsx';
import { shareableLink } from './share-link.tsx';

const DEMO = {
  UID: 'demo-registrar',
  name: 'Demo Registrar',
  image: 'https://cdn.example/logo.png',
  website: 'https://registrar.example',
};
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function registrarUser(registrarUID = 'demo-registrar') {
  return {
    UID: 'u-reg',
    name: 'Rita Registrar',
    email: 'registrar@demo.test',
    roles: [{ role: { UID: 'r3', roleType: 'Registrar' } }],
    registrarUID,
  } as never;
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    if (path === '/api/registrars/demo-registrar') return json(200, { data: DEMO });
    if (path.startsWith('/api/registrars/'))
      return json(404, { message: 'Registrar not found', code: 'REGISTRAR_NOT_FOUND' });
    if (path === '/api/myProfile') return json(200, { data: useSession.getState().profile });
    return json(200, { data: {} });
  });
  await ensureCatalog('registrar');
  queryClient.clear();
  history.replaceState(null, '', '/registrar-landing-page');
});
afterEach(() => vi.unstubAllGlobals());

describe('/registrar-landing-page', () => {
  it("shows the registrar's logo and name, the form, the eight services and the three steps", async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    renderWithApp(<LandingPage />);
    expect(await screen.findByText('Demo Registrar')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Demo Registrar logo' }).getAttribute('src')).toBe(DEMO.image);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
    const services = screen.getByRole('heading', { name: 'What our brokers do for you' }).parentElement!;
    const titles = within(services)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Budgeting',
      'Strategy',
      'Appraisals',
      'Transfer & Registration',
      'Market Research',
      'Contract Negotiation',
      'Acquisition',
      'Brand Protection',
    ]);
    const steps = screen.getByRole('heading', { name: 'How it works' }).parentElement!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    // a visitor gets no shareable link
    expect(screen.queryByRole('button', { name: 'Copy Link' })).toBeNull();
  });

  it('shows the stored details at once, before the server answers', async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    localStorage.setItem('registrarDetail', JSON.stringify({ ...DEMO, name: 'Stored Name' }));
    fetchMock.mockImplementation(() => new Promise(() => {}));
    renderWithApp(<LandingPage />);
    expect(screen.getByText('Stored Name')).toBeTruthy();
  });

  it('shows a loading state while the details load', () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    fetchMock.mockImplementation(() => new Promise(() => {}));
    renderWithApp(<LandingPage />);
    expect(screen.getByRole('status', { name: "Loading the registrar's details" })).toBeTruthy();
  });

  it('shows the generic landing page without a logo for an unknown registrar', async () => {
    localStorage.setItem('registrarUID', 'nobody');
    renderWithApp(<LandingPage />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
  });

  it('offers a retry when the details cannot be loaded', async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    // offline for the first call and the client's two retries of a read
    fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockRejectedValueOnce(new TypeError('offline'));
    const user = userEvent.setup();
    renderWithApp(<LandingPage />);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Demo Registrar')).toBeTruthy();
  });

  it('gives a registrar-role user their own page and a copyable link with their id', async () => {
    localStorage.setItem('registrarUID', 'someone-else');
    useSession.getState().signIn('tok', registrarUser());
    // user-event puts a clipboard stub on navigator
    const user = userEvent.setup();
    renderWithApp(<LandingPage />);
    expect(await screen.findByText('Demo Registrar')).toBeTruthy();
    const link = `${location.origin}/?registrarId=demo-registrar`;
    expect((screen.getByRole('textbox', { name: 'Your referral link' }) as HTMLInputElement).value).toBe(
      link,
    );
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Link copied in clipboard'));
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('encodes the id in the shareable link', () => {
    expect(shareableLink('https://portal.example', 'a b&c')).toBe(
      'https://portal.example/?registrarId=a%20b%26c',
    );
  });
});

describe('home and logo rules', () => {
  it('homePath: the affiliate dashboard for a registrar-role user (A10), the landing page with stored registrar details', () => {
    expect(homePath({ signedIn: false, roles: [], registrarDetailsPresent: false })).toBe('/');
    expect(homePath({ signedIn: true, roles: ['Buyer'], registrarDetailsPresent: false })).toBe('/');
    expect(homePath({ signedIn: true, roles: ['Registrar'], registrarDetailsPresent: false })).toBe(
      '/dashboard',
    );
    expect(homePath({ signedIn: false, roles: [], registrarDetailsPresent: true })).toBe(
      '/registrar-landing-page',
    );
    expect(logoTarget(['Registrar'], true)).toBe('/dashboard');
    expect(logoTarget(['Buyer'], true)).toBe('/');
  });

  function renderApp(path: string) {
    history.replaceState(null, '', path);
    const root = document.createElement('div');
    root.id = 'root';
    document.body.replaceChildren(root);
    return render(<App />, { container: root });
  }

  it('shows the registrar landing page at / when registrar details are stored', async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    localStorage.setItem('registrarDetail', JSON.stringify(DEMO));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start your domain enquiry' })).toBeTruthy();
    expect(location.pathname).toBe('/');
  });

  it('sends a registrar-role user from / to their dashboard (A10); the landing page keeps their link', async () => {
    useSession.getState().signIn('tok', registrarUser());
    renderApp('/');
    await waitFor(() => expect(location.pathname).toBe('/dashboard'));
    const logo = within(screen.getByRole('banner')).getAllByRole('link')[0]!;
    expect(logo.getAttribute('href')).toBe('/dashboard');
    cleanup();
    renderApp('/registrar-landing-page');
    expect(await screen.findByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });

  it('switches / to the landing page when the start-up stores the details after the first render', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Start your domain enquiry' })).toBeNull();
    localStorage.setItem('registrarUID', 'demo-registrar');
    act(() => storeRegistrarDetail(DEMO));
    expect(await screen.findByRole('heading', { name: 'Start your domain enquiry' })).toBeTruthy();
  });

  it('asks the server for the details once: the landing page waits for the start-up instead of asking again', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const pass = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path === '/api/registrars/demo-registrar') await answered;
      return pass(input, init);
    });
    const detailCalls = () =>
      fetchMock.mock.calls.filter(
        ([input]) =>
          new URL(String(input), 'http://portal.test').pathname === '/api/registrars/demo-registrar',
      ).length;
    history.replaceState(null, '', '/registrar-landing-page?registrarId=demo-registrar&domainName=wanted');
    await expect(startUp()).resolves.toBe('render');
    // the start-up's request is still running when the page renders (a first visit: nothing stored)
    await waitFor(() => expect(detailCalls()).toBe(1));
    renderApp('/registrar-landing-page');
    expect(await screen.findByRole('status', { name: "Loading the registrar's details" })).toBeTruthy();
    answer();
    expect(await screen.findByText('Demo Registrar')).toBeTruthy();
    expect(localStorage.getItem('registrarUID')).toBe('demo-registrar');
    // and once it is stored, another visit to the page in this load does not ask again
    cleanup();
    queryClient.clear();
    renderApp('/registrar-landing-page');
    expect(await screen.findByText('Demo Registrar')).toBeTruthy();
    expect(detailCalls()).toBe(1);
  });

  it('keeps the buy home page at / for a visitor without registrar details', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Start your domain enquiry' })).toBeNull();
  });
});
