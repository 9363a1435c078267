/**
 * The sell submission (docs/product.md "Selling", "Sell submissions"): multi-domain and single-domain
 * forms with their messages, the thank-you with the nameservers, the comment, success; the address is
 * confirmed through the mailed link before the seller account exists.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api.ts';
import { DESKTOP, useBrowser } from '../support/browser.ts';
import { atPath, shows } from '../support/expect.ts';
import { listOutbox, readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const STAFF = 'support@domainbroker.example';

describe('selling domains', () => {
  it('multi-domain: messages, thank-you with nameservers, comment, success; the mailed link confirms', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/sell-domain?ref=e2e-partner');
    await shows(page.getByRole('heading', { level: 1, name: 'Sell Your Domains' }));
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText("Domain name can't be empty.", { exact: true }));
    const tooMany = Array.from({ length: 101 }, (_, i) => `many-${i}.com`).join(', ');
    await page.getByRole('textbox', { name: 'Domain names' }).fill(tooMany);
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText('You can submit at most 100 domains at once.', { exact: true }));
    await page.getByRole('textbox', { name: 'Domain names' }).fill('good-name.com, bad');
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Domain name is not valid.',
      "Full name can't be empty.",
      "Email address can't be empty.",
      "Phone number can't be empty.",
      'Please accept privacy policy & terms of service.',
    ])
      await shows(page.getByText(text, { exact: true }));
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 123');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText('Email address is not valid.', { exact: true }));
    await shows(page.getByText('Phone number is not valid.', { exact: true }));

    const email = uniqueEmail('seller');
    const stamp = Date.now();
    const domains = [`multi-${stamp}.com`, `multi-${stamp}.ai`];
    await page.getByRole('textbox', { name: 'Domain names' }).fill(domains.join(', '));
    await page.getByRole('textbox', { name: 'Full name' }).fill('Sam Seller');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0100');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit' }).click();

    await atPath(page, '/sell-domain');
    await shows(page.getByRole('heading', { name: 'Thank you!' }));
    await shows(page.getByText('ns1.domainbroker.example'));
    await shows(page.getByText('ns2.domainbroker.example'));
    expect(new URL(page.url()).searchParams.get('show')).toBe('thankyou');
    // referral data is cleared after a successful submission
    expect(await page.evaluate(() => localStorage.getItem('sell_ref'))).toBeNull();
    await screenshot(page, 'sell-thank-you');
    const comment = page.waitForRequest((r) => r.url().includes('/api/sell-comment/'));
    await page.getByRole('textbox', { name: /Anything our broker should know/ }).fill('Call me after 5pm');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(JSON.parse((await comment).postData() ?? '{}')).toEqual({ comment: 'Call me after 5pm' });
    await shows(page.getByRole('heading', { name: 'All set' }));

    await expect
      .poll(async () => (await listOutbox(STAFF)).some((m) => m.text.includes(domains[1]!)))
      .toBe(true);
    const verify = await readOutbox(email, { subject: /Confirm your email/ });
    const link = /https?:\/\/\S+verify=\S+/.exec(verify.text)![0];
    const path = new URL(link);
    await page.goto(`${path.pathname}${path.search}`);
    await shows(page.getByRole('heading', { name: 'Your email address is confirmed' }));
    expect(new URL(page.url()).searchParams.get('verify')).toBeNull();
    const received = await readOutbox(email, { subject: /with a Domain Broker broker/ });
    expect(received.text).toContain('ns1.domainbroker.example');
  });

  it('single domain: price and minimum quote of at least 1; an empty comment goes straight to success', async () => {
    const page = await newPage({ viewport: DESKTOP });
    const domain = `single-${Date.now()}.com`;
    await page.goto(`/sell-domain?domain=${domain}`);
    expect(await page.getByRole('textbox', { name: 'Domain name', exact: true }).inputValue()).toBe(domain);
    await page.getByRole('textbox', { name: 'Price (USD)' }).fill('0');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText("Domain price can't be negative.", { exact: true }));
    await shows(page.getByText("Minimum quote can't be empty.", { exact: true }));
    await page.getByRole('textbox', { name: 'Price (USD)' }).fill('');
    await page.getByRole('textbox', { name: 'Minimum quote (USD)' }).fill('-5');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText("Domain price can't be empty.", { exact: true }));
    await shows(page.getByText("Minimum quote can't be negative.", { exact: true }));

    await page.getByRole('textbox', { name: 'Price (USD)' }).fill('2500');
    await page.getByRole('textbox', { name: 'Minimum quote (USD)' }).fill('1000');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Sue Single');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('single'));
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0100');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByRole('heading', { name: 'Thank you!' }));
    let commented = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/sell-comment/')) commented = true;
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await shows(page.getByRole('heading', { name: 'All set' }));
    expect(commented).toBe(false);
    await expect
      .poll(async () =>
        (await listOutbox(STAFF)).some((m) => m.text.includes(domain) && m.text.includes('Price: 2500 USD')),
      )
      .toBe(true);
  });
});
