/** The direct enquiry and the low-budget notice over HTTP on the real database (decision A13). */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, mailOutbox, users } from '#server/db/schema/index.ts';
import { renderMail } from '#server/lib/mail/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let captchaApp: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  captchaApp = await createTestApp({
    deps: { captcha: { enabled: true, verify: async (token) => token === 'human' } },
  });
});
afterAll(async () => {
  await t.close();
  await captchaApp.close();
});

const SUBMITTED = 'Form Submitted, One of our agents will get back to you within one business day or less.';
const domain = () => `enquiry-${++seq}.com`;
const mails = (app: TestApp, to: string, template: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
const staffMails = async (app: TestApp, template: string, domainName: string) =>
  (await mails(app, app.config.supportEmail, template)).filter((m) => m.text.includes(domainName));
const enquire = (who: TestUser, body: Record<string, unknown>, app = t) =>
  app.call('POST', '/createCloseLead', body, who.headers);

describe('POST /createCloseLead', () => {
  it('stores the enquiry, tells staff once and confirms to the buyer in their language', async () => {
    const buyer = await makeUser(t, { role: 'Buyer', locale: 'zh', firstName: 'Li' });
    const d = domain();
    const r = await enquire(buyer, {
      domainName: d,
      offerAmount: '300',
      referrerURL: 'https://r.example/page',
      formName: 'Buy',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: SUBMITTED, code: 'ENQUIRY_SUBMITTED' });
    expect(await t.db.select().from(enquiries).where(eq(enquiries.domainName, d))).toMatchObject([
      {
        userUid: buyer.uid,
        source: 'createCloseLead',
        status: 'direct',
        offerAmount: '300',
        formName: 'Buy',
      },
    ]);
    const staff = await staffMails(t, 'staff-enquiry', d);
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain('300 USD');
    expect(staff[0]!.text).toContain(buyer.email);
    const confirmation = await mails(t, buyer.email, 'enquiry-received');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.locale).toBe('zh');
    expect(confirmation[0]!.text).toContain(d);
  });

  it('answers a retried or double-submitted enquiry alike without a second mail; later it is a new one', async () => {
    const buyer = await makeUser(t, { role: 'Buyer' });
    const d = domain();
    const answers = await Promise.all(
      [1, 2, 3].map(() => enquire(buyer, { domainName: d, offerAmount: '' })),
    );
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(3).fill([200, SUBMITTED]));
    t.clock.advance(5 * 60_000);
    expect((await enquire(buyer, { domainName: d })).status).toBe(200);
    expect(await staffMails(t, 'staff-enquiry', d)).toHaveLength(1);
    expect(await mails(t, buyer.email, 'enquiry-received')).toHaveLength(1);
    // Another offer is another enquiry; the same one after the window is too.
    await enquire(buyer, { domainName: d, offerAmount: 200 });
    expect(await staffMails(t, 'staff-enquiry', d)).toHaveLength(2);
    t.clock.advance(11 * 60_000);
    await enquire(buyer, { domainName: d });
    expect(await staffMails(t, 'staff-enquiry', d)).toHaveLength(3);
  });

  it('refuses an offer of 500 or more, unsupported domains, staff, registrars, investors and guests', async () => {
    const buyer = await makeUser(t, { role: 'Buyer' });
    const lead = await enquire(buyer, { domainName: domain(), offerAmount: '500' });
    expect([lead.status, lead.body.code]).toEqual([400, 'ENQUIRY_OFFER_IS_LEAD']);
    expect((await enquire(buyer, { domainName: 'name.museum' })).status).toBe(400);
    expect((await enquire(buyer, { domainName: domain(), extra: 1 })).body.message).toBe(
      'Unknown input field',
    );
    const broker = await makeUser(t, { role: 'Consultant' });
    expect((await enquire(broker, { domainName: domain() })).body.message).toBe(
      'please login as user to continue',
    );
    const registrar = await makeUser(t, { role: 'Registrar' });
    expect((await enquire(registrar, { domainName: domain() })).status).toBe(403);
    const investor = await makeUser(t, { role: 'Buyer' });
    await t.db.update(users).set({ userInterested: 'Investor' }).where(eq(users.uid, investor.uid));
    expect((await enquire(investor, { domainName: domain() })).body.message).toBe(
      'not allowed, please contact admin',
    );
    expect((await t.call('POST', '/createCloseLead', { domainName: domain() })).status).toBe(401);
  });

  it('checks the captcha when the deployment has one', async () => {
    const buyer = await makeUser(captchaApp, { role: 'Buyer' });
    const d = domain();
    expect((await enquire(buyer, { domainName: d }, captchaApp)).status).toBe(451);
    expect((await enquire(buyer, { domainName: d, botToken: 'robot' }, captchaApp)).status).toBe(451);
    expect(await staffMails(captchaApp, 'staff-enquiry', d)).toEqual([]);
    expect((await enquire(buyer, { domainName: d, botToken: 'human' }, captchaApp)).status).toBe(200);
    expect(await staffMails(captchaApp, 'staff-enquiry', d)).toHaveLength(1);
  });
});

