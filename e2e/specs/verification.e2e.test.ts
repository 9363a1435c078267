/**
 * Email verification outside the sign-up window (docs/product.md "Account screens"):
 * the standalone /verify-email screen (success, countdown, redirect to /login), its link variant, and a
 * second sign-up with a registered address (203: the server's message, then the sign-in).
 */
import { describe, expect, it } from 'vitest';
import { api, createUserViaApi, loginViaApi, PASSWORD, uniqueEmail } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { atPath, shows } from '../support/expect.ts';
import { codeFrom, readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

/** Signs up through the API without verifying; returns the address and the mailed code. */
async function unverifiedUser(label: string) {
  const email = uniqueEmail(label);
  const since = Date.now();
  const signup = await api('POST', '/signup', { email, password: PASSWORD, confirmPassword: PASSWORD });
  expect(signup.status).toBe(207);
  return { email, code: codeFrom(await readOutbox(email, { since })) };
}

describe('email verification', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`verifies on /verify-email with the mailed code, counts down and goes to /login (${size})`, async () => {
      const { email } = await unverifiedUser(`verify-${size}`);
      // Unverified: the password is right but sign-in answers 207 (a new code is mailed).
      expect((await loginViaApi(email, PASSWORD)).status).toBe(207);
      // The newest mailed code is the one to use (the sign-in may have replaced the first one).
      const newest = codeFrom(await readOutbox(email));

      const page = await newPage({ viewport });
      await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
      await shows(page.getByRole('heading', { name: 'Email verification' }));
      await screenshot(page, `verify-email-form-${size}`);
      const wrong = newest === '000000' ? '111111' : '000000';
      await page.getByRole('textbox', { name: 'Verification code' }).fill(wrong);
      await page.getByRole('button', { name: 'Proceed' }).click();
      await shows(page.getByText('The code is not correct, please check it and try again.').first());
      expect(await page.getByText('Your email address is verified.').count()).toBe(0);

      await page.getByRole('textbox', { name: 'Verification code' }).fill(newest);
      await page.getByRole('button', { name: 'Proceed' }).click();
      await shows(page.getByText('Your email address is verified.').first());
      await shows(page.getByText(/Taking you to the sign-in page in \d+ seconds\./));
      await screenshot(page, `verify-email-done-${size}`);
      await atPath(page, '/login', 15_000);
      expect((await loginViaApi(email, PASSWORD)).status).toBe(200);
    });
  }

  it('verifies at once from the link variant (/verify-email?email=&code=)', async () => {
    const { email, code } = await unverifiedUser('verify-link');
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/verify-email?email=${encodeURIComponent(email)}&code=${code}`);
    await shows(page.getByText('Your email address is verified.').first());
    await page.getByRole('button', { name: 'Sign in now' }).click();
    await atPath(page, '/login');
    expect((await loginViaApi(email, PASSWORD)).status).toBe(200);
  });

  it('answers a sign-up with a registered address with the server message and offers the sign-in', async () => {
    const user = await createUserViaApi();
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/i).fill(PASSWORD);
    await page
      .getByRole('checkbox', { name: 'I accept the privacy policy and the terms of service.' })
      .check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await shows(page.getByText('User already exists, please login!').first());
    await shows(page.getByRole('button', { name: 'Sign In', exact: true }));
    await screenshot(page, 'signup-already-registered');
  });
});
