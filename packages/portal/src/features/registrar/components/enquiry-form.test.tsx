import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  loadToast: vi.fn(),
}));

import { activateLocale, ensureCatalog } from '#portal/lib/i18n.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { fakeTurnstile } from '#portal/test/turnstile.ts';
import { EnquiryForm, enquiryBody, initialDomain } from './enquiry-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('registrar');
  history.replaceState(null, '', '/registrar-landing-page');
});
afterEach(() => vi.unstubAllGlobals());

function form() {
  renderWithApp(<EnquiryForm registrarUID="demo-registrar" />, { path: '/registrar-landing-page' });
  return {
    name: screen.getByLabelText('Full name'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    phone: screen.getByLabelText('Phone number'),
    domain: screen.getByLabelText('Domain you want'),
    budget: screen.getByLabelText('Your budget (USD)'),
    submit: screen.getByRole('button', { name: 'Get Started' }),
  };
}

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  f: ReturnType<typeof form>,
  domain = 'wanted',
) {
  await user.type(f.name, 'Ann Buyer');
  await user.type(f.email, 'ann@example.com');
  await user.type(f.password, 'Strong@Pass1');
  await user.type(f.phone, '+14155550100');
  await user.clear(f.domain);
  await user.type(f.domain, domain);
  await user.type(f.budget, '2500');
}

