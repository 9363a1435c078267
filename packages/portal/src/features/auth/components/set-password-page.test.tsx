import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#portal/test/render.tsx';
import SetPasswordPage from './set-password-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TOKEN = 'a'.repeat(43);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('/set-password', () => {
  it('checks the fields, then sends the link token with the new password', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(200, { message: 'Your password is set, please sign in.' }));
    renderWithApp(<SetPasswordPage />, { path: `/set-password?token=${TOKEN}` });
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual([
      "Password can't be empty.",
      "Confirm password can't be empty.",
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('New password'), 'Chosen@Pass9');
    await user.type(screen.getByLabelText('Confirm password'), 'Chosen@Pass9');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/setPassword');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: TOKEN,
      password: 'Chosen@Pass9',
      confirmPassword: 'Chosen@Pass9',
    });
  });
});
