/** Contact Us over HTTP on the real database: stored, staff mail and receipt, limits, captcha. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '#server/db/schema/index.ts';
import { contactRequests } from '#server/db/schema/selling.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let captchaApp: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  captchaApp = await createTestApp({
    env: { RATE_LIMIT_MAIL_PER_ACCOUNT: '3' },
    deps: { captcha: { enabled: true, verify: async (token) => token === 'human' } },
  });
});
afterAll(async () => {
  await t.close();
  await captchaApp.close();
});

const SUBMITTED = 'Form Submitted, One of our agents will get back to you within one business day or less.';
let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `contact${++seq}@example.com`,
  phone: '+1 415 555 0100',
  domainName: `ask-${seq}.org`,
  comments: 'Is this name for sale?',
  budget: '',
  ...over,
});
const mails = (app: TestApp, to: string, template: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));

describe('POST /contact', () => {
  it('stores the request, mails staff and sends the sender a receipt', async () => {
    const b = body({ budget: '2,500', locale: 'zh' });
    const r = await t.call('POST', '/contact', b);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: SUBMITTED, code: 'CONTACT_SUBMITTED' });
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.email, b.email));
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      domainName: b.domainName,
      budgetCents: 250_000,
      locale: 'zh',
    });
    const staff = (await mails(t, t.config.supportEmail, 'staff-contact')).filter((m) =>
      m.text.includes(b.domainName as string),
    );
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain('2500 USD');
    expect(staff[0]!.text).toContain('Is this name for sale?');
    const receipt = await mails(t, b.email as string, 'contact-received');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.locale).toBe('zh');
    expect(receipt[0]!.text).toContain('一个工作日内');
  });

  it("answers each field with the spec's message", async () => {
    const r = await t.call('POST', '/contact', {
      name: ' ',
      email: 'nope',
      phone: '',
      domainName: 'nodot',
      comments: '',
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Please Enter Name', code: 'NAME_EMPTY' },
        { field: 'email', message: 'Please Enter Valid Email', code: 'EMAIL_ENTER_VALID' },
        { field: 'phone', message: 'Please Enter Phone Number', code: 'PHONE_REQUIRED' },
        { field: 'domainName', message: 'Please Enter Valid Domain Name', code: 'DOMAIN_NAME_ENTER_VALID' },
        { field: 'comments', message: 'Please Enter Comments', code: 'COMMENTS_REQUIRED' },
      ]),
    );
    expect((await t.call('POST', '/contact', body({ phone: '+1 123' }))).body.errors).toEqual([
      { field: 'phone', message: 'Invalid phone number', code: 'PHONE_INVALID' },
    ]);
    expect((await t.call('POST', '/contact', body({ extra: 1 }))).status).toBe(400);
  });

  it('takes any extension and never touches the account the address belongs to', async () => {
    const owner = await makeUser(t, { role: 'Buyer' });
    const [before] = await t.db.select().from(users).where(eq(users.uid, owner.uid));
    const r = await t.call('POST', '/contact', body({ email: owner.email, domainName: 'name.museum' }));
    expect(r.status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.uid, owner.uid));
    expect(after).toEqual(before);
  });

  it('links a signed-in sender', async () => {
    const me = await makeUser(t, { role: 'Buyer' });
    const b = body({ email: me.email });
    expect((await t.call('POST', '/contact', b, me.headers)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.domainName, b.domainName as string));
    expect(row!.userUid).toBe(me.uid);
  });

  it('limits requests per sender address', async () => {
    const email = `limited${seq}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await captchaApp.call('POST', '/contact', body({ email, botToken: 'human' }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mails(captchaApp, email, 'contact-received')).toHaveLength(3);
  });

  it('asks for the human check when a captcha is configured', async () => {
    const b = body();
    expect((await captchaApp.call('POST', '/contact', b)).status).toBe(451);
    expect(await mails(captchaApp, b.email as string, 'contact-received')).toHaveLength(0);
    expect((await captchaApp.call('POST', '/contact', { ...b, botToken: 'human' })).status).toBe(200);
  });
});
