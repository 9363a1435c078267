/**
 * Registrar money in Chromium against the real server (docs/api.md "Registrar money"): a
 * customer referred by the demo registrar pays the initial fee; the registrar signs in on the sign-in
 * screen, lands on their affiliate dashboard, sees the day's row with the fee share, downloads the CSV
 * of the selection and reads how they earn, then opens Integration, adds their site's origin and sees
 * the widget render on that site; the admin opens the Registrar Dashboard tab, sees the
 * registrar in the settle summary and opens the consolidated affiliate view. Each screen passes axe,
 * fits 375 px and labels its buttons in Title Case.
 */

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, createUserViaApi, loginViaApi, signInPage, uniqueEmail } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { titleCaseProblem } from '../support/button-case.ts';
import { createLead, payInSandbox } from '../support/checkout.ts';
import { atPath, shows } from '../support/expect.ts';
import { useRegistrarSite } from '../support/registrar-site.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
/** The registrar's own site, on an origin the seed does not list (integration.e2e uses 4017). */
const site = useRegistrarSite({ port: 4018 });

const DEMO_PASSWORD = 'Demo@Pass1';
const REGISTRAR_ID = 'demo-registrar';

/** A buyer who signed up through the demo registrar (their leads are the registrar's referrals). */
async function referredBuyer(): Promise<ApiUser> {
  const buyer = await createUserViaApi({ email: uniqueEmail('referred'), registrarUID: REGISTRAR_ID });
  expect(buyer.user.registrarUID).toBe(REGISTRAR_ID);
  return buyer;
}

/** The referred buyer pays the initial fee for a new lead in the sandbox checkout. */
async function referredPaidLead(): Promise<string> {
  const buyer = await referredBuyer();
  const domainName = await createLead(buyer, 'e2e-partner');
  const page = await newPage();
  await payInSandbox(page, buyer, domainName);
  await page.close();
  return domainName;
}

/** No sideways scroll, no axe violation, Title Case buttons (docs/ui-conventions.md). */
async function pageProblems(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  const violations = await axeViolations(page);
  expect(violations.length, `${what}: ${describeViolations(violations)}`).toBe(0);
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('p'))
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((l) => l && !/^Page \d+$/.test(l) && !/^\d+$/.test(l)),
  );
  expect(labels.flatMap((l) => (titleCaseProblem(l) ? [`'${l}': ${titleCaseProblem(l)}`] : []))).toEqual([]);
}

const today = () => new Date().toISOString().slice(0, 10);
const todayLabel = () =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());

describe('the registrar affiliate dashboard', () => {
  it('signs the registrar in to their dashboard, shows the day with its fee share and downloads the CSV', async () => {
    await referredPaidLead();

    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/login');
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('registrar@demo.test');
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/dashboard');
    await shows(page.getByRole('heading', { name: 'Affiliate Dashboard' }));

    const table = await shows(page.getByRole('table', { name: 'Affiliate earnings by day' }));
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: todayLabel(), exact: true }) });
    await shows(row);
    // at least the payment of this test: the demo registrar's 20% of 19.95 USD is 3.99 USD
    const sales = Number(await row.locator('td[data-column="sales"]').textContent());
    expect(sales).toBeGreaterThanOrEqual(1);
    await shows(table.getByRole('rowheader', { name: 'Page Total' }));
    await shows(page.getByText(/20% of the initial fee \(19\.95 USD\)/));
    await shows(page.getByRole('link', { name: 'Integration' }));
    await shows(page.getByRole('link', { name: 'Webhooks' }));
    await shows(page.getByRole('table', { name: 'Statements by month' }));
    expect(await page.getByLabel('Integration link', { exact: true }).inputValue()).toContain(
      `registrarId=${REGISTRAR_ID}`,
    );

    // the logo and the home stay on the dashboard (decision A10), never the buyer sign-in page
    const logo = page.getByRole('banner').getByRole('link').first();
    expect(await logo.getAttribute('href')).toBe('/dashboard');
    await shows(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first());

    // the CSV holds exactly the selection: today's row
    await page.getByLabel('From', { exact: true }).fill(today());
    await page.getByLabel('To', { exact: true }).fill(today());
    await page.waitForURL(/\/dashboard\?from=.*&to=/, { waitUntil: 'commit' });
    await shows(row);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length, csv).toBe(2);
    expect(lines[1]).toContain(today());
    expect(file.suggestedFilename()).toMatch(/\.csv$/);

    await pageProblems(page, 'the affiliate dashboard');
    await screenshot(page, 'partner-dashboard');

    // from the dashboard to the integration page: adds the origin of their site, the widget renders there
    await page.getByRole('link', { name: 'Integration' }).first().click();
    await atPath(page, '/dashboard/integration');
    await shows(page.getByRole('heading', { name: 'Widget Integration' }));
    const origin = site().url;
    await page.getByLabel('Origin', { exact: true }).fill(origin);
    await page.getByRole('button', { name: 'Add Origin' }).click();
    await shows(page.getByRole('list', { name: 'Allowed origins' }).getByText(origin, { exact: true }));
    const host = await newPage();
    expect((await host.goto(`${origin}/index.html`))?.status()).toBe(200);
    const iframe = host.locator('script[data-registrar-id] + div > iframe[title]');
    await iframe.waitFor({ state: 'visible', timeout: 30_000 });
    const frame = await (await iframe.elementHandle())?.contentFrame();
    if (!frame) throw new Error('no widget frame on the registrar site');
    await shows(frame.getByRole('link', { name: /^Get Started/ }));
    await host.close();
    await page.close();
  });

  it('fits and passes axe at 375 px', async () => {
    const login = await loginViaApi('registrar@demo.test', DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, { email: 'registrar@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
    await page.goto('/');
    await atPath(page, '/dashboard');
    await shows(
      page
        .getByRole('table', { name: 'Affiliate earnings by day' })
        .getByRole('rowheader', { name: 'Page Total' }),
    );
    await pageProblems(page, 'the affiliate dashboard at 375 px');
    await screenshot(page, 'partner-dashboard-phone');
    await page.close();
  });
});

describe("the admin's Registrar Dashboard tab", () => {
  it('shows the settle summary with the registrar and opens the consolidated affiliate view', async () => {
    await referredPaidLead();
    const login = await loginViaApi('admin@demo.test', DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage({ viewport });
      await signInPage(page, { email: 'admin@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
      await page.goto('/dashboard?tab=registrar-dashboard');
      const table = await shows(page.getByRole('table', { name: 'Registrar settle summary' }));
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Demo Registrar' }) });
      await shows(row);
      await shows(row.getByRole('cell', { name: REGISTRAR_ID }));
      await pageProblems(page, `the Registrar Dashboard tab at ${viewport.width} px`);
      if (viewport === DESKTOP) {
        await page.getByRole('link', { name: 'Consolidated Affiliate View' }).click();
        await page.waitForURL(/\/dashboard\?view=affiliate&registrar=all$/, { waitUntil: 'commit' });
        const consolidated = await shows(page.getByRole('table', { name: 'Affiliate earnings by day' }));
        await shows(consolidated.getByRole('cell', { name: 'Demo Registrar' }).first());
        await pageProblems(page, 'the consolidated affiliate view');
      } else {
        await screenshot(page, 'registrar-dashboard-tab-phone');
      }
      await page.close();
    }
  });
});
