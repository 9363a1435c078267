/**
 * A buyer's paid lead, the way a buyer makes one: the lead through the API, then the initial fee paid
 * on /hire-consultant with the sandbox's 4242 test card. Specs about what comes after payment (the
 * agent page, the broker's workspace, the admin's tabs, a registrar's earnings) start from here.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ApiUser, api, signInPage } from './api.ts';
import { atPath, shows } from './expect.ts';

/** A new lead of `buyer` for a fresh domain (`<prefix>-<random>.com`, a 5,000 USD budget); its domain. */
export async function createLead(buyer: ApiUser, prefix = 'e2e'): Promise<string> {
  const domainName = `${prefix}-${randomBytes(4).toString('hex')}.com`;
  const lead = await api(
    'POST',
    '/leads',
    { domainName, offerAmount: '5000', referrerURL: '', formName: 'e2e' },
    buyer.token,
  );
  expect(lead.status, JSON.stringify(lead.body)).toBe(200);
  return domainName;
}

/** Signs `buyer` in on `page` and pays the lead of `domainName`; the page ends on the agent page. */
export async function payInSandbox(page: Page, buyer: ApiUser, domainName: string): Promise<void> {
  await signInPage(page, buyer);
  await page.goto('/hire-consultant');
  await shows(page.getByText(domainName));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('E2E Buyer');
  await page.getByLabel('I accept the Privacy Policy and the Terms of Service.').check();
  await page.getByLabel(/I have read the disclaimer/).check();
  await page.getByRole('button', { name: 'Hire a Broker' }).click();
  await atPath(page, '/agent-details-questions');
}
