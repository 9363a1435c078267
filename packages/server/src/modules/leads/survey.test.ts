/**
 * The buyer's survey over HTTP on the real database (decision B7; docs/product.md "Survey"): one PATCH
 * /leads/{id} saves the contact details, the answers and the completion, all or nothing; the first completion
 * mails the broker the answers and thanks the buyer, once.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { leadEvents, leads, mailOutbox, users } from '#server/db/schema/index.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';
import type { MailRequest } from '#server/lib/mail/types.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let broker: TestUser;
/** When set, queuing the broker's mail fails (a failure after the first writes of the save). */
let failBrokerMail = false;
let seq = 0;
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      enqueueMail: async (tx: DbOrTx, m: MailRequest) => {
        if (failBrokerMail && m.template === 'survey-answers') throw new Error('mail queue down');
        return enqueueMail(tx, m, t.config.publicUrl);
      },
    },
  });
  await t.db.update(users).set({ acceptingLeads: false }).where(eq(users.email, 'broker@demo.test'));
  broker = await makeUser(t, { role: 'Consultant', firstName: 'Sam', email: 'sam.survey@brokers.example' });
});
afterAll(() => t.close());

async function paidBuyer(locale: 'en' | 'zh' = 'en') {
  const u = await makeUser(t, { role: 'Buyer', locale });
  const domainName = `survey${++seq}.com`;
  const lead = (await t.call('POST', '/leads', { domainName, offerAmount: '2500' }, u.headers)).body.data;
  const paid = await t.call(
    'POST',
    '/payments',
    { paymentID: 'pm_card_visa', amountPaid: 19.95, leadUID: lead.UID },
    u.headers,
  );
  expect(paid.status).toBe(200);
  return { u, leadUID: lead.UID as string, domainName };
}
const save = (u: TestUser, leadUID: string, body: Record<string, unknown>) =>
  t.call('PATCH', `/leads/${leadUID}`, body, u.headers);
const mails = (template: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.template, template)).orderBy(asc(mailOutbox.id));
const mailsTo = async (to: string, template: string) => (await mails(template)).filter((m) => m.to === to);
const profilePhone = async (uid: string) =>
  (await t.db.select({ phone: users.phone }).from(users).where(eq(users.uid, uid)))[0]?.phone;
const leadRow = async (uid: string) => (await t.db.select().from(leads).where(eq(leads.uid, uid)))[0]!;

const answers = () => ({
  questionsAny: 'Is the owner open to offers?',
  preferredContact: 'Phone',
  preferText: true,
  phone: '+1 415 555 0142',
  email: 'reach-me@example.com',
  beSeen: true,
  deadLine: new Date(t.clock.now().getTime() + 30 * day).toISOString(),
  preferredTime: new Date(t.clock.now().getTime() + 2 * day).toISOString(),
  isSurveyCompleted: true,
});

