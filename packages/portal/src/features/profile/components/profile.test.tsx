import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialsOf } from '#portal/components/avatar.tsx';
import { useOverlays } from '#portal/lib/overlays.ts';
import { queryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import ProfilePage from './profile-page.tsx';
import { ProfileUpdateWindow } from './profile-window.tsx';

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

/** A stand-in API: GET /myProfile answers `profile` (or `fresh`), PATCH merges the body into it. */
function serve(profile: Record<string, unknown>, fresh?: Record<string, unknown>) {
  useSession.getState().signIn('tok', profile as never);
  let current = { ...(fresh ?? profile) };
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).startsWith('/api/location')) return json(200, { data: { country_code: 'GB' } });
    if (String(url).startsWith('/api/mail-preferences')) {
      if (init?.method === 'DELETE') {
        optOuts = [];
        return json(200, { message: 'These emails are turned back on.' });
      }
      return json(200, { data: optOuts });
    }
    if (init?.method === 'PATCH') {
      current = { ...current, ...JSON.parse(String(init.body)) };
      return json(200, { message: 'User Details Updated Successfully', data: current });
    }
    return json(200, { data: current });
  });
}

let optOuts: unknown[] = [];

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('profile screen', () => {
  it('shows the mail the user unsubscribed from and turns it back on', async () => {
    optOuts = [{ type: 'appraisal-report', closeUID: null, createdAt: '2026-01-01T00:00:00.000Z' }];
    serve(base);
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText(/The weekly appraisal report/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn Back On' }));
    expect(await screen.findByText('You receive all our emails.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(call?.[0])).toContain('/api/mail-preferences/appraisal-report');
  });

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
    await user.clear(screen.getByLabelText(/^Phone/, { selector: 'input[type=tel]' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // the phone may be removed on the profile; only the first name is required
    expect(alerts()).toEqual(['Please Enter First Name']);
    await user.type(screen.getByLabelText(/^Phone/, { selector: 'input[type=tel]' }), '+1 555');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(alerts()).toContain('Invalid phone number');
  });

  it('saves the profile with the phone in international form and fetches it again', async () => {
    const user = userEvent.setup();
    serve(base);
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const phone = await screen.findByLabelText(/^Phone/, { selector: 'input[type=tel]' });
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

  it('never opens the "required Information" window over itself, even without a phone', async () => {
    serve({ ...base, phone: null });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await screen.findByLabelText('First name');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(useOverlays.getState().open.googleProfile).toBeUndefined();
  });

  it('removes the phone with an empty field', async () => {
    const user = userEvent.setup();
    serve(base);
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await user.clear(await screen.findByLabelText(/^Phone/, { selector: 'input[type=tel]' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body)).phone).toBe('');
  });

  it('shows the same initials as the header after a rename, from the saved names', async () => {
    const user = userEvent.setup();
    serve(base);
    const { container } = renderWithApp(<ProfilePage />, { path: '/profile' });
    const avatar = () => container.querySelector('[data-avatar]')?.textContent;
    await waitFor(() => expect(avatar()).toBe('AB'));
    const last = screen.getByLabelText(/Last name/);
    await user.clear(last);
    await user.type(last, 'Miller');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(avatar()).toBe('AM'));
    expect(initialsOf(useSession.getState().profile)).toBe('AM');
  });

  it('after a reload shows the fresh names, not the stored ones', async () => {
    serve(base, { ...base, firstName: 'Zoe', name: 'Zoe Buyer' });
    const { container } = renderWithApp(<ProfilePage />, { path: '/profile' });
    await waitFor(() => expect(container.querySelector('[data-avatar]')?.textContent).toBe('ZB'));
    expect(useSession.getState().profile?.firstName).toBe('Zoe');
  });

  it('breaks a long email only after the @ or before a dot', async () => {
    serve({ ...base, email: 'averyveryverylongname@subdomain.example.com' });
    const { container } = renderWithApp(<ProfilePage />, { path: '/profile' });
    await screen.findByLabelText('First name');
    const email = container.querySelector('[data-profile-email]')!;
    expect(email.textContent).toBe('averyveryverylongname@subdomain.example.com');
    // break opportunities after the @ and before each dot, and nowhere else
    expect(email.innerHTML).toBe('averyveryverylongname@<wbr>subdomain<wbr>.example<wbr>.com');
  });
});

describe('the photo', () => {
  it('refuses other types and files over 2 MB before sending, with the spec messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    serve(base);
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const input = (await screen.findByLabelText('Change Photo')) as HTMLInputElement;
    await user.upload(input, new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect(alerts()).toContain('Please upload only .jpg, .jpeg, .png type files.');
    await user.upload(
      input,
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(alerts()).toContain('Input value is too long.');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/files')).toBe(false);
  });

  it('uploads a JPEG or PNG to POST /files and saves its URL as the profile image', async () => {
    const user = userEvent.setup();
    serve(base);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      String(url) === '/api/files'
        ? json(201, { data: { files: [{ filename: 'abc.png', url: '/api/files/abc.png' }] } })
        : inner(url, init),
    );
    const { container } = renderWithApp(<ProfilePage />, { path: '/profile' });
    const input = (await screen.findByLabelText('Change Photo')) as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50])], 'me.PNG', { type: 'image/png' }));
    await waitFor(() =>
      expect(container.querySelector('[data-avatar] img')?.getAttribute('src')).toBe('/api/files/abc.png'),
    );
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/files')!;
    expect(post[1]!.body).toBeInstanceOf(FormData);
    expect(((post[1]!.body as FormData).get('file') as File).name).toBe('me.PNG');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ image: '/api/files/abc.png' });
  });
});

describe('the "required Information" window', () => {
  it('asks for the phone, and closes itself on /profile', async () => {
    const user = userEvent.setup();
    serve({ ...base, phone: null });
    useOverlays.setState({ open: { googleProfile: {} }, takeover: null });
    const dashboard = renderWithApp(<ProfileUpdateWindow />, { path: '/dashboard' });
    await screen.findByRole('dialog', { name: 'Please fill out the required Information' });
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(alerts()).toContain('Please Enter Phone Number');
    dashboard.unmount();
    renderWithApp(<ProfileUpdateWindow />, { path: '/profile' });
    await waitFor(() => expect(useOverlays.getState().open.googleProfile).toBeUndefined());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
