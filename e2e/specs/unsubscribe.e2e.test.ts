/**
 * Unsubscribe (docs/product.md "Unsubscribe"; decision A26): from a real mail's link and from
 * its RFC 8058 one-click header; a forged token is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api.ts';
import { DESKTOP, useBrowser } from '../support/browser.ts';
import { baseURL } from '../support/env.ts';
import { atPath, shows } from '../support/expect.ts';
import { readOutbox } from '../support/mail.ts';

const { newPage } = useBrowser();

/** Queues the weekly appraisal report sample (non-transactional) to `to` and answers the mail with its headers. */
async function weeklyReportTo(to: string) {
  const since = Date.now();
  const res = await fetch(`${baseURL()}/api/dev/mail-catalogue/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ template: 'weekly-appraisal-report', to }),
  });
  expect(res.status).toBe(200);
  const mail = await readOutbox(to, { since });
  const list = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const [row] = ((await list.json()) as { data: { headers: Record<string, string> | null }[] }).data;
  return { ...mail, headers: row!.headers ?? {} };
}
const pageLink = (text: string) => new URL(/https?:\/\/\S+\/unsubscribe\?\S+/.exec(text)![0]);

describe('unsubscribe', () => {
  it("from a real mail's link: the query leaves the address bar, the message is sent, the visitor goes home", async () => {
    const email = uniqueEmail('unsub');
    const mail = await weeklyReportTo(email);
    const link = pageLink(mail.text);
    expect(link.searchParams.get('type')).toBe('appraisal-report');
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${link.pathname}${link.search}`);
    await shows(page.getByRole('heading', { level: 1, name: 'Unsubscribe' }));
    await shows(page.getByText(email));
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const call = page.waitForRequest((r) => r.url().endsWith('/api/unsubscribeEmail'));
    await page.getByRole('textbox', { name: /Tell us why/ }).fill('Too many emails');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(JSON.parse((await call).postData() ?? '{}')).toMatchObject({
      email,
      type: 'appraisal-report',
      message: 'Too many emails',
    });
    await shows(page.getByText('You are unsubscribed: we will not send you these emails again.'));
    await atPath(page, '/');
    // the same link again changes nothing
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await shows(page.getByText(/not valid or was already used/));
  });

  it('from the one-click header (RFC 8058), once', async () => {
    const mail = await weeklyReportTo(uniqueEmail('oneclick'));
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')![1]!;
    const target = new URL(url);
    const post = () =>
      fetch(`${baseURL()}${target.pathname}${target.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(400);
  });

  it('refuses a forged token and sends a visitor without an email home', async () => {
    const email = uniqueEmail('forged');
    const mail = await weeklyReportTo(email);
    const link = pageLink(mail.text);
    const [payload, sig] = link.searchParams.get('token')!.split('.');
    const forged = Buffer.from(JSON.stringify({ e: email, t: 'buy', l: null, n: 'x' })).toString('base64url');
    link.searchParams.set('token', `${forged}.${sig}`);
    link.searchParams.set('type', 'buy');
    expect(payload).toBeTruthy();
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await shows(page.getByText(/not valid or was already used/));
    // the genuine link still works: the forged one changed nothing
    const genuine = pageLink(mail.text);
    const res = await fetch(`${baseURL()}/api/unsubscribeEmail`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(genuine.searchParams)),
    });
    expect(res.status).toBe(200);
    const home = await newPage({ viewport: DESKTOP });
    await home.goto('/unsubscribe');
    await atPath(home, '/');
  });
});