describe('the survey save (PATCH /leads/{id} with isSurveyCompleted)', () => {
  it('saves contact details, answers and completion in one call; mails the broker and thanks the buyer once', async () => {
    const { u, leadUID, domainName } = await paidBuyer();
    expect(await profilePhone(u.uid)).toBe('');
    const first = await save(u, leadUID, answers());
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(
      `Thank you for the information. Your Domain Broker will be conducting some preliminary research regarding, ${domainName} and will get back to you in one to two business days.`,
    );
    expect(first.body.data).toMatchObject({
      isSurveyCompleted: true,
      preferredContact: 'Phone',
      phone: '+14155550142',
      email: 'reach-me@example.com',
      beSeen: true,
      preferText: true,
      questionsAny: 'Is the owner open to offers?',
    });
    expect(await profilePhone(u.uid)).toBe('+14155550142');
    const toBroker = await mailsTo(broker.email, 'survey-answers');
    expect(toBroker.map((m) => m.text.includes(domainName))).toContain(true);
    const mine = toBroker.filter((m) => m.text.includes(domainName));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('Is the owner open to offers?');
    expect(mine[0]!.text).toContain('Phone: +14155550142');
    expect(mine[0]!.text).toContain('phone call (text messages welcome)');
    const thanks = await mailsTo(u.email, 'survey-thanks');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.text).toContain(`${t.config.publicUrl}/survey`);

    // Later saves: 'Domain details updated', no second mail, the profile's phone is not overwritten.
    const again = await save(u, leadUID, {
      ...answers(),
      phone: '+44 20 7946 0958',
      questionsAny: 'Any news?',
    });
    expect(again.body).toMatchObject({
      message: 'Domain details updated',
      data: { questionsAny: 'Any news?' },
    });
    expect(await profilePhone(u.uid)).toBe('+14155550142');
    expect(await mailsTo(u.email, 'survey-thanks')).toHaveLength(1);
    expect(
      (await mailsTo(broker.email, 'survey-answers')).filter((m) => m.text.includes(domainName)),
    ).toHaveLength(1);
    // A plain edit is not a survey save; completion is never undone.
    const plain = await save(u, leadUID, { questionsAny: 'One more thing', isSurveyCompleted: false });
    expect(plain.body).toMatchObject({
      message: 'Lead updated successfully',
      data: { isSurveyCompleted: true },
    });
    const types = (await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUID))).map(
      (e) => e.type,
    );
    expect(types.filter((x) => x === 'survey_completed')).toHaveLength(1);
  });

  it('refuses with the spec texts and saves nothing', async () => {
    const { u, leadUID } = await paidBuyer();
    const refused = async (body: Record<string, unknown>, message: string) => {
      const r = await save(u, leadUID, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toBe(message);
    };
    await refused({ ...answers(), phone: '' }, 'Please Enter Phone number');
    await refused({ ...answers(), phone: '12345' }, 'Invalid phone number');
    await refused(
      { ...answers(), preferredContact: 'Email', email: 'not-an-email' },
      'Please enter valid Email',
    );
    await refused({ ...answers(), preferredContact: 'Email', email: '' }, 'Please enter valid Email');
    await refused(
      { ...answers(), deadLine: new Date(t.clock.now().getTime() - day).toISOString() },
      'The date cannot be in the past.',
    );
    await refused(
      { ...answers(), preferredTime: new Date(t.clock.now().getTime() - day).toISOString() },
      'The date cannot be in the past.',
    );
    const { preferredContact: _, ...noMethod } = answers();
    await refused(noMethod, 'Please choose a preferred contact method.');
    const row = await leadRow(leadUID);
    expect(row).toMatchObject({
      isSurveyCompleted: false,
      phone: '',
      questionsAny: '',
      preferredContact: null,
    });
    expect(await profilePhone(u.uid)).toBe('');
    expect(await mailsTo(u.email, 'survey-thanks')).toHaveLength(0);

    // An unpaid lead cannot complete the survey; someone else's lead is not found; a guest is asked to sign in.
    const unpaid = await makeUser(t, { role: 'Buyer' });
    const pending = (
      await t.call('POST', '/leads', { domainName: 'unpaid-survey.com', offerAmount: '900' }, unpaid.headers)
    ).body.data.UID;
    expect((await save(unpaid, pending, answers())).body.code).toBe('PAYMENT_NOT_COMPLETED');
    expect((await save(unpaid, leadUID, answers())).status).toBe(404);
    expect((await t.call('PATCH', `/leads/${leadUID}`, answers())).status).toBe(401);
  });

  it('is all or nothing: a failure after the first writes leaves the lead, the profile and the outbox as they were', async () => {
    const { u, leadUID } = await paidBuyer();
    failBrokerMail = true;
    try {
      const r = await save(u, leadUID, answers());
      expect(r.status).toBe(500);
    } finally {
      failBrokerMail = false;
    }
    expect(await leadRow(leadUID)).toMatchObject({ isSurveyCompleted: false, phone: '', questionsAny: '' });
    expect(await profilePhone(u.uid)).toBe('');
    expect(await mailsTo(u.email, 'survey-thanks')).toHaveLength(0);
    const ok = await save(u, leadUID, answers());
    expect(ok.body.message).toMatch(/^Thank you for the information/);
  });

  it("keeps the buyer's time zone with the preferred time and shows it to the broker (decision A2)", async () => {
    const { u, leadUID } = await paidBuyer();
    const admin = await makeUser(t, { role: 'Admin' });
    const detail = async () =>
      (await t.call('GET', `/consultant/leads/${leadUID}`, undefined, admin.headers)).body.data.survey;
    const r = await save(u, leadUID, { ...answers(), preferredTimeZone: 'Europe/Berlin' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await leadRow(leadUID)).preferredTimeZone).toBe('Europe/Berlin');
    expect(await detail()).toMatchObject({ preferredTimeZone: 'Europe/Berlin' });

    // a name the platform does not know is refused, and nothing changes
    const bad = await save(u, leadUID, { ...answers(), preferredTimeZone: 'Mars/Olympus_Mons' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'preferredTimeZone', message: 'Invalid entry.', code: 'INVALID_ENTRY' },
    ]);
    expect((await leadRow(leadUID)).preferredTimeZone).toBe('Europe/Berlin');

    // the zone goes with its time: a new time without one, or no time, clears it
    const later = new Date(t.clock.now().getTime() + 3 * day).toISOString();
    await save(u, leadUID, { ...answers(), preferredTime: later });
    expect(await detail()).toMatchObject({ preferredTime: later, preferredTimeZone: null });
    await save(u, leadUID, { ...answers(), preferredTimeZone: 'Asia/Shanghai' });
    expect(await detail()).toMatchObject({ preferredTimeZone: 'Asia/Shanghai' });
    await save(u, leadUID, { ...answers(), preferredTime: null, preferredTimeZone: 'Asia/Shanghai' });
    expect(await detail()).toMatchObject({ preferredTime: null, preferredTimeZone: null });
    expect((await leadRow(leadUID)).preferredTimeZone).toBeNull();
  });

  it('completes once under parallel saves, and writes the buyer in their language with a plain-text part', async () => {
    const { u, leadUID, domainName } = await paidBuyer('zh');
    const results = await Promise.all([1, 2, 3].map(() => save(u, leadUID, answers())));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.message.startsWith('Thank you')).length).toBe(1);
    expect(results.filter((r) => r.body.message === 'Domain details updated').length).toBe(2);
    const thanks = await mailsTo(u.email, 'survey-thanks');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.subject).toContain(domainName);
    expect(thanks[0]!.text).toContain('感谢您提供的信息');
    const sent = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'survey-answers'), eq(mailOutbox.to, broker.email)));
    expect(sent.filter((m) => m.text.includes(domainName))).toHaveLength(1);
  });
});
