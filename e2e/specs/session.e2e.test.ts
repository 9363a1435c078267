/**
 * A session that ends on the server (visitor-buyer-seller.md §4, §8): the next call answers 401, the
 * portal forgets the session and asks for the password again with the logged-out notice.
 */
import { describe, expect, it } from 'vitest';
import { api, createUserViaApi, signInPage } from '../support/api.ts';
import { PHONE, useBrowser } from '../support/browser.ts';
import { gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const NOTICE = 'You have been logged out, please enter your password to log in again';

describe('a session ended elsewhere', () => {
  it('shows the logged-out notice on the next call and signs in again', async () => {
    const user = await createUserViaApi({ profile: { firstName: 'Lena', phone: '+1 415 555 0177' } });
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, user);
    await page.goto('/profile');
    await shows(page.getByRole('button', { name: 'Save Changes' }));

    // Logged out from another device: the token is revoked on the server.
    expect((await api('GET', '/logout', undefined, user.token)).status).toBe(200);

    await page.reload();
    await shows(page.getByText(NOTICE).first());
    await screenshot(page, 'logged-out-notice');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await gone(page.getByRole('link', { name: 'Your profile' }));

    // The notice sits on a sign-in form: the password brings the user back.
    const form = page.getByRole('dialog').or(page.getByRole('main')).filter({ hasText: NOTICE }).first();
    // Logout keeps the email (spec §4): the form offers it.
    expect(await form.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(user.email);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shows(page.getByRole('link', { name: 'Your profile' }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});
