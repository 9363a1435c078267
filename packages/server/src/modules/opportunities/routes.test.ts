/** Alternate domains over HTTP on the real database: POST /createOrUpdateOpportunities and the Lead answer. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leadOpportunities, leads } from '#server/db/schema/index.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A buyer with a lead for `domain`, paid when `paid` (status new, as the checkout leaves it). */
async function buyerWithLead(domain = 'wanted.com', paid = true) {
  const u = await makeUser(t, { role: 'Buyer' });
  const lead = (await t.call('POST', '/leads', { domainName: domain, offerAmount: '1500' }, u.headers)).body
    .data;
  if (paid)
    await t.db.update(leads).set({ status: 'new', paidAt: t.clock.now() }).where(eq(leads.uid, lead.UID));
  return { ...u, leadUID: lead.UID as string };
}

const add = (
  b: { leadUID: string; headers: Record<string, string> },
  opportunities: unknown[],
  extra: Record<string, unknown> = {},
) =>
  t.call(
    'POST',
    '/createOrUpdateOpportunities',
    { leadUID: b.leadUID, opportunities, termsAgreed: true, ...extra },
    b.headers,
  );

describe('POST /createOrUpdateOpportunities', () => {
  it('adds pending alternates, newest last, with a lead event each, and the lead answers them', async () => {
    const b = await buyerWithLead();
    const r = await add(b, [{ domainName: 'First.com', offerAmount: '2000' }, { domainName: 'second.net' }], {
      interestIn: 'Buyer',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Your alternate domains are saved: your broker will review them.');
    expect(r.body.data.UID).toBe(b.leadUID);
    expect(r.body.data.opportunities).toEqual([
      {
        UID: expect.any(String),
        domainName: 'first.com',
        offerAmount: '2000',
        status: 'pending',
        decisionNote: '',
      },
      {
        UID: expect.any(String),
        domainName: 'second.net',
        offerAmount: '',
        status: 'pending',
        decisionNote: '',
      },
    ]);
    const third = await add(b, [{ domainName: 'third.com', offerAmount: 900 }]);
    expect(third.body.data.opportunities.map((o: { domainName: string }) => o.domainName)).toEqual([
      'first.com',
      'second.net',
      'third.com',
    ]);
    const mine = await t.call('GET', '/getMyLeads', undefined, b.headers);
    expect(mine.body.data[0].opportunities).toEqual(third.body.data.opportunities);
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadUid, b.leadUID), eq(leadEvents.type, 'opportunity_added')));
    expect(events.map((e) => (e.data as { domainName: string }).domainName).sort()).toEqual([
      'first.com',
      'second.net',
      'third.com',
    ]);
    expect(events.every((e) => e.actorUid === b.uid)).toBe(true);
  });

  it('changes an alternate by UID: its budget always, its name only while pending', async () => {
    const b = await buyerWithLead();
    const [alt] = (await add(b, [{ domainName: 'change-me.com', offerAmount: '1000' }])).body.data
      .opportunities;
    const renamed = await add(b, [{ UID: alt.UID, domainName: 'changed.com', offerAmount: '3000' }]);
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.opportunities).toEqual([
      { UID: alt.UID, domainName: 'changed.com', offerAmount: '3000', status: 'pending', decisionNote: '' },
    ]);
    await t.db
      .update(leadOpportunities)
      .set({ status: 'accepted' })
      .where(eq(leadOpportunities.uid, alt.UID));
    const rename = await add(b, [{ UID: alt.UID, domainName: 'again.com' }]);
    expect(rename).toMatchObject({ status: 409, body: { code: 'OPPORTUNITY_NOT_EDITABLE' } });
    const budget = await add(b, [{ UID: alt.UID, domainName: 'changed.com', offerAmount: '3500' }]);
    expect(budget.body.data.opportunities[0]).toMatchObject({ offerAmount: '3500', status: 'accepted' });
    const unknown = await add(b, [{ UID: '00000000-0000-4000-8000-000000000000', domainName: 'x.com' }]);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'OPPORTUNITY_NOT_FOUND' } });
  });

  it('follows at most five domains: four alternates, the fifth refused with the limit message', async () => {
    const b = await buyerWithLead();
    const four = await add(b, [
      { domainName: 'alt1.com' },
      { domainName: 'alt2.com' },
      { domainName: 'alt3.com' },
      { domainName: 'alt4.com' },
    ]);
    expect(four.body.data.opportunities).toHaveLength(4);
    const fifth = await add(b, [{ domainName: 'alt5.com' }]);
    expect(fifth).toMatchObject({
      status: 409,
      body: {
        code: 'OPPORTUNITY_LIMIT',
        message: 'You can follow at most 5 domains.',
        data: { followed: 5, max: 5 },
      },
    });
    const b2 = await buyerWithLead();
    const tooMany = await add(
      b2,
      ['a1', 'a2', 'a3', 'a4', 'a5'].map((d) => ({ domainName: `${d}.com` })),
    );
    expect(tooMany).toMatchObject({ status: 409, body: { message: 'You can follow at most 5 domains.' } });
    const six = await add(
      b2,
      ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((d) => ({ domainName: `${d}.com` })),
    );
    expect(six).toMatchObject({ status: 400, body: { message: 'You can follow at most 5 domains.' } });
    const left = await t.db.select().from(leadOpportunities).where(eq(leadOpportunities.leadUid, b2.leadUID));
    expect(left).toEqual([]);
  });

  it('never passes five domains under ten parallel requests', async () => {
    const b = await buyerWithLead();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => add(b, [{ domainName: `parallel${i}.com` }])),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({ code: 'OPPORTUNITY_LIMIT' });
    const rows = await t.db.select().from(leadOpportunities).where(eq(leadOpportunities.leadUid, b.leadUID));
    expect(rows).toHaveLength(4);
  });

  it('refuses the lead’s own domain and one already followed, in any case', async () => {
    const b = await buyerWithLead('mine.com');
    const own = await add(b, [{ domainName: 'MINE.com' }]);
    expect(own).toMatchObject({
      status: 409,
      body: { code: 'OPPORTUNITY_DUPLICATE', message: 'You already follow mine.com on this lead.' },
    });
    await add(b, [{ domainName: 'taken.com' }]);
    const again = await add(b, [{ domainName: 'https://www.Taken.com/' }]);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'You already follow taken.com on this lead.' },
    });
    const twice = await add(b, [{ domainName: 'twice.com' }, { domainName: 'twice.com' }]);
    expect(twice).toMatchObject({ status: 409, body: { code: 'OPPORTUNITY_DUPLICATE' } });
  });

  it('validates with the spec texts: terms, at least one domain, supported extensions', async () => {
    const b = await buyerWithLead();
    const noTerms = await add(b, [{ domainName: 'ok.com' }], { termsAgreed: false });
    expect(noTerms).toMatchObject({ status: 400, body: { message: 'Please agree terms' } });
    const missingTerms = await t.call(
      'POST',
      '/createOrUpdateOpportunities',
      { leadUID: b.leadUID, opportunities: [{ domainName: 'ok.com' }] },
      b.headers,
    );
    expect(missingTerms).toMatchObject({ status: 400, body: { message: 'Please agree terms' } });
    for (const none of [[], [{ domainName: '' }, { domainName: '  ' }]]) {
      const r = await add(b, none);
      expect(r).toMatchObject({ status: 400, body: { message: 'Please enter any one domain' } });
    }
    const ext = await add(b, [{ domainName: 'bad.zzzz' }]);
    expect(ext).toMatchObject({
      status: 400,
      body: { message: 'The domain name you looking for is not a valid one.' },
    });
    const extra = await add(b, [{ domainName: 'ok.com' }], { status: 'accepted' });
    expect(extra).toMatchObject({ status: 400, body: { code: 'UNKNOWN_FIELD' } });
  });

  it('is for the owner of a paid open lead only', async () => {
    expect((await add({ leadUID: 'x', headers: {} }, [{ domainName: 'ok.com' }])).status).toBe(401);
    const b = await buyerWithLead();
    const other = await makeUser(t, { role: 'Buyer' });
    const foreign = await add({ leadUID: b.leadUID, headers: other.headers }, [{ domainName: 'ok.com' }]);
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Lead is not found.' } });
    const bogus = await add({ leadUID: 'not-a-uuid', headers: b.headers }, [{ domainName: 'ok.com' }]);
    expect(bogus.status).toBe(404);
    const unpaid = await buyerWithLead('unpaid.com', false);
    const r = await add(unpaid, [{ domainName: 'ok.com' }]);
    expect(r).toMatchObject({ status: 409, body: { code: 'OPPORTUNITY_LEAD_NOT_OPEN' } });
    await t.db.update(leads).set({ status: 'refunded' }).where(eq(leads.uid, b.leadUID));
    expect((await add(b, [{ domainName: 'ok.com' }])).body.code).toBe('OPPORTUNITY_LEAD_NOT_OPEN');
    const broker = (await t.call('POST', '/login', { email: 'broker@demo.test', password: DEMO_PASSWORD }))
      .body.data.token;
    const staff = await add({ leadUID: b.leadUID, headers: t.auth(broker) }, [{ domainName: 'ok.com' }]);
    expect(staff).toMatchObject({ status: 403, body: { message: 'please login as user to continue' } });
  });

  it("keeps POST /leads's 'add it as an alternate' answer, and that domain can then be added", async () => {
    const b = await buyerWithLead('first-choice.com');
    const r = await t.call(
      'POST',
      '/leads',
      { domainName: 'second-choice.com', offerAmount: '1500' },
      b.headers,
    );
    expect(r).toMatchObject({
      status: 409,
      body: {
        code: 'LEAD_ADD_AS_ALTERNATE',
        message: 'You are an existing user, Please add second-choice.com as an alternate domain.',
        data: { leadUID: b.leadUID, domainName: 'second-choice.com' },
      },
    });
    const added = await add({ leadUID: r.body.data.leadUID, headers: b.headers }, [
      { domainName: r.body.data.domainName, offerAmount: '1500' },
    ]);
    expect(added.body.data.opportunities).toMatchObject([
      { domainName: 'second-choice.com', status: 'pending' },
    ]);
  });
});
