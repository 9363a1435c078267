/**
 * The buyer and their broker over HTTP on the real database: the broker's email and phone appear in no
 * answer and no mail before the buyer agrees to the broker service terms (decisions A16, B5), and in the
 * lead's answers after; the broker's badges (A32).
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantBadges, leadEvents, mailOutbox, users } from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let broker: TestUser;
let admin: TestUser;
const BROKER_EMAIL = 'bea.hidden-contact@brokers.example';
const BROKER_PHONE = '+14155550199';
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // Only this test's broker takes leads, with a contact no other account has.
  await t.db.update(users).set({ acceptingLeads: false }).where(eq(users.email, 'broker@demo.test'));
  broker = await makeUser(t, { role: 'Consultant', firstName: 'Bea', email: BROKER_EMAIL });
  await t.db.update(users).set({ phone: BROKER_PHONE, lastName: 'Broker' }).where(eq(users.uid, broker.uid));
  admin = await makeUser(t, { role: 'Admin' });
});
afterAll(() => t.close());

/** True when the text carries the broker's email or phone (in any spelling of the digits). */
const leaks = (x: unknown) => {
  const text = typeof x === 'string' ? x : JSON.stringify(x);
  return text.toLowerCase().includes(BROKER_EMAIL) || text.replace(/\D/g, '').includes('4155550199');
};

const day = 86_400_000;
async function paidByCard() {
  const email = `contact-${++seq}@example.com`;
  const password = 'Str0ng@Pass';
  const h = t.auth(await t.register(email, password));
  const answers: { what: string; body: unknown }[] = [];
  const keep = (what: string, r: { status: number; body: unknown }) => {
    expect(r.status, `${what} ${JSON.stringify(r.body)}`).toBe(200);
    answers.push({ what, body: r.body });
    return r;
  };
  const created = keep(
    'POST /leads',
    await t.call('POST', '/leads', { domainName: `hidden${seq}.com`, offerAmount: '1500' }, h),
  );
  const leadUID = (created.body as { data: { UID: string } }).data.UID;
  keep(
    'POST /payments',
    await t.call('POST', '/payments', { paymentID: 'pm_card_visa', amountPaid: 19.95, leadUID }, h),
  );
  return { email, password, h, leadUID, answers, keep };
}

