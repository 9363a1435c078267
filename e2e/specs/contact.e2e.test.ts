/**
 * Contact Us (docs/product.md "Contact Us"): from an inquiry button to the form, each
 * field's message, then a request that reaches staff and leaves a receipt in the sender's outbox.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api.ts';
import { DESKTOP, useBrowser } from '../support/browser.ts';
import { atPath, shows } from '../support/expect.ts';
import { listOutbox, readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const SUBMITTED = 'Form Submitted, One of our agents will get back to you within one business day or less.';
const STAFF = 'support@domainbroker.example';

describe('Contact Us', () => {
  it('goes from an inquiry button to the form, checks every field and reaches staff and the sender', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/about');
    await page.getByRole('link', { name: 'Make An Inquiry' }).first().click();
    await atPath(page, '/contact-us');
    await shows(page.getByRole('heading', { level: 1, name: 'Contact Us' }));

    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Please Enter Name',
      'Please Enter Valid Email',
      'Please Enter Phone Number',
      'Please Enter Valid Domain Name',
      'Please Enter Comments',
    ])
      await shows(page.getByText(text, { exact: true }));

    // the phone rules arrive after the first paint: a short number is still refused, and so is a budget
    // that is not an amount
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 123');
    await page.getByRole('textbox', { name: 'Budget (USD)' }).fill('a lot');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText('Invalid phone number', { exact: true }));
    await shows(page.getByText('Please Enter Your budget', { exact: true }));
    await page.getByRole('textbox', { name: 'Budget (USD)' }).fill('');

    const email = uniqueEmail('contact');
    const domain = `contact-${Date.now()}.io`;
    const since = Date.now();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Cora Contact');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0100');
    await page.getByRole('textbox', { name: 'Domain name', exact: true }).fill(domain);
    await page.getByRole('textbox', { name: 'Message' }).fill('Is this name for sale?');
    await screenshot(page, 'contact-us');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shows(page.getByText(SUBMITTED));
    // on success the visitor goes back to where the inquiry started
    await atPath(page, '/about');

    const receipt = await readOutbox(email, { since });
    expect(receipt.subject).toContain(domain);
    expect(receipt.text).toContain('within one business day or less');
    await expect
      .poll(async () => (await listOutbox(STAFF)).some((m) => m.subject === `Contact Us: ${domain}`))
      .toBe(true);
  });

  it('fills in the domain the written-appraisal offer or an inquiry link carries', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/contact-us?domainName=wanted.org');
    expect(await page.getByRole('textbox', { name: 'Domain name', exact: true }).inputValue()).toBe(
      'wanted.org',
    );
  });
});
