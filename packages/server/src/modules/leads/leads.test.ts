/**
 * The leads service on the real database (the routes follow once the server's validation and
 * OpenAPI pattern has landed; their draft tests exercise the same rules over HTTP).
 */
import { createLeadBody, updateLeadBody } from '@domain-broker/shared/schemas/leads';
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leads, users } from '#server/db/schema/index.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';
import { parseWith } from '#server/lib/validate.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';
import {
  createLead,
  hasPaidLead,
  type LeadActor,
  listMyLeads,
  openLeadPrefersPhone,
  saveLead,
} from './service.ts';

/** PATCH /leads/{id}'s lead without its message. */
const updateLead = async (...args: Parameters<typeof saveLead>) => (await saveLead(...args)).lead;

let t: TestApp;
const saveDeps = () => ({
  config: t.config,
  enqueueMail: (tx: Parameters<typeof enqueueMail>[0], m: Parameters<typeof enqueueMail>[1]) =>
    enqueueMail(tx, m, t.config.publicUrl),
});
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = async (token: string) =>
  (await t.call('GET', '/myProfile', undefined, t.auth(token))).body.data as LeadActor;
const buyer = async (extra: Record<string, unknown> = {}) =>
  profile(await t.register(`lead-buyer-${++seq}@example.com`, 'Str0ng@Pass', extra));
const demo = async (email: string) =>
  profile((await t.call('POST', '/login', { email, password: DEMO_PASSWORD })).body.data.token);
const input = (body: Record<string, unknown>) =>
  v.parse(createLeadBody(t.config.supportedExtensions), {
    domainName: 'wanted.com',
    offerAmount: '1500',
    referrerURL: 'https://ref.example/x',
    formName: 'Buy',
    ...body,
  });
