/**
 * The portal side of the registrar flow (docs/product.md "Registrar landing page and widget"): a visitor
 * sent by a registrar opens /registrar-landing-page with the domain and the registrar id in the URL, sees
 * the registrar, and signs up with the domain carried over; a registrar-role user's home is the landing
 * page with their shareable link (docs/product.md "Registrar landing page and widget").
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { baseURL } from '../support/env.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { codeFrom, readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

const LANDING = '/registrar-landing-page?domainName=wanted&registrarId=demo-registrar';
const SERVICES = [
  'Budgeting',
  'Strategy',
  'Appraisals',
  'Transfer & Registration',
  'Market Research',
  'Contract Negotiation',
  'Acquisition',
  'Brand Protection',
];

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('registrar landing page', () => {
  it('shows the registrar and the domain, and signs the visitor up with the domain carried over', async () => {
    const page = await newPage({ viewport: DESKTOP });
    // the start-up records the click of this visit (POST /updateClicks/{registrarId}?dn=)
    const click = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/updateClicks/demo-registrar',
    );
    await page.goto(LANDING);

    await shows(page.getByText('Demo Registrar', { exact: true }));
    await shows(page.getByRole('heading', { level: 1 }));
    const domain = page.getByRole('textbox', { name: 'Domain you want' });
    expect(await domain.inputValue()).toBe('wanted');
    const clickUrl = new URL((await click).url());
    expect(clickUrl.searchParams.get('dn')).toBe('wanted.com');
    const services = page.getByRole('region', { name: 'What our brokers do for you' });
    expect(await services.getByRole('heading', { level: 3 }).allTextContents()).toEqual(SERVICES);
    const steps = page.getByRole('region', { name: 'How it works' });
    expect(await steps.getByRole('listitem').count()).toBe(3);
    await screenshot(page, 'registrar-landing');

    // every field's message, then a valid enquiry
    await page.getByRole('textbox', { name: 'Domain you want' }).fill('');
    await page.getByRole('button', { name: 'Get Started' }).click();
    for (const text of [
      'Please Enter Your Name',
      'Please Enter Valid Email',
      'Please Enter Password',
      'Please Enter Phone Number',
      'Please Enter Your Domain Name',
      'Please Enter Your budget',
    ]) {
      await shows(page.getByText(text, { exact: true }));
    }
    await screenshot(page, 'registrar-landing-errors');

    const email = uniqueEmail('registrar-landing');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Wanda Wanted');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0134');
    await domain.fill('wanted');
    await page.getByRole('textbox', { name: 'Your budget (USD)' }).fill('5000');

    const since = Date.now();
    const request = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/signUpWithDomain',
    );
    await page.getByRole('button', { name: 'Get Started' }).click();
    const sent = await request;
    expect(sent.postDataJSON()).toMatchObject({
      email,
      domainName: 'wanted.com',
      offerAmount: 5000,
      registrarUID: 'demo-registrar',
    });
    expect((await sent.response())?.status()).toBe(207);

    // 207: the verification window; the mailed code verifies the account and signs the visitor in
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await shows(dialog);
    await screenshot(page, 'registrar-landing-verify');
    const code = codeFrom(await readOutbox(email, { since }));
    await dialog.getByLabel(/verification code/i).fill(code);
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await gone(dialog);
    await shows(page.getByRole('link', { name: 'Your profile' }));
    // with 500 USD or more the buy flow goes on to the checkout (specs/buy-flow.e2e.test.ts)
    await atPath(page, '/hire-consultant');
    // a successful sign-up no longer needs the stored domain name
    expect(await page.evaluate(() => localStorage.getItem('domainName'))).toBeNull();
    await screenshot(page, 'registrar-landing-signed-up');
  });

  it('fits a phone screen and falls back to the generic page for an unknown registrar', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(LANDING);
    await shows(page.getByText('Demo Registrar', { exact: true }));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'registrar-landing-phone');

    const unknown = await newPage({ viewport: PHONE });
    await unknown.goto('/registrar-landing-page?domainName=other.net&registrarId=no-such-registrar');
    await shows(unknown.getByRole('button', { name: 'Get Started' }));
    expect(await unknown.getByRole('textbox', { name: 'Domain you want' }).inputValue()).toBe('other.net');
    expect(await unknown.getByText(/In partnership with/).count()).toBe(0);
    expect(await unknown.getByRole('img').count()).toBe(0);
    expect(await sidewaysOverflow(unknown)).toBeLessThanOrEqual(0);
    await screenshot(unknown, 'registrar-landing-unknown-phone');
  });

  it("opens 'Insufficient Budget' when the click answers 203, and 'increase the budget' leads to the budget", async () => {
    const page = await newPage();
    const click = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/updateClicks/demo-registrar',
    );
    await page.goto(
      '/registrar-landing-page?domainName=cheap-name&registrarId=demo-registrar&offerAmount=100',
    );
    expect((await click).status()).toBe(203);
    const dialog = page.getByRole('dialog', { name: 'Insufficient Budget' });
    await shows(dialog);
    await shows(dialog.getByRole('button', { name: 'Search Alternatives' }));
    await screenshot(page, 'registrar-low-budget');
    await dialog.getByRole('button', { name: 'increase the budget' }).click();
    await gone(dialog);
    const budget = page.getByRole('textbox', { name: 'Your budget (USD)' });
    await expect.poll(() => budget.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows the landing page at / once registrar details are stored', async () => {
    const page = await newPage();
    await page.goto('/?registrarId=demo-registrar&domainName=wanted.net');
    await shows(page.getByRole('heading', { name: 'Start your domain enquiry' }));
    await shows(page.getByText('Demo Registrar', { exact: true }));
    expect(await page.getByRole('textbox', { name: 'Domain you want' }).inputValue()).toBe('wanted.net');
    await atPath(page, '/');
  });
});

describe('registrar-role user', () => {
  it('signs in to the affiliate dashboard with the copyable link; home and the logo go there (decision A10)', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('registrar@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo@Pass1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/dashboard');

    const link = `${baseURL()}/?registrarId=demo-registrar`;
    const field = page.getByRole('textbox', { name: 'Integration link' });
    await shows(field);
    expect(await field.inputValue()).toBe(link);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await shows(page.getByText('Link copied in clipboard'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'registrar-user-home');

    // signed in, a registrar's home and logo are the dashboard, never a sign-in page
    const logo = page.getByRole('banner').getByRole('link').first();
    expect(await logo.getAttribute('href')).toBe('/dashboard');
    await page.goto('/');
    await atPath(page, '/dashboard');
  });
});
