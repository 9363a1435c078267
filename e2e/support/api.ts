import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseURL } from './env.ts';
import { codeFrom, readOutbox } from './mail.ts';

/** A strong password that satisfies the spec's rule (8+, a digit, an uppercase letter, one of @$!%*?&). */
export const PASSWORD = 'E2e@Pass1';

/** A fresh address per call, so specs never collide with each other or with the seed. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { message?: string; code?: string; data?: T; errors?: { field: string; message: string }[] };
}

export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: ApiAnswer<T>['body'] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { message: text };
  }
  return { status: res.status, body: parsed };
}

export interface ApiUser {
  email: string;
  password: string;
  token: string;
  user: Record<string, unknown>;
}

/**
 * Signs a user up and verifies the address through the API (faster than the screens, for specs that
 * are not about sign-up): POST /signup (207, a code is mailed), code from the outbox,
 * PATCH /verifyEmailByCode (200 with token and user). Optionally sets profile fields.
 */
export async function createUserViaApi(
  options: {
    email?: string;
    password?: string;
    profile?: Record<string, unknown>;
    /** Signs up through this registrar's link: the user's leads are its referrals. */
    registrarUID?: string;
  } = {},
): Promise<ApiUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const since = Date.now();
  const signup = await api('POST', '/signup', {
    email,
    password,
    confirmPassword: password,
    ...(options.registrarUID ? { registrarUID: options.registrarUID } : {}),
  });
  if (signup.status !== 207) {
    throw new Error(
      `POST /api/signup answered ${signup.status} (expected 207): ${JSON.stringify(signup.body)}`,
    );
  }
  const code = codeFrom(await readOutbox(email, { since }));
  const verified = await api<{ token: string; user: Record<string, unknown> }>(
    'PATCH',
    '/verifyEmailByCode',
    {
      email,
      verificationCode: code,
    },
  );
  if (verified.status !== 200 || !verified.body.data?.token) {
    throw new Error(
      `PATCH /api/verifyEmailByCode answered ${verified.status}: ${JSON.stringify(verified.body)}`,
    );
  }
  let user = verified.body.data.user;
  if (options.profile) {
    const updated = await api<Record<string, unknown>>(
      'PATCH',
      '/myProfile',
      options.profile,
      verified.body.data.token,
    );
    if (updated.status !== 200) {
      throw new Error(`PATCH /api/myProfile answered ${updated.status}: ${JSON.stringify(updated.body)}`);
    }
    user = updated.body.data ?? user;
  }
  return { email, password, token: verified.body.data.token, user };
}

/** Signs in through the API. */
export async function loginViaApi(email: string, password: string) {
  return api<{ token: string; user: Record<string, unknown> }>('POST', '/login', { email, password });
}

/**
 * Puts an API session into the page's origin the way the portal keeps it (localStorage `token` and
 * `myProfile`, plus `userEmail` as its sign-in does), then reloads so the app starts signed in.
 */
export async function signInPage(page: Page, user: ApiUser): Promise<void> {
  if (!page.url().startsWith(baseURL())) await page.goto('/');
  await page.evaluate(
    ([token, profile, email]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('myProfile', profile);
      localStorage.setItem('userEmail', email);
      localStorage.setItem('lastActivityAt', String(Date.now()));
    },
    [user.token, JSON.stringify(user.user), user.email] as const,
  );
  await page.reload();
}