const eventsOf = (leadUid: string) =>
  t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUid)).orderBy(asc(leadEvents.id));
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('createLead', () => {
  it('creates a pending lead in cents, answers the wire forms and records who created it', async () => {
    const b = await buyer();
    const lead = await createLead(t.db, b, input({ domainName: ' Wanted.COM ' }), t.clock.now());
    expect(lead).toMatchObject({
      domainName: 'wanted.com',
      offerAmount: '1500',
      status: 'pending',
      registrarUID: null,
      consultant: null,
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.uid, lead.UID));
    expect(row?.offerAmountCents).toBe(150_000);
    expect(await eventsOf(lead.UID)).toMatchObject([
      { type: 'created', toStatus: 'pending', actorUid: b.UID },
    ]);
  });

  it("attributes the buyer's registrar", async () => {
    const b = await buyer();
    await t.db.update(users).set({ registrarUID: 'demo-registrar' }).where(eq(users.uid, b.UID));
    const referred = { ...b, registrarUID: 'demo-registrar' };
    expect((await createLead(t.db, referred, input({}), t.clock.now())).registrarUID).toBe('demo-registrar');
  });

  it('edits an unpaid lead in place; a paid one answers add-as-alternate; a closed one allows a new lead', async () => {
    const b = await buyer();
    const first = await createLead(t.db, b, input({}), t.clock.now());
    const second = await createLead(
      t.db,
      b,
      input({ domainName: 'other.io', offerAmount: 2500.5 }),
      t.clock.now(),
    );
    expect(second).toMatchObject({ UID: first.UID, domainName: 'other.io', offerAmount: '2500.50' });
    expect((await eventsOf(first.UID)).map((e) => e.type)).toEqual(['created', 'updated']);
    await t.db.update(leads).set({ status: 'new' }).where(eq(leads.uid, first.UID));
    await expect(
      createLead(t.db, b, input({ domainName: 'third.net' }), t.clock.now()),
    ).rejects.toMatchObject({
      code: 'LEAD_ADD_AS_ALTERNATE',
      message: 'You are an existing user, Please add third.net as an alternate domain.',
    });
    await t.db.update(leads).set({ status: 'sold' }).where(eq(leads.uid, first.UID));
    t.clock.advance(1000);
    const next = await createLead(t.db, b, input({ domainName: 'third.net' }), t.clock.now());
    expect(next.UID).not.toBe(first.UID);
    expect((await listMyLeads(t.db, b.UID)).map((l) => l.domainName)).toEqual(['third.net', 'other.io']);
  });

  it('makes one lead of parallel requests', async () => {
    const b = await buyer();
    const made = await Promise.all(
      ['one.com', 'two.com', 'three.com', 'four.com'].map((d) =>
        createLead(t.db, b, input({ domainName: d }), t.clock.now()),
      ),
    );
    expect(new Set(made.map((l) => l.UID)).size).toBe(1);
    const rows = await t.db.select().from(leads).where(eq(leads.userUid, b.UID));
    expect(rows).toHaveLength(1);
    expect((await eventsOf(rows[0]?.uid as string)).filter((e) => e.type === 'created')).toHaveLength(1);
  });

  it('refuses enquiries, staff, registrars and investors with the spec texts', async () => {
    const b = await buyer();
    expect(await codeOf(createLead(t.db, b, input({ offerAmount: '499.99' }), t.clock.now()))).toBe(
      'LEAD_OFFER_IS_ENQUIRY',
    );
    expect(await codeOf(createLead(t.db, b, input({ offerAmount: '' }), t.clock.now()))).toBe(
      'LEAD_OFFER_IS_ENQUIRY',
    );
    for (const email of ['admin@demo.test', 'broker@demo.test', 'registrar@demo.test'])
      expect(await codeOf(createLead(t.db, await demo(email), input({}), t.clock.now()))).toBe(
        'LOGIN_AS_USER',
      );
    expect(await codeOf(createLead(t.db, await demo('investor@demo.test'), input({}), t.clock.now()))).toBe(
      'NOT_ALLOWED_CONTACT_ADMIN',
    );
    expect(await t.db.select().from(leads).where(eq(leads.userUid, b.UID))).toHaveLength(0);
  });

  it('validates the payload with the spec messages', () => {
    const schema = createLeadBody(t.config.supportedExtensions);
    const message = (body: unknown) => {
      try {
        parseWith(schema, body);
        return 'ok';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(message({ offerAmount: '1500' })).toBe('domainName key is mandatory.');
    expect(message({ domainName: '  ' })).toBe('domainName key is mandatory.');
    expect(message({ domainName: 'wanted.biz' })).toBe('The domain name you looking for is not a valid one.');
    expect(message({ domainName: 'wanted.com', offerAmount: '12abc' })).toBe('Please Enter Budget');
    expect(message({ domainName: 'wanted.com', status: 'new' })).toBe('Unknown input field');
  });
});

describe('updateLead', () => {
  it("changes only the owner's lead, records the change, and keeps a paid lead's domain", async () => {
    const owner = await buyer();
    const other = await buyer();
    const lead = await createLead(t.db, owner, input({}), t.clock.now());
    const patch = (body: Record<string, unknown>) =>
      v.parse(updateLeadBody(t.config.supportedExtensions), body);
    expect(
      await codeOf(
        updateLead(t.db, saveDeps(), other, lead.UID, patch({ questionsAny: 'x' }), t.clock.now()),
      ),
    ).toBe('LEAD_NOT_FOUND');
    expect(
      await codeOf(
        updateLead(t.db, saveDeps(), other, 'not-a-uuid', patch({ questionsAny: 'x' }), t.clock.now()),
      ),
    ).toBe('LEAD_NOT_FOUND');
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const updated = await updateLead(
      t.db,
      saveDeps(),
      owner,
      lead.UID,
      patch({
        questionsAny: 'For sale?',
        preferredContact: 'Phone',
        phone: '+44 20 7946 0958',
        preferredTime: later,
        offerAmount: '3000',
      }),
      t.clock.now(),
    );
    expect(updated).toMatchObject({
      questionsAny: 'For sale?',
      preferredContact: 'Phone',
      offerAmount: '3000',
      preferredTime: later,
    });
    expect((await eventsOf(lead.UID)).at(-1)).toMatchObject({ type: 'updated', actorUid: owner.UID });
    expect(
      await codeOf(
        updateLead(
          t.db,
          saveDeps(),
          owner,
          lead.UID,
          patch({ preferredContact: 'PhoneText', phone: '' }),
          t.clock.now(),
        ),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await codeOf(
        updateLead(
          t.db,
          saveDeps(),
          owner,
          lead.UID,
          patch({ deadLine: '2020-01-01T00:00:00Z' }),
          t.clock.now(),
        ),
      ),
    ).toBe('VALIDATION_FAILED');
    await t.db.update(leads).set({ status: 'new' }).where(eq(leads.uid, lead.UID));
    expect(
      await codeOf(
        updateLead(t.db, saveDeps(), owner, lead.UID, patch({ domainName: 'changed.com' }), t.clock.now()),
      ),
    ).toBe('LEAD_NOT_EDITABLE');
    expect(
      (await updateLead(t.db, saveDeps(), owner, lead.UID, patch({ isSurveyCompleted: true }), t.clock.now()))
        .isSurveyCompleted,
    ).toBe(true);
  });
});

describe('what other modules ask of the leads (through Services)', () => {
  it('a paid buyer is one whose lead is paid and not refunded or canceled (20 appraisals a day)', async () => {
    const b = await buyer();
    expect(await hasPaidLead(t.db, b.UID)).toBe(false);
    const lead = await createLead(t.db, b, input({}), t.clock.now());
    expect(await hasPaidLead(t.db, b.UID)).toBe(false);
    await t.db.update(leads).set({ status: 'new', paidAt: t.clock.now() }).where(eq(leads.uid, lead.UID));
    expect(await hasPaidLead(t.db, b.UID)).toBe(true);
    await t.db.update(leads).set({ status: 'refunded' }).where(eq(leads.uid, lead.UID));
    expect(await hasPaidLead(t.db, b.UID)).toBe(false);
  });

  it('an open lead that prefers Phone or PhoneText keeps the phone; Email or a closed lead does not', async () => {
    const b = await buyer();
    const lead = await createLead(t.db, b, input({}), t.clock.now());
    expect(await openLeadPrefersPhone(t.db, b.UID)).toBe(false);
    for (const [preferredContact, status, expected] of [
      ['Email', 'pending', false],
      ['Phone', 'pending', true],
      ['PhoneText', 'new', true],
      ['Phone', 'canceled', false],
    ] as const) {
      await t.db.update(leads).set({ preferredContact, status }).where(eq(leads.uid, lead.UID));
      expect(await openLeadPrefersPhone(t.db, b.UID)).toBe(expected);
    }
  });
});
