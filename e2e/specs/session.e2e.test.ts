/**
 * A session that ends on the server (docs/product.md "Session and logout"): the next call answers 401, the
 * portal forgets the session and asks for the password again with the logged-out notice.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createUserViaApi, signInPage } from '../support/api.ts';
import { PHONE, useBrowser } from '../support/browser.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const NOTICE = 'You have been logged out, please enter your password to log in again';

/**
 * Waits until the page's own start-up calls (its profile refresh among them) are answered. Revoking
 * the session while one is still on its way lets that call meet the 401: the page then forgets the
 * session by itself, and the reload the test makes next starts signed out, with no notice to show.
 */
async function startUpAnswered(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

describe('a session ended elsewhere', () => {
  it('shows the logged-out notice on the next call and signs in again', async () => {
    const user = await createUserViaApi({ profile: { firstName: 'Lena', phone: '+1 415 555 0177' } });
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, user);
    await page.goto('/profile');
    await shows(page.getByRole('button', { name: 'Save Changes' }));
    await startUpAnswered(page);

    // Logged out from another device: the token is revoked on the server.
    expect((await api('GET', '/logout', undefined, user.token)).status).toBe(200);

    await page.reload();
    await shows(page.getByText(NOTICE).first());
    await screenshot(page, 'logged-out-notice');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await gone(page.getByRole('link', { name: 'Your profile' }));

    // The notice sits on a sign-in form: the password brings the user back.
    const form = page.getByRole('dialog').or(page.getByRole('main')).filter({ hasText: NOTICE }).first();
    // Logout keeps the email (docs/product.md "Browser storage"): the form offers it.
    expect(await form.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(user.email);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await shows(page.getByRole('link', { name: 'Your profile' }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});

describe('the sign-in window and the keyboard', () => {
  it('keeps the focus inside the window and closes on Escape', async () => {
    const user = await createUserViaApi({ profile: { firstName: 'Kai', phone: '+1 415 555 0166' } });
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, user);
    await startUpAnswered(page);
    expect((await api('GET', '/logout', undefined, user.token)).status).toBe(200);
    await page.reload();
    const dialog = page.getByRole('dialog').filter({ hasText: NOTICE });
    await shows(dialog);

    const focusInside = () =>
      page.evaluate(() => {
        const open = [...document.querySelectorAll('[role="dialog"], dialog[open]')];
        return open.some((d) => d.contains(document.activeElement));
      });
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(), `focus left the window after ${i + 1} Tab presses`).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(), `focus left the window after ${i + 1} Shift+Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await gone(dialog);
  });
});

describe('toasts across pages', () => {
  it("a wrong password then the right one: the red 'Invalid user credentials' is gone on the next page", async () => {
    const user = await createUserViaApi({ profile: { firstName: 'Noor', phone: '+1 415 555 0155' } });
    const page = await newPage();
    await page.goto('/login');
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(`${user.password}x`);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    const error = page.getByRole('status').filter({ hasText: 'Invalid user credentials' });
    await shows(error);

    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await shows(page.getByRole('link', { name: 'Your profile' }));
    // a buyer without a lead goes to the dashboard (docs/product.md "Where sign-in goes")
    await atPath(page, '/dashboard');
    // well inside the toast's own 15 seconds: the navigation took it away
    await gone(error, 3_000);
  });
});
