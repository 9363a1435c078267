import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasterWanted } from '#portal/lib/notify.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import VerifyEmailPage from './verify-email-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

describe('/verify-email', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ message: 'Your email address is verified.', data: { token: 't', user: {} } }),
        {
          status: 200,
        },
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('verifies the code of the link, counts down the seconds and goes to /login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    history.replaceState(null, '', '/verify-email?email=v%40example.com&code=123456');
    renderWithApp(<VerifyEmailPage />, { path: '/verify-email?email=v%40example.com&code=123456' });
    await vi.waitFor(() => screen.getByText('Taking you to the sign-in page in 5 seconds.'));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toEqual({ email: 'v@example.com', verificationCode: '123456' });
    // the link only verifies: the sign-in happens on /login
    expect(localStorage.getItem('token')).toBeNull();
    // the countdown's effect runs on React's scheduler (a real setImmediate): let it start the timer
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Taking you to the sign-in page in 4 seconds.')).toBeTruthy();
    for (let i = 0; i < 4; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(location.pathname).toBe('/login');
  });

  const failWith = (status: number, code: string, message: string) =>
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code, message }), { status }));

  it('for an address without an account says so once: no "we sent a code", no toast', async () => {
    useToasterWanted.setState({ wanted: false });
    failWith(404, 'EMAIL_NOT_REGISTERED', 'Email is not registered.');
    const path = '/verify-email?email=x%40example.com&code=123456';
    history.replaceState(null, '', path);
    const { container } = renderWithApp(<VerifyEmailPage />, { path });
    await vi.waitFor(() => expect(container.querySelector('[data-verify-state="unknown"]')).toBeTruthy());
    expect(container.textContent).toContain('There is no account for x@example.com');
    expect(container.textContent).not.toMatch(/We sent a 6-digit code/);
    expect(useToasterWanted.getState().wanted).toBe(false);
    expect(screen.getByRole('link', { name: 'Create an Account' }).getAttribute('href')).toBe('/signup');
  });

  it('for an address already verified offers to sign in', async () => {
    failWith(409, 'EMAIL_ALREADY_VERIFIED', 'Email is already verified, please login.');
    const path = '/verify-email?email=v%40example.com&code=123456';
    history.replaceState(null, '', path);
    renderWithApp(<VerifyEmailPage />, { path });
    await screen.findByText('This email address is already verified.');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(useToasterWanted.getState().wanted).toBe(false);
  });

  it('for a stale code offers a new one, and only then says it was sent', async () => {
    failWith(400, 'OTP_EXPIRED', 'OTP Expired!');
    const path = '/verify-email?email=v%40example.com&code=123456';
    history.replaceState(null, '', path);
    const { container } = renderWithApp(<VerifyEmailPage />, { path });
    await screen.findByText('The code in this link is no longer valid.');
    expect(container.textContent).not.toMatch(/We sent a 6-digit code/);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'OTP sent' }), { status: 200 }));
    screen.getByRole('button', { name: 'Send a New Code' }).click();
    await vi.waitFor(() => expect(container.textContent).toMatch(/We sent a 6-digit code to v@example.com/));
  });
});
