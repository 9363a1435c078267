/**
 * After payment, in Chromium against the real server (sandbox payments): the paid buyer meets the
 * broker on the agent page with the email and phone withheld until the broker service terms are agreed
 * (then shown, also after a reload), downloads the e-book twice (the third refused), and answers the
 * questions: each validation message, one save with the first-time thanks as the toast and the answers
 * kept by the server, then the dashboard; and a later save on /survey ('Domain details updated').
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, api, createUserViaApi, signInPage } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { atPath, shows } from '../support/expect.ts';

const { newPage } = useBrowser();

const THANKS = (domain: string) =>
  `Thank you for the information. Your Domain Broker will be conducting some preliminary research regarding, ${domain} and will get back to you in one to two business days.`;

interface SavedLead {
  domainName: string;
  isSurveyCompleted: boolean;
  preferredContact: string | null;
  questionsAny: string;
  phone: string;
}

/** A fresh buyer who pays for a new lead with the sandbox's 4242 card and lands on the agent page. */
async function paidBuyer(): Promise<{ page: Page; domainName: string; user: ApiUser }> {
  const user = await createUserViaApi();
  const domainName = `e2e-${randomBytes(4).toString('hex')}.com`;
  const lead = await api(
    'POST',
    '/leads',
    { domainName, offerAmount: '5000', referrerURL: '', formName: 'e2e' },
    user.token,
  );
  expect(lead.status, JSON.stringify(lead.body)).toBe(200);
  const page = await newPage();
  await signInPage(page, user);
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
  await shows(page.getByRole('heading', { name: 'Your broker' }));
  return { page, domainName, user };
}

const pad = (n: number) => String(n).padStart(2, '0');
const usDate = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

describe('after payment', () => {
  it('shows the broker contact only after the broker terms, then saves the questions', async () => {
    const { page, domainName, user } = await paidBuyer();
    const card = page.locator('[data-agent-card]');
    await shows(card.getByText("Agree to the broker service terms to see your broker's contact details."));
    expect((await card.textContent()) ?? '').not.toMatch(/@/);

    await card.getByRole('checkbox', { name: 'I agree to the broker service terms' }).check();
    await shows(card.locator('[data-broker-contact] a[href^="mailto:"]'));
    expect((await card.textContent()) ?? '').toMatch(/@/);
    await page.reload();
    await shows(page.locator('[data-agent-card] [data-broker-contact] a[href^="mailto:"]'));
    await expect(
      page.getByRole('checkbox', { name: 'I agree to the broker service terms' }).count(),
    ).resolves.toBe(0);

    // the e-book: two downloads, the third refused with the server's message
    const ebook = page.getByRole('button', { name: 'Download E-book' });
    for (let i = 0; i < 2; i += 1) {
      const download = page.waitForEvent('download');
      await ebook.click();
      expect((await download).suggestedFilename()).toBe('how-to-buy-a-domain-someone-else-owns.pdf');
      await shows(page.locator('button:has-text("Download E-book"):not([disabled])'));
    }
    await ebook.click();
    await shows(page.getByText('You have downloaded E-book two times already.').first());

    const save = page.getByRole('button', { name: 'Save Details' });
    await save.click();
    await shows(page.getByText('Please choose how your broker should contact you'));
    await page.getByRole('radio', { name: 'Mobile/Phone' }).check();
    await save.click();
    await shows(page.getByText('Please Enter Phone number'));
    const phone = page.getByRole('textbox', { name: /Phone number/ });
    await phone.fill('call me');
    await save.click();
    await shows(page.getByText('Please enter valid Phone number'));
    await phone.fill('+44 20 7946 0958');
    const date = page.getByRole('textbox', { name: /Preferred contact date/ });
    await date.fill(usDate(new Date(Date.now() - 3 * 86_400_000)));
    await save.click();
    await shows(page.getByText('The date cannot be in the past'));
    await date.fill(usDate(new Date(Date.now() + 3 * 86_400_000)));
    await save.click();
    await shows(page.getByText('Please choose Morning or Afternoon'));
    await page.getByRole('radio', { name: 'Morning (8:30)' }).check();
    await page.getByRole('textbox', { name: /Questions or comments/ }).fill('Is the owner willing to sell?');
    const violations = await axeViolations(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/leads/'),
    );
    await save.click();
    const saved = await answer;
    expect(saved.status(), await saved.text()).toBe(200);
    // the toast is the server's own message: the thanks the first time, 'Domain details updated' after
    const first = (await saved.json()) as { message: string };
    expect(first.message).toBe(THANKS(domainName));
    await shows(page.getByText(first.message).first());
    await atPath(page, '/dashboard');
    const [stored] = (await api<SavedLead[]>('GET', '/getMyLeads', undefined, user.token)).body.data ?? [];
    expect(stored).toMatchObject({
      domainName,
      isSurveyCompleted: true,
      preferredContact: 'Phone',
      questionsAny: 'Is the owner willing to sell?',
    });
    expect(stored?.phone.replace(/\D/g, '')).toBe('442079460958');

    await page.goto('/survey');
    await shows(page.getByRole('heading', { name: 'Tell your broker what you need' }));
    await expect(page.getByRole('textbox', { name: /Questions or comments/ }).inputValue()).resolves.toBe(
      'Is the owner willing to sell?',
    );
    const again = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/leads/'),
    );
    await page.getByRole('button', { name: 'Save Details' }).click();
    const second = (await (await again).json()) as { message: string };
    expect(second.message).toBe('Domain details updated');
    await shows(page.getByText(second.message).first());
  });
});
