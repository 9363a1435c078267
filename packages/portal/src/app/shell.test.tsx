import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../lib/navigation.ts';
import { openOverlay, useOverlays } from '../lib/overlays.ts';
import { useSession } from '../lib/session.ts';
import { App } from './app.tsx';
import { legalAudience } from './footer.tsx';
import { scrolledPast } from './page-state.tsx';
import { findRoute, routes } from './route-table.ts';

const profile = {
  UID: 'u1',
  name: 'Ann Buyer',
  firstName: 'Ann',
  lastName: 'Buyer',
  email: 'ann@example.com',
  phone: '+14155550100',
  roles: [{ role: { UID: 'r', roleType: 'Buyer' } }],
  registrarUID: null,
  preferredContact: 'Email',
} as never;

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: profile }), { status: 200 }));
  history.replaceState(null, '', '/');
  const root = document.createElement('div');
  root.id = 'root';
  document.body.replaceChildren(root);
});

function renderApp(path: string) {
  history.replaceState(null, '', path);
  return render(<App />, { container: document.getElementById('root')! });
}

describe('route table', () => {
  it('holds the account routes with their layout flags', () => {
    expect(findRoute('/forgot-password')).toMatchObject({ hideHeader: true, hideFooter: true });
    expect(findRoute('/forgot-password-registrar')).toMatchObject({ hideHeader: true, hideFooter: true });
    expect(findRoute('/profile')?.private).toBe(true);
    expect(findRoute('/change-password')?.private).toBe(true);
    expect(findRoute('/login/')?.path).toBe('/login');
    expect(findRoute('/LOGIN')?.path).toBe('/login');
    expect(findRoute('/no-such-screen')).toBeUndefined();
  });

  it('merges the static pages without duplicating a path', () => {
    const paths = routes.map((r) => r.path);
    expect(paths).toContain('/');
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('shell', () => {
  it('sends a visitor without a session from a private route to /', async () => {
    renderApp('/profile');
    await waitFor(() => expect(location.pathname).toBe('/'));
  });

  it('shows a private route with a session', async () => {
    useSession.getState().signIn('tok', profile);
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeTruthy();
  });

  it('shows the fallback page for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(location.pathname).toBe('/no-such-page');
  });

  it('hides header and footer on the password recovery screens', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('button', { name: 'Send OTP' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows Login to a visitor', async () => {
    renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.textContent).toContain('Login');
  });

  it('shows the avatar instead of Login to a signed-in user', async () => {
    useSession.getState().signIn('tok', profile);
    renderApp('/login');
    const nav2 = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav2.textContent).not.toContain('Login');
    // named by its visible initials too (axe: label-content-name-mismatch), hidden text first
    const avatar = screen.getByRole('link', { name: /^Your profile/ });
    expect(avatar.getAttribute('href')).toBe('/profile');
    expect(avatar.hasAttribute('aria-label')).toBe(false);
    const visible = avatar.querySelector('[data-avatar]')!.textContent!;
    expect(visible).toMatch(/^[A-Z]{1,2}$/);
    expect(avatar.textContent).toBe(`Your profile ${visible}`);
  });

  it('opens the burger panel and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const burger = await screen.findByRole('button', { name: 'Menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    scrollTo.mockClear();
    act(() => navigate('/signup'));
    await screen.findByRole('button', { name: 'Sign Up' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows the robot page in place of everything after a 451', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    act(() => useOverlays.getState().setTakeover('robot'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull());
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('sign-in window', () => {
  it('pushes /login over the page, keeps the page behind, and returns on Escape', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    const opener = await screen.findByRole('button', { name: 'Sign Up' });
    opener.focus();
    const { openLoginWindow } = await import('../lib/open-login.ts');
    act(() => openLoginWindow());
    const dialog = await screen.findByRole('dialog', { name: 'Sign In as a Buyer' });
    expect(location.pathname).toBe('/login');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // the page it was opened from is still there behind it, made inert
    expect(document.getElementById('root')?.inert).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.pathname).toBe('/signup');
    expect(document.getElementById('root')?.inert).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderApp('/');
    act(() => openOverlay('alert', { kind: 'welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check your email' });
    const okay = screen.getByRole('button', { name: 'Okay!' });
    expect(document.activeElement).toBe(okay);
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.click(okay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('small rules', () => {
  it('opens the seller legal texts on paths containing sell', () => {
    expect(legalAudience('/sell')).toBe('seller');
    expect(legalAudience('/sell-domain')).toBe('seller');
    expect(legalAudience('/faq')).toBe('buyer');
  });

  it('shows the scroll-to-top icon after 10 percent of the page', () => {
    expect(scrolledPast(0, 5000, 1000)).toBe(false);
    expect(scrolledPast(400, 5000, 1000)).toBe(false);
    expect(scrolledPast(401, 5000, 1000)).toBe(true);
    expect(scrolledPast(10, 800, 1000)).toBe(false);
  });
});

describe('session ended by the server', () => {
  it('asks for the password again in the sign-in window over a private page', async () => {
    useSession.getState().signIn('tok', profile);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/changePassword')
        ? new Response(JSON.stringify({ message: 'Token is not valid!', code: 'TOKEN_INVALID' }), {
            status: 401,
          })
        : new Response(JSON.stringify({ data: profile }), { status: 200 }),
    );
    const user = userEvent.setup();
    renderApp('/change-password');
    await user.type(await screen.findByLabelText('Old password'), 'Strong1!old');
    await user.type(screen.getByLabelText('New password'), 'Strong1!new');
    await user.type(screen.getByLabelText('Confirm password'), 'Strong1!new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In as a Buyer' });
    expect(dialog.textContent).toContain(
      'You have been logged out, please enter your password to log in again',
    );
    expect(location.pathname).toBe('/login');
    expect(useSession.getState().token).toBeNull();
  });
});

describe('the profile window after sign-in (decision A30)', () => {
  const noPhone = { ...(profile as object), phone: null } as never;
  const leadsCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/getMyLeads'));
  function serveLeads(leads: object[]) {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/getMyLeads')
        ? new Response(JSON.stringify({ data: leads }), { status: 200 })
        : new Response(JSON.stringify({ data: profile }), { status: 200 }),
    );
  }
  const lead = (status: string, preferredContact: string | null) => ({
    UID: `lead-${status}`,
    domainName: 'wanted.com',
    status,
    preferredContact,
  });

  it('opens for a buyer without a phone whose open lead prefers Phone or PhoneText, once per sign-in', async () => {
    serveLeads([lead('new', 'PhoneText')]);
    useSession.getState().signIn('tok', noPhone);
    renderApp('/change-password');
    expect(
      await screen.findByRole('dialog', { name: 'Please fill out the required Information' }),
    ).toBeTruthy();
    expect(leadsCalls()).toHaveLength(1);

    // answered or closed, it stays closed for the rest of this session
    act(() => useOverlays.getState().closeOverlay('googleProfile'));
    act(() => useSession.getState().setProfile(noPhone));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(leadsCalls()).toHaveLength(1);

    // the next sign-in asks again
    act(() => useSession.getState().clear());
    act(() => useSession.getState().signIn('tok2', noPhone));
    await waitFor(() => expect(useOverlays.getState().open.googleProfile).toBeDefined());
    expect(leadsCalls()).toHaveLength(2);
  });

  it('stays closed when the lead prefers Email, or the preferring lead is closed', async () => {
    serveLeads([lead('new', 'Email'), lead('canceled', 'Phone'), lead('sold', 'PhoneText')]);
    useSession.getState().signIn('tok', noPhone);
    await waitFor(() => expect(leadsCalls()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(useOverlays.getState().open.googleProfile).toBeUndefined();
  });

  it('reads no leads for an account that has a phone', async () => {
    serveLeads([lead('new', 'Phone')]);
    useSession.getState().signIn('tok', profile);
    await new Promise((r) => setTimeout(r, 20));
    expect(leadsCalls()).toHaveLength(0);
    expect(useOverlays.getState().open.googleProfile).toBeUndefined();
  });
});

describe('legal overlays', () => {
  it("opens the buyer privacy policy from the footer, and the seller's on a selling path", async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp('/login');
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(`© 2022-${new Date().getFullYear()} Domain Broker.`);
    await user.click(within(footer).getByRole('button', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    await waitFor(() => expect(dialog.querySelectorAll('h3').length).toBeGreaterThan(0));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    const root = document.createElement('div');
    root.id = 'root';
    document.body.replaceChildren(root);
    history.replaceState(null, '', '/sell-terms');
    render(<App />, { container: root });
    const sellerFooter = await screen.findByRole('contentinfo');
    await user.click(within(sellerFooter).getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('dialog', { name: 'Seller Privacy Policy' })).toBeTruthy();
  });
});
