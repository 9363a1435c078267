import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { baseURL } from '../support/env.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

describe('the built server and portal', () => {
  it('answers the health check and serves the portal with the SPA fallback', async () => {
    const health = await fetch(`${baseURL()}/api/health`);
    expect(health.status).toBe(200);

    const deep = await fetch(`${baseURL()}/profile`, { headers: { accept: 'text/html' } });
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
    expect(await deep.text()).toMatch(/<div id="root"|<script type="module"/);
  });

  it('renders the home page with the menu and no script errors, on a desktop and a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage({ viewport });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/');
      await expect.poll(() => page.getByRole('banner').count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole('main').count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'home');
      expect(errors).toEqual([]);
    }
  });
});
