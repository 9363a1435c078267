/**
 * Sign in with LinkedIn in Chromium (ADR 034): a server of its own configured with
 * LINKEDIN_CLIENT_ID / LINKEDIN_CLIENT_SECRET and LINKEDIN_ISSUER pointing at the local OpenID Connect
 * stand-in (packages/server/src/test/oidc-stand-in.ts, the one the server's tests use), which approves
 * at once and sends the browser back to /auth/linkedin with a code. The portal's button, the provider
 * round trip, the server's code exchange and ID-token checks, and the return page are all real.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcStandIn } from '../../packages/server/src/test/oidc-stand-in.ts';
import { launchChromium, PHONE } from '../support/browser.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';
import { repoRoot, type StartedServer, startServer } from '../support/server.mjs';

const CLIENT_ID = 'linkedin-e2e-client';
const CLIENT_SECRET = 'linkedin-e2e-secret';
const BUTTON = 'Sign in with LinkedIn';
const TAKEN = 'This account is already registered… Please login.';
const NOT_COMPLETED = 'Sign in with LinkedIn did not complete. Please try again.';

let idp: Awaited<ReturnType<typeof startOidcStandIn>>;
let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  idp = await startOidcStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  server = await startServer({
    env: {
      LINKEDIN_CLIENT_ID: CLIENT_ID,
      LINKEDIN_CLIENT_SECRET: CLIENT_SECRET,
      LINKEDIN_ISSUER: idp.issuer,
    },
    logFile: join(repoRoot, 'e2e/.tmp/server-linkedin.log'),
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  await idp?.close();
});

const uniqueEmail = (label: string) => `e2e-linkedin-${label}-${randomBytes(4).toString('hex')}@example.com`;

/** Calls this server's API (the shared helpers talk to the suite's server, which has no LinkedIn). */
async function call<T>(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: T; message?: string } };
}

async function outbox(email: string) {
  const res = await fetch(`${server.baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { data: { subject: string; text: string }[] }).data;
}

async function loginPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: PHONE,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => console.error(`[page error] ${page.url()}: ${err.message}`));
  await page.goto('/login');
  return page;
}

/** Clicks the button and follows the provider round trip back to the portal's return page. */
async function signInWithLinkedIn(page: Page) {
  const toProvider = page.waitForRequest((r) => r.url().startsWith(`${idp.issuer}/authorize`));
  await page.getByRole('main').getByRole('button', { name: BUTTON, exact: true }).click();
  const authorize = new URL((await toProvider).url());
  expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.baseURL}/auth/linkedin`);
  return authorize;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('Sign in with LinkedIn (local OpenID Connect stand-in)', () => {
  it('creates the account on the first sign-in, then signs the same LinkedIn member in again', async () => {
    const email = uniqueEmail('new');
    idp.state.nextError = undefined;
    idp.state.nextIdentity = {
      sub: `li-${randomBytes(6).toString('hex')}`,
      email,
      given_name: 'Lin',
      family_name: 'Ked',
    };
    const tokenRequests = idp.state.tokenRequests;

    const page = await loginPage();
    await signInWithLinkedIn(page);
    // the return page trades the code through the server and leaves the address bar without it
    await expect.poll(() => token(page)).toBeTruthy();
    expect(idp.state.tokenRequests).toBe(tokenRequests + 1);
    expect(page.url()).not.toContain('code=');
    // a new account: the temporary password is mailed (and said so), and the missing phone is asked for
    // in the profile window on top, as after a Google sign-up
    await expect.poll(async () => (await outbox(email)).map((m) => m.text).join('\n')).toMatch(/password/i);
    const profile = page.getByRole('dialog').filter({ hasText: 'Please fill out the required Information' });
    await shows(profile);
    await screenshot(page, 'linkedin-new-account');
    expect(await profile.getByLabel('First name').inputValue()).toBe('Lin');
    await page.keyboard.press('Escape');
    await gone(profile);
    const alert = page.getByRole('dialog').filter({ hasText: 'Check your email' });
    await shows(alert.getByText('Please check your registered email for your temporary password.'));
    await alert.getByRole('button', { name: 'Okay!' }).click();
    await gone(alert);
    await shows(page.getByRole('link', { name: 'Your profile' }));
    const me = await fetch(`${server.baseURL}/api/myProfile`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string; firstName: string } }).data).toMatchObject({
      email,
      firstName: 'Lin',
    });
    await page.context().close();

    // the same LinkedIn member again, in a fresh browser: signed in (no second account, no second mail)
    const again = await loginPage();
    const mails = (await outbox(email)).length;
    await signInWithLinkedIn(again);
    await expect.poll(() => token(again)).toBeTruthy();
    await shows(again.getByRole('link', { name: 'Your profile' }));
    expect((await outbox(email)).length).toBe(mails);
    await again.context().close();
  });

  it("refuses an address that already has a password account with the product's 409 message", async () => {
    const email = uniqueEmail('taken');
    const password = 'E2e@Pass1';
    expect((await call('POST', '/signup', { email, password, confirmPassword: password })).status).toBe(207);
    idp.state.nextError = undefined;
    idp.state.nextIdentity = { sub: `li-${randomBytes(6).toString('hex')}`, email, given_name: 'Taken' };

    const page = await loginPage();
    await signInWithLinkedIn(page);
    await atPath(page, '/auth/linkedin');
    await shows(page.getByRole('alert').filter({ hasText: TAKEN }));
    await screenshot(page, 'linkedin-refused-existing-account');
    expect(await token(page)).toBeNull();
    expect(page.url()).not.toContain('code=');
    // the password account is untouched: its password still signs in
    expect((await call('POST', '/login', { email, password })).status).not.toBe(409);
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await atPath(page, '/login');
    await page.context().close();
  });

  it('shows that the sign-in did not complete when the visitor declines at LinkedIn', async () => {
    idp.state.nextIdentity = undefined;
    idp.state.nextError = 'user_cancelled_login';
    const tokenRequests = idp.state.tokenRequests;
    try {
      const page = await loginPage();
      await signInWithLinkedIn(page);
      await atPath(page, '/auth/linkedin');
      await shows(page.getByRole('alert').filter({ hasText: NOT_COMPLETED }));
      expect(await token(page)).toBeNull();
      expect(idp.state.tokenRequests).toBe(tokenRequests);
      await page.context().close();
    } finally {
      idp.state.nextError = undefined;
    }
  });
});
