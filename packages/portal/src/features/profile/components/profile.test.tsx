import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render.tsx';
import { useOverlays } from '../../../lib/overlays.ts';
import { queryClient } from '../../../lib/query.tsx';
import { useSession } from '../../../lib/session.ts';
import ProfilePage from './profile-page.tsx';

const base = {
  UID: 'u1',
  name: 'Ann Buyer',
  firstName: 'Ann',
  lastName: 'Buyer',
  email: 'ann@example.com',
  phone: '+14155550100',
  roles: [],
  registrarUID: null,
  preferredContact: 'Email',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  queryClient.clear();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function serve(profile: Record<string, unknown>) {
  useSession.getState().signIn('tok', profile as never);
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method === 'PATCH'
      ? json(200, { message: 'User Details Updated Successfully' })
      : json(200, { data: profile }),
  );
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('profile screen', () => {
  it('shows the fields, the read-only email and the contact preferences', async () => {
    serve(base);
    renderWithApp(<ProfilePage />, { path: '/profile' });
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ann');
    const email = screen.getByLabelText('Email', { selector: 'input[type=email]' }) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('ann@example.com');
    expect(screen.getByRole('radio', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('checks first name and phone', async () => {
    const user = userEvent.setup();
    serve(base);
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.clear(screen.getByLabelText('Phone', { selector: 'input[type=tel]' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(alerts()).toEqual(['Please Enter First Name', 'Please Enter Phone Number']);
    await user.type(screen.getByLabelText('Phone', { selector: 'input[type=tel]' }), '+1 555');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(alerts()).toContain('Invalid phone number');
  });

  it('saves the profile with the phone in international form and fetches it again', async () => {
    const user = userEvent.setup();
    serve(base);
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const phone = await screen.findByLabelText('Phone', { selector: 'input[type=tel]' });
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0958');
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      firstName: 'Ann',
      lastName: 'Buyer',
      phone: '+442079460958',
      preferredContact: 'PhoneText',
    });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it('opens the profile-update window for a profile without a phone', async () => {
    serve({ ...base, phone: null });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await waitFor(() => expect(useOverlays.getState().open.googleProfile).toEqual({}));
  });
});