function sentBody() {
  const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/signUpWithDomain'));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('the enquiry form', () => {
  it("shows the spec's message for every empty field and sends nothing", async () => {
    const user = userEvent.setup();
    const f = form();
    await user.click(f.submit);
    for (const text of [
      'Please Enter Your Name',
      'Please Enter Valid Email',
      'Please Enter Password',
      'Please Enter Phone Number',
      'Please Enter Your Domain Name',
      'Please Enter Your budget',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(f.name);
  });

  it('tells an invalid phone number and an invalid email apart from empty ones', async () => {
    const user = userEvent.setup();
    const f = form();
    await user.type(f.phone, '12345');
    await user.type(f.email, 'not-an-email');
    await user.click(f.submit);
    expect(await screen.findByText('Please Enter Valid Phone Number')).toBeTruthy();
    expect(screen.getByText('Please Enter Valid Email')).toBeTruthy();
    expect(f.phone.getAttribute('aria-invalid')).toBe('true');
  });

  it('appends .com to a domain without a dot and sends the registrar and the page', async () => {
    fetchMock.mockResolvedValue(json(207, { message: 'verify', data: { email: 'ann@example.com' } }));
    localStorage.setItem('domainName', 'wanted');
    const user = userEvent.setup();
    const f = form();
    await fillValid(user, f);
    await user.click(f.submit);
    await waitFor(() => expect(sentBody()).toBeDefined());
    expect(sentBody()).toMatchObject({
      name: 'Ann Buyer',
      email: 'ann@example.com',
      password: 'Strong@Pass1',
      phone: '+14155550100',
      domainName: 'wanted.com',
      offerAmount: 2500,
      registrarUID: 'demo-registrar',
      referralURL: expect.stringContaining('/registrar-landing-page'),
      locale: 'en',
    });
  });

  it("sends no botToken without a site key, and Turnstile's token when the server publishes one (decision A37)", async () => {
    fetchMock.mockResolvedValue(json(207, { message: 'verify', data: { email: 'ann@example.com' } }));
    const user = userEvent.setup();
    const first = form();
    await fillValid(user, first);
    await user.click(first.submit);
    await waitFor(() => expect(sentBody()).toBeDefined());
    expect(sentBody()).not.toHaveProperty('botToken');

    fetchMock.mockClear();
    const turnstile = fakeTurnstile('token-from-turnstile');
    try {
      cleanup();
      const f = form();
      await fillValid(user, f);
      await user.click(f.submit);
      await waitFor(() => expect(sentBody()).toBeDefined());
      expect(sentBody()).toMatchObject({ email: 'ann@example.com', botToken: 'token-from-turnstile' });
      expect(turnstile.rendered[0]).toMatchObject({ sitekey: 'site-key-0x4AAA' });
    } finally {
      turnstile.restore();
    }
  });

  it('refuses an unsupported extension before any account is made (decision A18)', async () => {
    const user = userEvent.setup();
    const f = form();
    await fillValid(user, f, 'wanted.museum');
    await user.click(f.submit);
    expect(
      await screen.findByText(
        'This extension is not supported. Supported extensions: .com, .net, .org, .xyz, .co, .io, .ca.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(f.domain);
    await user.clear(f.domain);
    await user.type(f.domain, 'bad_name.com');
    await user.click(f.submit);
    expect(await screen.findByText('not a valid domain')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a domain that has an extension', () => {
    const values = {
      name: 'A',
      email: 'a@b.co',
      password: 'Strong@Pass1',
      phone: '+14155550100',
      offerAmount: 10,
    };
    const ctx = { registrarUID: null, referralURL: 'http://x/' };
    expect(enquiryBody({ ...values, domainName: 'Wanted.NET' }, ctx).domainName).toBe('wanted.net');
    expect(enquiryBody({ ...values, domainName: 'wanted' }, ctx).domainName).toBe('wanted.com');
    expect(enquiryBody({ ...values, domainName: 'https://www.wanted.io/x' }, ctx).domainName).toBe(
      'wanted.io',
    );
    expect(enquiryBody({ ...values, domainName: 'wanted' }, ctx)).not.toHaveProperty('registrarUID');
  });

  it('prefills the domain from the query string, else from storage', () => {
    localStorage.setItem('domainName', 'stored.com');
    expect(initialDomain('?domainName=fromquery')).toBe('fromquery');
    expect(initialDomain('')).toBe('stored.com');
    localStorage.removeItem('domainName');
    expect(initialDomain('')).toBe('');
    localStorage.setItem('domainName', 'wanted');
    const f = form();
    expect((f.domain as HTMLInputElement).value).toBe('wanted');
  });

  it('207: opens the verification window and forgets the stored domain', async () => {
    fetchMock.mockResolvedValue(json(207, { message: 'verify', data: { email: 'ann@example.com' } }));
    localStorage.setItem('domainName', 'wanted');
    const user = userEvent.setup();
    const f = form();
    await fillValid(user, f);
    await user.click(f.submit);
    await waitFor(() =>
      expect(useOverlays.getState().open.verification).toEqual({ email: 'ann@example.com' }),
    );
    expect(localStorage.getItem('domainName')).toBeNull();
  });

  it('203: the account exists, the message shows and the sign-in window opens', async () => {
    fetchMock.mockResolvedValue(json(203, { message: 'User already exists, please login!' }));
    const user = userEvent.setup();
    const f = form();
    await fillValid(user, f);
    await user.click(f.submit);
    await waitFor(() => expect(useOverlays.getState().open.login).toBeDefined());
    const { notifySuccess } = await import('#portal/lib/notify.ts');
    expect(notifySuccess).toHaveBeenCalledWith('User already exists, please login!');
  });

  it('201: shows the password-sent alert', async () => {
    fetchMock.mockResolvedValue(
      json(201, { message: 'Please check your registered email for your temporary password.' }),
    );
    const user = userEvent.setup();
    const f = form();
    await fillValid(user, f);
    await user.click(f.submit);
    await waitFor(() => expect(useOverlays.getState().open.alert?.kind).toBe('passwordSent'));
  });

  it("puts the server's field errors under their fields", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        message: 'not a valid domain',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'domainName', message: 'not a valid domain' }],
      }),
    );
    const user = userEvent.setup();
    const f = form();
    await fillValid(user, f, 'refused-by-server.com');
    await user.click(f.submit);
    expect(await screen.findByText('not a valid domain')).toBeTruthy();
    const { notifyError } = await import('#portal/lib/notify.ts');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows the messages in Chinese', async () => {
    await activateLocale('zh');
    await ensureCatalog('registrar');
    const user = userEvent.setup();
    renderWithApp(<EnquiryForm registrarUID={null} />);
    await user.click(screen.getByRole('button', { name: '立即开始' }));
    expect(await screen.findByText('请输入您的预算')).toBeTruthy();
    expect(screen.getByText('请输入您的域名')).toBeTruthy();
  });
});
