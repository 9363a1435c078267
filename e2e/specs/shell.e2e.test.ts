/**
 * The shell — a private route without a session goes to `/`, an unknown path shows the
 * fallback page, the burger menu under 801 px opens the sliding panel with the menu entries
 * (docs/product.md "Menu and overlays").
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserViaApi, signInPage } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

/** The names of the links and buttons of the main navigation, as the accessibility tree gives them. */
async function menuNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const items = nav.getByRole('listitem').locator(':scope > a, :scope > button');
  const names: string[] = [];
  for (const item of await items.all()) {
    if (await item.isVisible()) names.push(((await item.textContent()) ?? '').replace('▾', '').trim());
  }
  return names;
}

describe('private routes', () => {
  for (const path of ['/profile', '/change-password']) {
    it(`sends a visitor without a session from ${path} to /`, async () => {
      const page = await newPage();
      await page.goto(path);
      await atPath(page, '/');
      await screenshot(page, `private-redirect${path.replace(/\//g, '-')}`);
    });
  }

  it('opens /profile for a signed-in user', async () => {
    const user = await createUserViaApi({ profile: { firstName: 'Priya' } });
    const page = await newPage();
    await signInPage(page, user);
    await page.goto('/profile');
    await shows(page.getByRole('button', { name: 'Save Changes' }));
    await atPath(page, '/profile');
  });
});

describe('unknown paths', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the fallback page, with a way home (${size})`, async () => {
      const page = await newPage({ viewport });
      const res = await page.goto('/no-such-page-e2e/deeper');
      expect(res?.status()).toBe(200); // the SPA fallback serves index.html; the app decides
      await atPath(page, '/no-such-page-e2e/deeper');
      await shows(page.getByRole('heading', { level: 1 }));
      const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
      expect(heading).toMatch(/not found|404|could ?n[o']t find|can ?n[o']t find|does ?n[o']t exist/i);
      await screenshot(page, `not-found-${size}`);
      const home = page.getByRole('main').getByRole('link', { name: /home/i });
      await home.first().click();
      await atPath(page, '/');
    });
  }
});

describe('menu', () => {
  it('shows the entries inline on a desktop, without a burger', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    await shows(page.getByRole('navigation', { name: 'Main' }));
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    const names = await menuNames(page);
    expect(names).toEqual(expect.arrayContaining(['Login', 'More']));
    expect(names).not.toContain('Dashboard');
    await page.getByRole('button', { name: 'More' }).click();
    await shows(page.getByRole('link', { name: 'About', exact: true }));
    await screenshot(page, 'menu-more-open');
  });

  it('opens the sliding panel from the burger at 375 px with the same entries, and closes it', async () => {
    const desktop = await newPage({ viewport: DESKTOP });
    await desktop.goto('/');
    await shows(desktop.getByRole('navigation', { name: 'Main' }));
    const desktopNames = await menuNames(desktop);

    const page = await newPage({ viewport: PHONE });
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Menu', exact: true });
    await shows(burger);
    // Closed: the entries are not on screen.
    await gone(page.getByRole('link', { name: 'Login', exact: true }));
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'menu-closed');

    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByRole('navigation', { name: 'Main' });
    await shows(panel.getByRole('link', { name: 'Login', exact: true }));
    // The panel slides in: once settled it lies within the phone's width.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width + 1 && box.width > 0;
      })
      .toBe(true);
    expect(await menuNames(page)).toEqual(desktopNames);
    await panel.getByRole('button', { name: 'More' }).click();
    await shows(panel.getByRole('link', { name: 'About', exact: true }));
    await screenshot(page, 'menu-panel-open');

    // Escape closes it and gives the focus back to the burger.
    await page.keyboard.press('Escape');
    await gone(page.getByRole('link', { name: 'Login', exact: true }));
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    // An entry navigates and closes the panel.
    await burger.click();
    await panel.getByRole('link', { name: 'Login', exact: true }).click();
    await atPath(page, '/login');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('drops Login from the panel and shows the avatar for a signed-in user on a phone', async () => {
    const user = await createUserViaApi({ profile: { firstName: 'Mona' } });
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, user);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const panel = page.getByRole('navigation', { name: 'Main' });
    await shows(panel.getByRole('button', { name: 'More' }));
    expect(await menuNames(page)).not.toContain('Login');
    await shows(page.getByRole('link', { name: 'Your profile' }));
    await screenshot(page, 'menu-panel-signed-in');
  });
});
