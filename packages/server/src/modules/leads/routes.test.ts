/** The lead endpoints over HTTP: POST /leads, GET /getMyLeads, PATCH /leads/{id}. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '#server/db/schema/index.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const buyer = async () => t.auth(await t.register(`lead-route-${++seq}@example.com`));
const login = async (email: string) =>
  t.auth((await t.call('POST', '/login', { email, password: DEMO_PASSWORD })).body.data.token);
const body = {
  domainName: 'wanted.com',
  offerAmount: '1500',
  referrerURL: 'https://ref.example/',
  formName: 'Buy',
};

describe('POST /leads', () => {
  it('creates the pending lead and answers it; a second domain edits the unpaid lead in place', async () => {
    const h = await buyer();
    const first = await t.call('POST', '/leads', body, h);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      domainName: 'wanted.com',
      offerAmount: '1500',
      status: 'pending',
      payments: [],
      refundableUntil: null,
      consultant: null,
    });
    const second = await t.call('POST', '/leads', { ...body, domainName: 'other.com', offerAmount: 2000 }, h);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      UID: first.body.data.UID,
      domainName: 'other.com',
      offerAmount: '2000',
    });
  });

  it('refuses a guest, an unsupported extension, an enquiry budget, investors and staff with the spec texts', async () => {
    expect((await t.call('POST', '/leads', body)).status).toBe(401);
    const h = await buyer();
    const ext = await t.call('POST', '/leads', { ...body, domainName: 'wanted.zzzz' }, h);
    expect(ext.status).toBe(400);
    expect(ext.body.message).toBe('The domain name you looking for is not a valid one.');
    const missing = await t.call('POST', '/leads', { offerAmount: '1500' }, h);
    expect(missing.body.message).toBe('domainName key is mandatory.');
    const low = await t.call('POST', '/leads', { ...body, offerAmount: '499' }, h);
    expect(low).toMatchObject({ status: 400, body: { code: 'LEAD_OFFER_IS_ENQUIRY' } });
    const investor = await t.call('POST', '/leads', body, await login('investor@demo.test'));
    expect(investor).toMatchObject({ status: 403, body: { message: 'not allowed, please contact admin' } });
    for (const email of ['admin@demo.test', 'broker@demo.test', 'registrar@demo.test']) {
      const r = await t.call('POST', '/leads', body, await login(email));
      expect(r, email).toMatchObject({ status: 403, body: { message: 'please login as user to continue' } });
    }
    const extra = await t.call('POST', '/leads', { ...body, status: 'new' }, h);
    expect(extra).toMatchObject({ status: 400, body: { code: 'UNKNOWN_FIELD' } });
  });

  it('answers add-as-alternate with the open paid lead when the buyer has one', async () => {
    const u = await makeUser(t, { role: 'Buyer' });
    const lead = (await t.call('POST', '/leads', body, u.headers)).body.data;
    await t.db.update(leads).set({ status: 'new', paidAt: t.clock.now() }).where(eq(leads.uid, lead.UID));
    const r = await t.call('POST', '/leads', { ...body, domainName: 'second.com' }, u.headers);
    expect(r).toMatchObject({
      status: 409,
      body: {
        code: 'LEAD_ADD_AS_ALTERNATE',
        message: 'You are an existing user, Please add second.com as an alternate domain.',
        data: { leadUID: lead.UID, domainName: 'second.com' },
      },
    });
  });
});

describe('GET /getMyLeads and PATCH /leads/{id}', () => {
  it("lists the buyer's own leads newest first, and only the owner edits a lead", async () => {
    const u = await makeUser(t, { role: 'Buyer' });
    expect((await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data).toEqual([]);
    const lead = (await t.call('POST', '/leads', body, u.headers)).body.data;
    const list = await t.call('GET', '/getMyLeads', undefined, u.headers);
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { UID: string }) => l.UID)).toEqual([lead.UID]);
    expect((await t.call('GET', '/getMyLeads')).status).toBe(401);

    const patched = await t.call('PATCH', `/leads/${lead.UID}`, { questionsAny: 'When?' }, u.headers);
    expect(patched).toMatchObject({
      status: 200,
      body: { message: 'Lead updated successfully', data: { UID: lead.UID, questionsAny: 'When?' } },
    });
    const other = await buyer();
    const foreign = await t.call('PATCH', `/leads/${lead.UID}`, { questionsAny: 'x' }, other);
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Lead is not found.' } });
    expect((await t.call('PATCH', '/leads/not-a-uuid', { questionsAny: 'x' }, u.headers)).status).toBe(404);
    const empty = await t.call('PATCH', `/leads/${lead.UID}`, {}, u.headers);
    expect(empty).toMatchObject({ status: 400, body: { message: 'Payload is empty.' } });
  });
});
