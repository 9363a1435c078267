import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, useConfigStore } from '#portal/lib/config.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { browser } from '../api/linkedin-login.ts';
import LinkedInReturnPage from './linkedin-return-page.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useConfigStore.setState({ config: DEFAULT_CONFIG, loaded: false });
});

const configure = (linkedinSignIn: boolean) =>
  useConfigStore.setState({ config: { ...DEFAULT_CONFIG, linkedinSignIn }, loaded: true });

describe('Sign in with LinkedIn', () => {
  it('is hidden until the server is configured for it', () => {
    configure(false);
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    expect(screen.queryByRole('button', { name: 'Sign in with LinkedIn' })).toBeNull();
  });

  it('asks the server for the provider address, keeps the state in this tab and leaves', async () => {
    configure(true);
    const leave = vi.spyOn(browser, 'leave').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    fetchMock.mockResolvedValueOnce(
      json(200, { data: { url: 'https://idp.example/authorize?state=s1', state: 's1' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign in with LinkedIn' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://idp.example/authorize?state=s1'));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/linkedinLogin');
    expect(sessionStorage.getItem('db.linkedinState')).toBe('s1');
  });

  it('sits beside the sign-up form too', () => {
    configure(true);
    renderWithApp(<SignupForm place="screen" onSignedIn={() => {}} />, { path: '/signup' });
    expect(screen.getByRole('button', { name: 'Sign up with LinkedIn' })).toBeTruthy();
  });

  it('finishes on /auth/linkedin with the state it started with, and clears the code from the address', async () => {
    sessionStorage.setItem('db.linkedinState', 's2');
    window.history.replaceState(null, '', '/auth/linkedin?code=c2&state=s2');
    fetchMock.mockResolvedValueOnce(
      json(200, {
        message: 'Logged in successfully.',
        data: {
          token: 'tok-li',
          user: { UID: 'u', email: 'li@example.org', phone: '+14155550100' },
          next: null,
          leadUID: null,
        },
      }),
    );
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    renderWithApp(<LinkedInReturnPage />, { path: '/auth/linkedin' });
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok-li'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/linkedinLogin');
    expect(JSON.parse(String(init!.body))).toMatchObject({ code: 'c2', state: 's2', roleType: 'Buyer' });
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem('db.linkedinState')).toBeNull();
  });

  it('refuses a return whose state this tab did not start, without calling the server', async () => {
    sessionStorage.setItem('db.linkedinState', 'mine');
    window.history.replaceState(null, '', '/auth/linkedin?code=c3&state=someone-elses');
    renderWithApp(<LinkedInReturnPage />, { path: '/auth/linkedin' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign in with LinkedIn did not complete. Please try again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('says so when the address already has an account', async () => {
    sessionStorage.setItem('db.linkedinState', 's4');
    window.history.replaceState(null, '', '/auth/linkedin?code=c4&state=s4');
    fetchMock.mockResolvedValueOnce(
      json(409, {
        message: 'This account is already registered… Please login.',
        code: 'ACCOUNT_ALREADY_REGISTERED',
      }),
    );
    renderWithApp(<LinkedInReturnPage />, { path: '/auth/linkedin' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account is already registered… Please login.',
    );
  });
});
