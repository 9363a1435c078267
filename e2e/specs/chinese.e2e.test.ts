/**
 * Switching to Chinese changes the visible texts, and the choice survives a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

/** The visible text of the page's body, normalised. */
// biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point (hidden nodes excluded)
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim());
/** The language switcher, whose own label is translated too. */
const language = (page: Page) => page.getByRole('combobox', { name: /^(Language|语言)$/ });
/** The sign-in form's submit button, whatever its language. */
const submit = (page: Page) => page.getByRole('main').locator('form button[type="submit"]');
const hanCount = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;

describe('Chinese', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`switches the sign-in screen to Chinese and keeps it after a reload (${size})`, async () => {
      const page = await newPage({ viewport });
      await page.goto('/login');
      const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
      await shows(signIn);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      const english = await bodyText(page);
      // The English screen holds no Chinese beyond the switcher's own option.
      expect(hanCount(english)).toBeLessThanOrEqual(2);
      await screenshot(page, `login-en-${size}`);

      await language(page).selectOption('zh');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      // The English labels are gone and Chinese text took their place: the form's submit button
      // now reads in Chinese.
      await expect.poll(async () => hanCount((await submit(page).textContent()) ?? '')).toBeGreaterThan(0);
      expect(await signIn.count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
      const chinese = await bodyText(page);
      expect(hanCount(chinese)).toBeGreaterThan(10);
      expect(chinese).not.toEqual(english);
      await screenshot(page, `login-zh-${size}`);

      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      await expect.poll(async () => hanCount((await submit(page).textContent()) ?? '')).toBeGreaterThan(0);
      expect(hanCount(await bodyText(page))).toBeGreaterThan(10);
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
      expect(await language(page).inputValue()).toBe('zh');

      // And back to English.
      await language(page).selectOption('en');
      await shows(page.getByRole('button', { name: 'Sign In', exact: true }));
    });
  }

  it('shows the home page and the menu in Chinese', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    await shows(page.getByRole('navigation', { name: 'Main' }));
    await language(page).selectOption('zh');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    // The menu's Login entry (the header link to /login) reads in Chinese.
    const login = page.getByRole('banner').locator('a[href="/login"]');
    await expect.poll(async () => hanCount((await login.textContent()) ?? '')).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    await expect.poll(async () => hanCount(await bodyText(page))).toBeGreaterThan(20);
    await screenshot(page, 'home-zh');
  });

  it('starts in Chinese for a browser that prefers it', async () => {
    const page = await newPage({ viewport: PHONE, locale: 'zh-CN' });
    await page.goto('/login');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(async () => hanCount((await submit(page).textContent()) ?? '')).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
    expect(await language(page).inputValue()).toBe('zh');
    await screenshot(page, 'login-zh-preferred');
  });
});
