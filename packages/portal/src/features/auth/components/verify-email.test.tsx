import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render.tsx';
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
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Taking you to the sign-in page in 4 seconds.')).toBeTruthy();
    for (let i = 0; i < 4; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(location.pathname).toBe('/login');
  });
});
