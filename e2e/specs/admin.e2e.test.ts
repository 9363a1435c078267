/**
 * The admin workspace's tabs in Chromium against the real server (issue 14): the demo admin generates
 * a promo code, sees it listed and deletes it; creates a manual appraisal, meets the overwrite question
 * on a duplicate, edits and deletes it; changes a category's percentage.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, loginViaApi, signInPage } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { DESKTOP, type NewPageOptions, PHONE, useBrowser } from '../support/browser.ts';
import { titleCaseProblem } from '../support/button-case.ts';
import { gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

const DEMO_PASSWORD = 'Demo@Pass1';

async function demoAdminPage(options?: NewPageOptions): Promise<Page> {
  const login = await loginViaApi('admin@demo.test', DEMO_PASSWORD);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const page = await newPage(options);
  await signInPage(page, { email: 'admin@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
  return page;
}

/** No sideways scroll, no axe violation, Title Case buttons (docs/ui-conventions.md). */
async function pageProblems(page: Page, what: string, checkCase: boolean): Promise<void> {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  const violations = await axeViolations(page);
  expect(violations.length, `${what}: ${describeViolations(violations)}`).toBe(0);
  if (!checkCase) return;
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('p'))
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((l) => l && !/^Page \d+$/.test(l) && !/^\d+$/.test(l)),
  );
  expect(labels.flatMap((l) => (titleCaseProblem(l) ? [`'${l}': ${titleCaseProblem(l)}`] : []))).toEqual([]);
}

describe('the admin workspace', () => {
  it('generates a promo code, lists it with its creator and deletes it', async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=promo-code');
    const table = await shows(page.getByRole('table', { name: 'Promo codes' }));
    const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`;

    await page.getByRole('button', { name: 'Generate Promo Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Promo Code' });
    await shows(dialog);
    expect(await dialog.getByLabel('Offer (%)').inputValue()).toBe('100');
    await dialog.getByLabel('Code', { exact: true }).fill('ABC12');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await shows(dialog.getByText('please enter a valid promo code'));
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await gone(dialog);

    const row = table.getByRole('row').filter({ has: page.getByText(code, { exact: true }) });
    await shows(row);
    await shows(row.getByRole('cell', { name: 'Ada Admin' }));

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Promo Code' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await gone(table.getByText(code, { exact: true }));
    await page.close();
  });

  it('creates a manual appraisal, overwrites it on a duplicate, edits and deletes it', async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=manual-appraisals');
    const table = await shows(page.getByRole('table', { name: 'Manual appraisals' }));
    const domain = `e2e-manual-${randomBytes(4).toString('hex')}.com`;

    const add = async (value: string) => {
      await page.getByRole('button', { name: 'Add Manual Appraisal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Manual Appraisal' });
      await dialog.getByLabel('Domain Name').fill(domain);
      await dialog.getByLabel('Value (USD)').fill(value);
      await dialog.getByRole('button', { name: 'Save' }).click();
      return dialog;
    };
    const first = await add('');
    await shows(first.getByText('Please enter domain value'));
    await first.getByLabel('Value (USD)').fill('1234');
    await first.getByRole('button', { name: 'Save' }).click();
    await gone(first);
    await shows(page.getByText('Updated domain details'));
    const row = table.getByRole('row').filter({ has: page.getByText(domain, { exact: true }) });
    await shows(row.getByText('1,234.00 USD'));

    await add('5678');
    const ask = page.getByRole('dialog', { name: 'Domain Already Exists' });
    await shows(ask.getByText('This domain is already exist, still want to overwrite it?'));
    await ask.getByRole('button', { name: 'Overwrite' }).click();
    await gone(ask);
    await shows(row.getByText('5,678.00 USD'));

    await row.getByRole('button', { name: `Edit ${domain}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Manual Appraisal' });
    await edit.getByLabel('Value (USD)').fill('9999');
    await edit.getByRole('button', { name: 'Save' }).click();
    await gone(edit);
    await shows(row.getByText('9,999.00 USD'));

    await row.getByRole('button', { name: `Delete ${domain}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Manual Appraisal' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await gone(table.getByText(domain, { exact: true }));
    await page.close();
  });

  it("changes a category's percentage as admin, and it stays after a reload", async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=estibot-category');
    const table = await shows(page.getByRole('table', { name: 'Estibot categories' }));
    const input = table.getByLabel(/^Percentage for /).first();
    await shows(input);
    const label = (await input.getAttribute('id'))!;
    const name = (await table.locator(`label[for="${label}"]`).textContent())!.replace('Percentage for ', '');
    const before = await input.inputValue();
    const next = before === '37' ? '38' : '37';

    await input.fill('101');
    await table.getByRole('button', { name: `Save ${name}` }).click();
    await shows(table.getByText('Percentage must be a whole number from 0 to 100.'));
    await input.fill(next);
    await table.getByRole('button', { name: `Save ${name}` }).click();
    await shows(page.getByText('Category updated successfully'));
    await page.reload();
    const again = page
      .getByRole('table', { name: 'Estibot categories' })
      .getByLabel(`Percentage for ${name}`);
    await shows(again);
    expect(await again.inputValue()).toBe(next);

    // leave the seeded weight as it was for the other specs' appraisals
    await again.fill(before);
    const restored = page.waitForResponse(
      (r) => r.url().includes('/exhibitConditions/') && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: `Save ${name}` }).click();
    expect((await restored).status()).toBe(200);
    await page.close();
  });

  it('fits a phone and passes axe on each admin tab, in English and Chinese', async () => {
    // rows with their buttons in every table: an entry and a code of this test's own
    const token = (await loginViaApi('admin@demo.test', DEMO_PASSWORD)).body.data!.token;
    const suffix = randomBytes(4).toString('hex');
    const entry = await api<{ UID: string }>(
      'POST',
      '/manualAppraisal',
      { domainName: `e2e-phone-${suffix}.com`, manualValue: 4200 },
      token,
    );
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    const code = await api<{ UID: string }>(
      'POST',
      '/generatePromo',
      { code: `PHONE${suffix}`, offerPercent: 100, validThru: '2099-12-31' },
      token,
    );
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    for (const [name, viewport, locale] of [
      ['phone', PHONE, 'en-US'],
      ['desktop-zh', DESKTOP, 'zh-CN'],
    ] as const) {
      const page = await demoAdminPage({ viewport, locale });
      for (const tab of ['manual-appraisals', 'estibot-category', 'promo-code']) {
        await page.goto(`/dashboard?tab=${tab}`);
        await shows(page.getByRole('table'));
        await shows(page.getByRole('row').nth(1));
        await pageProblems(page, `the ${tab} tab (${name})`, locale === 'en-US');
        await screenshot(page, `admin-${tab}-${name}`);
      }
      await page.close();
    }
    await api('DELETE', `/manualAppraisal/${entry.body.data!.UID}`, undefined, token);
    await api('DELETE', `/promoCode/${code.body.data!.UID}`, undefined, token);
  });
});
