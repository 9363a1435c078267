// The registrar's integration page (docs/registrar-integration.md): the registrar signs in, opens
// /dashboard/integration, adds the origin of an example registrar site (http://localhost:4017, listed
// nowhere by the seed), the widget renders there; removes it, and the frame is refused there again.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginViaApi, signInPage } from '../support/api.ts';
import { PHONE, useBrowser } from '../support/browser.ts';
import { baseURL } from '../support/env.ts';
import { useRegistrarSite } from '../support/registrar-site.ts';

const { newPage } = useBrowser();
const SITE_PORT = 4017;
const site = useRegistrarSite({ port: SITE_PORT });
const DEMO_PASSWORD = 'Demo@Pass1';

async function signInRegistrar(page: Page) {
  const login = await loginViaApi('registrar@demo.test', DEMO_PASSWORD);
  expect(login.status).toBe(200);
  await signInPage(page, { email: 'registrar@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
}

/** The host page of the example site with the console kept, frames included. */
async function openSite(page: Page, lines: string[]) {
  page.on('console', (msg) => lines.push(msg.text()));
  const res = await page.goto(`${site().url}/index.html`);
  expect(res?.status()).toBe(200);
  return page.locator('script[data-registrar-id] + div > iframe[title]');
}

describe('self-service allowed origins', () => {
  it('an origin added on the integration page gets the widget, and a removed one stops getting it', async () => {
    const portal = await newPage({ viewport: PHONE });
    await signInRegistrar(portal);
    await portal.goto(`${baseURL()}/dashboard/integration`);
    await portal.getByRole('heading', { name: 'Widget Integration' }).waitFor();
    await portal.getByText('demo-registrar', { exact: true }).waitFor();
    // the live preview is the real frame, framed by the portal itself
    await portal.locator('iframe[title="Widget preview, message mode"][data-state="ready"]').waitFor();
    // usable at 375 px: nothing wider than the screen
    expect(await portal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // add the site's origin
    const origin = site().url;
    await portal.getByLabel('Origin', { exact: true }).fill(origin);
    await portal.getByRole('button', { name: 'Add Origin' }).click();
    const list = portal.getByRole('list', { name: 'Allowed origins' });
    await list.getByText(origin, { exact: true }).waitFor();

    // the widget renders on the site
    const host = await newPage();
    const lines: string[] = [];
    const iframe = await openSite(host, lines);
    await iframe.waitFor({ state: 'visible', timeout: 30_000 });
    const frame = await (await iframe.elementHandle())?.contentFrame();
    if (!frame) throw new Error('no frame');
    await frame.getByRole('link', { name: /^Get Started/ }).waitFor();

    // remove it (with the confirmation), and the frame is refused there again
    await portal.getByRole('button', { name: `Remove ${origin}` }).click();
    await portal.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await list.getByText(origin, { exact: true }).waitFor({ state: 'detached' });

    lines.length = 0;
    const framed = host.waitForResponse((r) => r.url().startsWith(`${baseURL()}/registrar-message`));
    await host.reload();
    const csp = (await framed).headers()['content-security-policy'] ?? '';
    expect(csp).toContain('frame-ancestors');
    expect(csp).not.toContain(origin);
    await expect.poll(() => lines.some((l) => /frame-ancestors/.test(l)), { timeout: 20_000 }).toBe(true);
    const again = host.locator('script[data-registrar-id] + div > iframe[title]');
    expect(await again.evaluate((el: HTMLIFrameElement) => el.style.visibility)).toBe('hidden');
  });
});
