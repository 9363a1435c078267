/** Unsubscribe links and one-click headers on a real mail, the profile's preferences (decision A26). */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/index.ts';
import { mailOptOuts } from '#server/db/schema/selling.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';
import { isOptedOut } from '#server/lib/mail/opt-outs.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** Queues a weekly report to `to` the way the scheduler does, and answers the stored row. */
async function reportTo(
  to: string,
  unsubscribe: { type: 'appraisal-report' | 'buy'; leadUid?: string } = { type: 'appraisal-report' },
) {
  await t.db.transaction((tx) =>
    enqueueMail(
      tx,
      {
        to,
        template: 'weekly-appraisal-report',
        locale: 'en',
        data: { name: 'A', count: '1', from: '2026-01-01', to: '2026-01-07', list: 'a.com: $1', url: '' },
        unsubscribe,
      },
      'https://broker.example',
    ),
  );
  const [row] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row!;
}
const linkOf = (text: string) => new URL(/https:\/\/broker\.example\/unsubscribe\?\S+/.exec(text)![0]);
const email = () => `unsub${++seq}@example.com`;

describe('unsubscribe', () => {
  it('puts the link and the RFC 8058 headers on the mail; the page call stops that kind of mail once', async () => {
    const to = email();
    const row = await reportTo(to);
    expect(row.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(row.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/broker\.example\/api\/unsubscribe\/one-click\?token=.+>$/,
    );
    expect(row.html).toContain('Unsubscribe from these emails');
    const link = linkOf(row.text);
    const q = Object.fromEntries(link.searchParams);
    expect(q).toMatchObject({ email: to, type: 'appraisal-report' });
    const r = await t.call('PATCH', '/unsubscribeEmail', { ...q, message: 'Too many mails' });
    expect(r.status).toBe(200);
    expect(await isOptedOut(t.db, { email: to, type: 'appraisal-report' })).toBe(true);
    expect(await isOptedOut(t.db, { email: to, type: 'buy' })).toBe(false);
    const [opt] = await t.db.select().from(mailOptOuts).where(eq(mailOptOuts.email, to));
    expect(opt!.message).toBe('Too many mails');
    const again = await t.call('PATCH', '/unsubscribeEmail', q);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('UNSUBSCRIBE_LINK_INVALID');
  });

  it('refuses a forged or altered token, or one used for another address or kind, and changes nothing', async () => {
    const to = email();
    const q = Object.fromEntries(linkOf((await reportTo(to)).text).searchParams);
    const [payload, sig] = q.token!.split('.');
    const forged = Buffer.from(JSON.stringify({ e: to, t: 'buy', l: null, n: 'x' })).toString('base64url');
    for (const body of [
      { ...q, token: `${forged}.${sig}` },
      { ...q, token: `${payload}.AAAA${sig!.slice(4)}` },
      { ...q, token: 'nonsense' },
      { ...q, email: 'someone.else@example.com' },
      { ...q, type: 'buy' },
    ]) {
      const r = await t.call('PATCH', '/unsubscribeEmail', body);
      expect(r.status).toBe(400);
    }
    expect(await t.db.select().from(mailOptOuts).where(eq(mailOptOuts.email, to))).toEqual([]);
    // the genuine token still works after the refused attempts
    expect((await t.call('PATCH', '/unsubscribeEmail', q)).status).toBe(200);
  });

  it("one-click: the header's URL takes the mail client's POST", async () => {
    const to = email();
    const row = await reportTo(to);
    const url = new URL(row.headers!['List-Unsubscribe']!.slice(1, -1));
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await isOptedOut(t.db, { email: to, type: 'appraisal-report' })).toBe(true);
    const twice = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(twice.status).toBe(400);
  });

  it('shows the preference on the profile, where it can be turned back on', async () => {
    const me = await makeUser(t);
    const q = Object.fromEntries(linkOf((await reportTo(me.email)).text).searchParams);
    await t.call('PATCH', '/unsubscribeEmail', q);
    const list = await t.call('GET', '/mail-preferences', undefined, me.headers);
    expect(list.body.data).toEqual([expect.objectContaining({ type: 'appraisal-report', closeUID: null })]);
    expect((await t.call('DELETE', '/mail-preferences/appraisal-report', undefined, me.headers)).status).toBe(
      200,
    );
    expect(await isOptedOut(t.db, { email: me.email, type: 'appraisal-report' })).toBe(false);
    expect((await t.call('DELETE', '/mail-preferences/appraisal-report', undefined, me.headers)).status).toBe(
      404,
    );
    expect((await t.call('GET', '/mail-preferences')).status).toBe(401);
  });

  it('transactional mail carries no link and no headers', async () => {
    const to = email();
    await t.db.transaction((tx) => enqueueMail(tx, { to, template: 'welcome', locale: 'en', data: {} }));
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(row!.headers).toBeNull();
    expect(row!.text).not.toContain('unsubscribe');
  });
});