describe("the broker's contact before and after the broker terms", () => {
  it('is in no lead-bearing answer or mail before the agreement', async () => {
    const card = await paidByCard();
    const { h, leadUID, keep } = card;
    // A second buyer pays with a 100% promo code.
    const code = `HIDDEN${++seq}X`;
    const promo = await t.call(
      'POST',
      '/generatePromo',
      { code, offerPercent: 100, validThru: new Date(t.clock.now().getTime() + 7 * day).toISOString() },
      admin.headers,
    );
    expect(promo.status).toBe(200);
    const other = await makeUser(t, { role: 'Buyer' });
    const otherLead = (
      await t.call(
        'POST',
        '/leads',
        { domainName: `promo-hidden${seq}.com`, offerAmount: '2000' },
        other.headers,
      )
    ).body.data.UID;
    keep(
      'POST /paymentUsingPromoCode',
      await t.call('POST', '/paymentUsingPromoCode', { code, leadUID: otherLead }, other.headers),
    );

    keep('GET /getMyLeads', await t.call('GET', '/getMyLeads', undefined, h));
    keep(
      'PATCH /leads/{id}',
      await t.call('PATCH', `/leads/${leadUID}`, { questionsAny: 'Who owns it?' }, h),
    );
    keep('POST /login', await t.call('POST', '/login', { email: card.email, password: card.password }));
    keep('GET /myProfile', await t.call('GET', '/myProfile', undefined, h));
    keep('GET /getMyLeads (promo buyer)', await t.call('GET', '/getMyLeads', undefined, other.headers));

    const lead = (await t.call('GET', '/getMyLeads', undefined, h)).body.data[0];
    expect(lead.consultant).toEqual({ UID: broker.uid, name: 'Bea Broker', image: expect.any(String) });
    expect(lead.brokerTermsAgreedAt).toBeNull();
    for (const a of card.answers) expect(leaks(a.body), a.what).toBe(false);

    const mails = await t.db.select().from(mailOutbox).where(ne(mailOutbox.to, BROKER_EMAIL));
    expect(mails.some((m) => m.template === 'broker-introduction')).toBe(true);
    for (const m of mails)
      expect(leaks(`${m.subject}\n${m.text}\n${m.html}`), `${m.template} to ${m.to}`).toBe(false);
  });

  it('appears in the lead once the owner agrees; the time is recorded once; refusals', async () => {
    const { h, leadUID } = await paidByCard();
    const agreed = await t.call('POST', `/leads/${leadUID}/agreeBrokerTerms`, undefined, h);
    expect(agreed.status).toBe(200);
    expect(agreed.body.message).toBe('Broker service terms agreed');
    expect(agreed.body.data).toMatchObject({
      UID: leadUID,
      brokerTermsAgreedAt: t.clock.now().toISOString(),
      consultant: { UID: broker.uid, name: 'Bea Broker', email: BROKER_EMAIL, phone: BROKER_PHONE },
    });
    const first = agreed.body.data.brokerTermsAgreedAt;
    t.clock.advance(60_000);
    const again = await t.call('POST', `/leads/${leadUID}/agreeBrokerTerms`, undefined, h);
    expect(again.body.data.brokerTermsAgreedAt).toBe(first);
    const listed = (await t.call('GET', '/getMyLeads', undefined, h)).body.data[0];
    expect(listed.consultant).toMatchObject({ email: BROKER_EMAIL, phone: BROKER_PHONE });
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadUid, leadUID), eq(leadEvents.type, 'broker_terms_agreed')));
    expect(events).toHaveLength(1);

    // Another buyer: not found; an unpaid lead: payment not completed; a guest: 401.
    const stranger = await makeUser(t, { role: 'Buyer' });
    expect(
      (await t.call('POST', `/leads/${leadUID}/agreeBrokerTerms`, undefined, stranger.headers)).status,
    ).toBe(404);
    const unpaid = (
      await t.call('POST', '/leads', { domainName: 'unpaid-terms.com', offerAmount: '900' }, stranger.headers)
    ).body.data.UID;
    expect(
      await t.call('POST', `/leads/${unpaid}/agreeBrokerTerms`, undefined, stranger.headers),
    ).toMatchObject({
      status: 402,
      body: { code: 'PAYMENT_NOT_COMPLETED' },
    });
    expect((await t.call('POST', `/leads/${leadUID}/agreeBrokerTerms`)).status).toBe(401);
    expect((await t.call('POST', '/leads/not-a-uuid/agreeBrokerTerms', undefined, h)).status).toBe(404);
  });
});

describe('GET /getConsultantBadges/{consultantUID}', () => {
  it("answers the buyer's own broker's badges, highest tier first; staff any; others refused", async () => {
    await t.db.insert(consultantBadges).values([
      { userUid: broker.uid, badgeName: 'Silver Buzz' },
      { userUid: broker.uid, badgeName: 'OG Domains' },
    ]);
    const { h } = await paidByCard();
    const mine = await t.call('GET', `/getConsultantBadges/${broker.uid}`, undefined, h);
    expect(mine).toMatchObject({
      status: 200,
      body: { data: [{ badgeName: 'OG Domains' }, { badgeName: 'Silver Buzz' }] },
    });

    const [demo] = await t.db
      .select({ uid: users.uid })
      .from(users)
      .where(eq(users.email, 'broker@demo.test'));
    const refused = await t.call('GET', `/getConsultantBadges/${demo!.uid}`, undefined, h);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Permission denied!' } });
    expect((await t.call('GET', '/getConsultantBadges/nobody', undefined, h)).status).toBe(403);
    expect((await t.call('GET', `/getConsultantBadges/${demo!.uid}`)).status).toBe(401);

    const staffLogin = await t.call('POST', '/login', { email: 'admin@demo.test', password: DEMO_PASSWORD });
    const seeded = await t.call(
      'GET',
      `/getConsultantBadges/${demo!.uid}`,
      undefined,
      t.auth(staffLogin.body.data.token),
    );
    expect(seeded.body.data).toEqual([{ badgeName: 'OG Domains' }, { badgeName: 'Platinum Buzz' }]);
    expect((await t.call('GET', '/getConsultantBadges/nobody', undefined, admin.headers)).body.data).toEqual(
      [],
    );
  });
});
