/**
 * Signed webhooks (docs/webhooks.md) in Chromium: a registrar adds a webhook endpoint served by a local receiver on
 * 127.0.0.1, copies the secret shown once, sends a test event and sees it delivered in the log. The
 * receiver verifies the message with the `standardwebhooks` package (docs/webhooks.md).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInPage } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const DEMO_PASSWORD = 'Demo@Pass1';
const received: { headers: Record<string, string>; body: string }[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/domain-broker`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

describe('registrar webhooks', () => {
  it('adds an endpoint, sees the secret once, sends a test event and sees it delivered', async () => {
    const login = await loginViaApi('registrar@demo.test', DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const page = await newPage({ viewport: DESKTOP });
    await signInPage(page, { email: 'registrar@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
    await page.goto('/dashboard/webhooks');
    await shows(page.getByRole('heading', { name: 'Webhooks', level: 1 }));

    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiverUrl);
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const secretBox = await shows(page.getByTestId('webhook-secret'));
    const secret = (await secretBox.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await gone(page.getByTestId('webhook-secret'));

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
    await endpoint.getByRole('button', { name: 'Send Test Event' }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await shows(row.getByText('Delivered', { exact: true }));
    await shows(row.getByText('204', { exact: true }));
    await screenshot(page, 'webhooks');
    // At 375 px with the event picker open, nothing is wider than the screen (the log scrolls inside).
    await page.setViewportSize(PHONE);
    await endpoint.getByRole('button', { name: 'Edit Events' }).click();
    await shows(endpoint.getByRole('group', { name: 'Events' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await endpoint.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(DESKTOP);

    // The receiver got one message, verified by the maintained library with the secret shown once.
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
    expect(event.type).toBe('webhook.test');

    // Delete it again, after confirming.
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete Endpoint' }).click();
    await gone(endpoint);
  });
});
