import { PASSWORD_RULE_MESSAGE } from '@domain-broker/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '#portal/lib/i18n.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { fakeTurnstile } from '#portal/test/turnstile.ts';
import ChangePasswordPage from './change-password-page.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import { LoginForm } from './login-form.tsx';
import { NameEmailSignup, SignupForm } from './signup-form.tsx';
import { VerificationForm } from './verification-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('sign-in form', () => {
  it('shows the messages of an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alerts()).toEqual(["Email address can't be empty.", 'Please Enter Password']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a malformed email and links the message to the field', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    const email = screen.getByLabelText('Email');
    await user.type(email, 'someone@nowhere');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Email address is not valid.',
    );
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: /show/i }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: /hide/i }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('signs in on 200 and opens the verification window on 207', async () => {
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    renderWithApp(<LoginForm place="screen" onSignedIn={onSignedIn} />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    fetchMock.mockResolvedValueOnce(json(207, { message: 'verify', data: { email: 'new@example.com' } }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(useOverlays.getState().open.verification).toEqual({ email: 'new@example.com' }),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toEqual({ email: 'new@example.com', password: 'Secret1!x', roleType: 'Buyer' });

    fetchMock.mockResolvedValueOnce(
      json(200, {
        data: { token: 't1', user: { UID: 'u', email: 'new@example.com', phone: '+14155550100' } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('shows the logged-out notice and the links of the screen', () => {
    renderWithApp(<LoginForm place="screen" notice="loggedOut" onSignedIn={() => {}} />, { path: '/login' });
    expect(
      screen.getByText('You have been logged out, please enter your password to log in again'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it('shows the messages in Chinese when Chinese is active', async () => {
    await activateLocale('zh');
    const user = userEvent.setup();
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(alerts()).toEqual(['电子邮件地址不能为空。', '请输入密码']);
  });
});

describe('sign-up forms', () => {
  it('checks email, password rule, confirmation and terms', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignupForm place="screen" onSignedIn={() => {}} />, { path: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(alerts()).toEqual([
      "Email address can't be empty.",
      "Password can't be empty.",
      "Confirm password can't be empty.",
      'Please accept privacy policy & terms of service.',
    ]);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(alerts()).toEqual([PASSWORD_RULE_MESSAGE, 'Please accept privacy policy & terms of service.']);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Strong1!pass');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(alerts()).toEqual(['Confirm password is not match.']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the sign-in on 203 (account exists)', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<SignupForm place="screen" onSignedIn={() => {}} />, {
      path: '/signup',
    });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'Strong1!pass');
    await user.type(screen.getByLabelText('Confirm password'), 'Strong1!pass');
    await user.click(screen.getByRole('checkbox'));
    fetchMock.mockResolvedValueOnce(json(203, { message: 'User already exists, please login!' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.location.pathname === '/login' || location.history?.includes('/login')).toBe(true);
  });

  it('asks name, email and terms in the short variant and shows the alert on 201', async () => {
    const user = userEvent.setup();
    renderWithApp(<NameEmailSignup place="window" onGoToLogin={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(alerts()).toEqual([
      'Please Enter Your Name',
      "Email address can't be empty.",
      'Please Accept Privacy Policy and Terms of Service',
    ]);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('checkbox'));
    fetchMock.mockResolvedValueOnce(
      json(201, { message: 'Please check your registered email for your temporary password.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(useOverlays.getState().open.alert?.kind).toBe('passwordSent');
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeTruthy();
  });
});

describe('sign-up with a captcha (decision A37)', () => {
  const sent = () => JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body));

  async function signUp(user: ReturnType<typeof userEvent.setup>, email: string) {
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'Strong1!pass');
    await user.type(screen.getByLabelText('Confirm password'), 'Strong1!pass');
    await user.click(screen.getByRole('checkbox'));
    fetchMock.mockResolvedValueOnce(json(207, { message: 'verify', data: { email } }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  }

  it("sends no botToken without a site key, and Turnstile's token when the server publishes one, in both variants", async () => {
    const user = userEvent.setup();
    const plain = renderWithApp(<SignupForm place="screen" onSignedIn={() => {}} />, { path: '/signup' });
    await signUp(user, 'ann@example.com');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/signup');
    expect(sent()).not.toHaveProperty('botToken');
    plain.unmount();
    fetchMock.mockReset();

    const turnstile = fakeTurnstile('token-from-turnstile');
    try {
      const { unmount } = renderWithApp(<SignupForm place="screen" onSignedIn={() => {}} />, {
        path: '/signup',
      });
      await signUp(user, 'ann@example.com');
      expect(sent()).toMatchObject({ email: 'ann@example.com', botToken: 'token-from-turnstile' });
      expect(turnstile.rendered[0]).toMatchObject({ sitekey: 'site-key-0x4AAA' });
      unmount();

      fetchMock.mockReset();
      renderWithApp(<NameEmailSignup place="window" onGoToLogin={() => {}} />);
      await user.type(screen.getByLabelText('Name'), 'Ann');
      await user.type(screen.getByLabelText('Email'), 'ann2@example.com');
      await user.click(screen.getByRole('checkbox'));
      fetchMock.mockResolvedValueOnce(json(201, { message: 'password sent' }));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(sent()).toMatchObject({ name: 'Ann', botToken: 'token-from-turnstile' });
    } finally {
      turnstile.restore();
    }
  });
});

describe('password recovery', () => {
  it('walks the email step and the OTP step with their messages', async () => {
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password-registrar' });
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(alerts()).toEqual(['Email field should not be empty.']);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(alerts()).toEqual(['Please Enter Valid Email Address']);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'reg@example.com');
    fetchMock.mockResolvedValueOnce(json(200, { message: 'sent' }));
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(sent).toEqual({ email: 'reg@example.com', roleType: 'Registrar' });

    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(alerts()).toEqual([
      'Please Enter OTP',
      "Password can't be empty.",
      "Confirm password can't be empty.",
    ]);
    await user.type(screen.getByLabelText('One-time code (OTP)'), '123456');
    await user.type(screen.getByLabelText('New password'), 'Strong1!pass');
    await user.type(screen.getByLabelText('Confirm password'), 'Strong1!pasS');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(alerts()).toEqual(['password and confirm password must match']);
    expect(screen.getByRole('button', { name: 'Change Email?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend OTP?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Main Page' })).toBeTruthy();
  });

  it('refuses a new password equal to the old one', async () => {
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordPage />, { path: '/change-password' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(alerts()).toEqual([
      "Current password can't be empty.",
      "Password can't be empty.",
      "Confirm password can't be empty.",
    ]);
    await user.type(screen.getByLabelText('Old password'), 'Strong1!pass');
    await user.type(screen.getByLabelText('New password'), 'Strong1!pass');
    await user.type(screen.getByLabelText('Confirm password'), 'Strong1!pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(alerts()).toEqual(['Old and new password cannot be the same.']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('verification code', () => {
  it('needs the code and signs in with it', async () => {
    const user = userEvent.setup();
    const onVerified = vi.fn();
    renderWithApp(<VerificationForm initialEmail="v@example.com" onVerified={onVerified} />);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(alerts()).toEqual(['Please enter OTP!']);
    const code = screen.getByLabelText('Verification code');
    await user.type(code, '12-e+3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    fetchMock.mockResolvedValueOnce(
      json(200, { data: { token: 'tv', user: { UID: 'u', email: 'v@example.com' } } }),
    );
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(onVerified).toHaveBeenCalledWith('v@example.com');
    expect(localStorage.getItem('token')).toBe('tv');
  });

  it('asks for an email when none is known', async () => {
    const user = userEvent.setup();
    renderWithApp(<VerificationForm onVerified={() => {}} />);
    const form = screen.getByRole('button', { name: 'Send Code' }).closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Send Code' }));
    expect(alerts()).toEqual(["Email address can't be empty."]);
  });
});

describe('configuration-driven entries', () => {
  it("hides 'Sign in with Google' without a Google client id and links 'Login as a Seller' to the marketplace", async () => {
    const { useConfigStore, DEFAULT_CONFIG } = await import('#portal/lib/config.ts');
    useConfigStore.setState({
      config: { ...DEFAULT_CONFIG, marketplaceLoginUrl: 'https://market.example/login' },
      loaded: true,
    });
    renderWithApp(<LoginForm place="screen" onSignedIn={() => {}} />, { path: '/login' });
    expect(screen.queryByText('Sign in with Google')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login as a Seller' }).getAttribute('href')).toBe(
      'https://market.example/login',
    );
    useConfigStore.setState({ config: DEFAULT_CONFIG, loaded: false });
  });
});
