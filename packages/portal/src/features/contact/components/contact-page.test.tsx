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
import { ContactPage, initialContactDomain } from './contact-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SUBMITTED = 'Form Submitted, One of our agents will get back to you within one business day or less.';

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url).includes('/api/location')) return json(200, { data: { country_code: 'US' } });
    if (String(url).includes('/api/contact')) return json(200, { message: SUBMITTED });
    return json(404, { message: 'Entry not found.', code: 'NOT_FOUND' });
  });
  await ensureCatalog('contact');
  history.replaceState(null, '', '/contact-us?domainName=wanted.io');
});
afterEach(() => vi.unstubAllGlobals());

const sent = () => {
  const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/contact'));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('Contact Us', () => {
  it('reads the domain an inquiry link filled in', () => {
    expect(initialContactDomain('?domainName=a.com')).toBe('a.com');
    expect(initialContactDomain('?domain=b.net')).toBe('b.net');
    expect(initialContactDomain('')).toBe('');
  });

  it("shows the spec's messages and sends nothing while a field is wrong", async () => {
    const user = userEvent.setup();
    renderWithApp(<ContactPage />, { path: '/contact-us' });
    expect((screen.getByLabelText('Domain name') as HTMLInputElement).value).toBe('wanted.io');
    await user.clear(screen.getByLabelText('Domain name'));
    await user.type(screen.getByLabelText('Domain name'), 'nodot');
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please Enter Name')).toBeTruthy();
    expect(screen.getByText('Please Enter Valid Email')).toBeTruthy();
    expect(screen.getByText('Please Enter Phone Number')).toBeTruthy();
    expect(screen.getByText('Please Enter Valid Domain Name')).toBeTruthy();
    expect(screen.getByText('Please Enter Comments')).toBeTruthy();
    expect(sent()).toBeUndefined();
  });

  it('sends the payload and shows the answer', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContactPage />, { path: '/contact-us' });
    await user.type(screen.getByLabelText('Name'), 'Ann Buyer');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Phone number'), '+14155550100');
    await user.type(screen.getByLabelText(/Budget/), '2500');
    await user.type(screen.getByLabelText('Message'), 'Is it for sale?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(SUBMITTED));
    expect(sent()).toMatchObject({
      name: 'Ann Buyer',
      email: 'ann@example.com',
      domainName: 'wanted.io',
      comments: 'Is it for sale?',
      budget: '2500',
      locale: 'en',
    });
    expect(sent().phone.replace(/\D/g, '')).toBe('14155550100');
  });
});
