import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  loadToast: vi.fn(),
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStorage.clear();
  await ensureCatalog('unsubscribe');
});
afterEach(() => vi.unstubAllGlobals());

describe('/unsubscribe', () => {
  it('clears the query, sends the message and goes home', async () => {
    fetchMock.mockResolvedValue(
      json(200, { message: 'You are unsubscribed: we will not send you these emails again.' }),
    );
    history.replaceState(null, '', '/unsubscribe?email=a%40example.com&type=appraisal-report&token=tok.sig');
    const user = userEvent.setup();
    renderWithApp(<UnsubscribePage />, { path: '/unsubscribe' });
    expect(screen.getByText('a@example.com')).toBeTruthy();
    await waitFor(() => expect(location.search).toBe(''));
    await user.type(screen.getByLabelText(/Tell us why/), 'Too many');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: 'a@example.com',
      type: 'appraisal-report',
      token: 'tok.sig',
      message: 'Too many',
    });
    expect(location.pathname).toBe('/');
  });

  it('shows a refused link; with no email the visitor goes home', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'x', code: 'UNSUBSCRIBE_LINK_INVALID' }));
    history.replaceState(null, '', '/unsubscribe?email=a%40example.com&token=forged');
    const user = userEvent.setup();
    const view = renderWithApp(<UnsubscribePage />, { path: '/unsubscribe' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not valid or was already used');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).type).toBe('buy');
    view.unmount();
    sessionStorage.clear();
    history.replaceState(null, '', '/unsubscribe');
    renderWithApp(<UnsubscribePage />, { path: '/unsubscribe' });
    await waitFor(() => expect(location.pathname).toBe('/'));
  });
});