describe('POST /sendLowBudgetMail', () => {
  const low = (
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    from = '127.0.0.1',
    app = t,
  ) => app.call('POST', '/sendLowBudgetMail', body, headers, from);

  it('mails staff once per user and domain; replays answer 200 without mail', async () => {
    const buyer = await makeUser(t, { role: 'Buyer' });
    const d = domain();
    const body = {
      domainName: d,
      offerAmount: '120',
      budget: '450',
      sourceFrom: 'registrar landing page',
      lowBudgetNote: 'User decided to go back to the registrar where they came from.',
      registrarUID: 'demo-registrar',
    };
    const answers = await Promise.all([low(body, buyer.headers), low(body, buyer.headers)]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array(2).fill([200, 'Thank you, our team has been told about your budget.']),
    );
    t.clock.advance(30 * 60_000);
    expect((await low({ ...body, lowBudgetNote: 'increase' }, buyer.headers)).status).toBe(200);
    const sent = await staffMails(t, 'staff-low-budget', d);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('120 USD');
    expect(sent[0]!.text).toContain('Raised budget: 450 USD.');
    expect(sent[0]!.text).toContain('User decided to go back to the registrar where they came from.');
    expect(sent[0]!.text).toContain(buyer.email);
    // Another domain is another notice.
    const other = domain();
    await low({ ...body, domainName: other }, buyer.headers);
    expect(await staffMails(t, 'staff-low-budget', other)).toHaveLength(1);
  });

  it('takes a guest (one notice per address and domain), refuses 500 or more and checks the captcha', async () => {
    const d = domain();
    const guest = { domainName: d, offerAmount: 100, name: 'Guest', email: 'guest@example.com' };
    expect((await low(guest, {}, '10.0.0.7')).status).toBe(200);
    expect((await low(guest, {}, '10.0.0.7')).status).toBe(200);
    expect((await low(guest, {}, '10.0.0.8')).status).toBe(200);
    const sent = await staffMails(t, 'staff-low-budget', d);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain('guest@example.com');
    expect((await low({ domainName: domain(), offerAmount: '600' })).body.code).toBe('ENQUIRY_OFFER_IS_LEAD');
    expect((await low({ domainName: domain(), email: 'not-mail' })).status).toBe(400);

    const e = domain();
    expect((await low({ domainName: e }, {}, '127.0.0.1', captchaApp)).status).toBe(451);
    expect((await low({ domainName: e, botToken: 'human' }, {}, '127.0.0.1', captchaApp)).status).toBe(200);
    expect(await staffMails(captchaApp, 'staff-low-budget', e)).toHaveLength(1);
  });
});

describe('the mails (en and zh, plain text and escaped HTML)', () => {
  it('renders every template of the enquiries and the promo code without a missing value', () => {
    const cases = [
      ['enquiry-received', { domain: 'a.com', offer: '300', name: 'Li' }],
      [
        'staff-enquiry',
        { buyer: '<i>Eve</i> (eve@example.com)', domain: 'a.com', offer: '', registrar: '', referrer: '' },
      ],
      [
        'staff-low-budget',
        {
          visitor: 'A visitor',
          domain: 'a.com',
          threshold: '500',
          offer: '100',
          budget: '',
          note: 'n',
          source: '',
          registrar: 'r',
        },
      ],
      [
        'promo-code',
        {
          code: 'BUYABCDEFGH',
          fee: '19.95',
          validThru: '2026-02-14',
          name: 'Li',
          url: 'https://x/hire-consultant',
        },
      ],
    ] as const;
    for (const [template, data] of cases)
      for (const locale of ['en', 'zh'] as const) {
        const m = renderMail(template, locale, data);
        expect(`${m.subject}\n${m.text}`, `${template} ${locale}`).not.toMatch(/undefined|null|\$\{/);
        expect(m.html).not.toContain('<i>Eve</i>');
      }
    expect(renderMail('staff-enquiry', 'en', cases[1][1]).text).toContain('Budget: none given.');
    expect(renderMail('promo-code', 'zh', cases[3][1]).text).toContain('BUYABCDEFGH');
  });
});
