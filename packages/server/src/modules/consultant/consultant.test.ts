/**
 * The broker workspace over HTTP on a real database with the sandbox provider (docs/api.md "The broker workspace"): who may call
 * what, what a buyer may see, the timeline's effects (overdue, mails, events), alternates, closing a
 * lead (sold with the channel's commission, canceled, declined with one refund) and reassignment.
 */
import { addBusinessDays } from '@domain-broker/shared/schemas/broker';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  leadEvents,
  leadOpportunities,
  leads,
  mailOptOuts,
  mailOutbox,
  payments,
  paymentWebhookEvents,
  sandboxEvents,
  sandboxRefunds,
  users,
} from '#server/db/schema/index.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { createSession } from '../auth/sessions.ts';
import { runServiceEnds, SERVICE_END_REASON } from './service-end.ts';

let t: TestApp;
let admin: TestUser;
let broker: TestUser;
let otherBroker: TestUser;
let registrar: TestUser;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin', firstName: 'Adele' });
  broker = await makeUser(t, { role: 'Consultant', firstName: 'Bruno' });
  otherBroker = await makeUser(t, { role: 'Consultant', firstName: 'Olga' });
  registrar = await makeUser(t, { role: 'Registrar' });
  seller = await makeUser(t, { role: 'Seller' });
  await t.db.update(users).set({ phone: '+14155550100' }).where(eq(users.uid, broker.uid));
});
afterAll(() => t.close());

const DAY = 86_400_000;
const eventsDelivered = () =>
  vi.waitFor(
    async () => {
      const [pending] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxEvents)
        .where(
          sql`${sandboxEvents.id} not in (select ${paymentWebhookEvents.id} from ${paymentWebhookEvents})`,
        );
      expect(pending!.n).toBe(0);
    },
    { timeout: 10_000, interval: 20 },
  );

let seq = 0;
/** A buyer whose lead is paid by card (sandbox) and assigned to `to` (the broker by default). */
async function paidLead(opts: { to?: TestUser; registrarUid?: string; locale?: 'en' | 'zh' } = {}) {
  const u = await makeUser(t, { role: 'Buyer', locale: opts.locale ?? 'en', firstName: `Buyer${++seq}` });
  const domain = `broker-${seq}-${Date.now().toString(36)}.com`;
  const lead = await t.call('POST', '/leads', { domainName: domain, offerAmount: '5000' }, u.headers);
  expect(lead.status).toBe(200);
  const leadUID = lead.body.data.UID as string;
  const r = await t.call(
    'POST',
    '/payments',
    { paymentID: 'pm_card_visa', amountPaid: 19.95, leadUID },
    u.headers,
  );
  expect(r.status).toBe(200);
  await eventsDelivered();
  await t.db
    .update(leads)
    .set({ consultantUid: (opts.to ?? broker).uid, registrarUid: opts.registrarUid ?? null })
    .where(eq(leads.uid, leadUID));
  return { u, leadUID, domain };
}
const mailsTo = (to: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)))
    .orderBy(asc(mailOutbox.id));
const eventTypes = async (leadUID: string) =>
  (
    await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUID)).orderBy(asc(leadEvents.id))
  ).map((e) => e.type);
const today = () => t.clock.now().toISOString().slice(0, 10);
const step = (extra: Record<string, unknown> = {}) => ({
  kind: 'owner_contacted',
  occurredAt: today(),
  channel: 'email',
  note: 'Wrote to the registrant.',
  buyerVisible: true,
  ...extra,
});
/** Moves the clock on; everyone signs in again (sessions end after a while without use). */
async function later(ms: number, people: TestUser[]) {
  t.clock.advance(ms);
  for (const u of [admin, broker, otherBroker, registrar, seller, ...people]) {
    const token = await createSession(t.db, u.uid, t.clock.now(), t.config.session);
    u.headers = t.auth(token);
  }
}

describe('who may call what', () => {
  type Who = 'admin' | 'owner' | 'other' | 'buyer' | 'otherBuyer' | 'registrar' | 'seller' | 'guest';
  /** The columns of STATUSES: the admin, the lead's consultant, another consultant, the lead's buyer, ... */
  const WHO: Who[] = ['admin', 'owner', 'other', 'buyer', 'otherBuyer', 'registrar', 'seller', 'guest'];
  /**
   * One row per endpoint and body, in this order (some rows change the lead): the status each caller
   * gets, by the columns of WHO; -1 is not asked (a refusal only after access was granted, so no state
   * changes, is what the row checks). `:lead` and `:opp` stand for the paid lead and its alternate.
   */
  const STATUSES: [name: string, method: string, path: string, body: unknown, statuses: number[]][] = [
    ['list', 'GET', '/consultant/leads', undefined, [200, 200, 200, 403, 403, 403, 403, 401]],
    ['detail', 'GET', '/consultant/leads/:lead', undefined, [200, 200, 404, 403, 403, 403, 403, 401]],
    [
      'market analysis',
      'PUT',
      '/consultant/leads/:lead/marketAnalysis',
      { low: '900', value: '500' },
      [400, 400, 400, 403, 403, 403, 403, 401],
    ],
    [
      'market analysis (valid)',
      'PUT',
      '/consultant/leads/:lead/marketAnalysis',
      { value: '5000' },
      [200, 200, 404, 403, 403, 403, 403, 401],
    ],
    [
      'timeline',
      'POST',
      '/consultant/leads/:lead/timeline',
      () => step({ kind: 'note', note: 'internal', channel: null, buyerVisible: false }),
      [201, 201, 404, 403, 403, 403, 403, 401],
    ],
    [
      'opportunity',
      'PATCH',
      '/consultant/opportunities/:opp',
      { status: 'maybe' },
      [400, 400, 400, 403, 403, 403, 403, 401],
    ],
    [
      'opportunity (foreign)',
      'PATCH',
      '/consultant/opportunities/:opp',
      { status: 'rejected', note: 'x' },
      [-1, -1, 404, 403, 403, 403, 403, 401],
    ],
    [
      'close',
      'POST',
      '/consultant/leads/:lead/close',
      { outcome: 'sold' },
      [400, 400, 400, 403, 403, 403, 403, 401],
    ],
    [
      'close (foreign)',
      'POST',
      '/consultant/leads/:lead/close',
      { outcome: 'canceled', reason: 'x' },
      [-1, -1, 404, 403, 403, 403, 403, 401],
    ],
    [
      'assign',
      'PATCH',
      '/consultant/leads/:lead/assign',
      () => ({ consultantUID: broker.uid }),
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
    ['brokers', 'GET', '/consultant/brokers', undefined, [200, 403, 403, 403, 403, 403, 403, 401]],
    ['buyer timeline', 'GET', '/leads/:lead/timeline', undefined, [404, 404, 404, 200, 404, 404, 404, 401]],
    [
      'buyer message',
      'POST',
      '/leads/:lead/messages',
      { message: 'Any news?' },
      [404, 404, 404, 201, 404, 404, 404, 401],
    ],
    [
      'buyer message (empty)',
      'POST',
      '/leads/:lead/messages',
      { message: '  ' },
      [400, 400, 400, 400, 400, 400, 400, 401],
    ],
  ];

  let leadUID: string;
  let oppUID: string;
  let buyer: TestUser;
  let headers: Record<Who, Record<string, string>>;
  beforeAll(async () => {
    const paid = await paidLead();
    buyer = paid.u;
    leadUID = paid.leadUID;
    const otherBuyer = await makeUser(t, { role: 'Buyer' });
    const [opp] = await t.db
      .insert(leadOpportunities)
      .values({
        leadUid: leadUID,
        domainName: 'matrix-alt.com',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning();
    oppUID = opp!.uid;
    headers = {
      admin: admin.headers,
      owner: broker.headers,
      other: otherBroker.headers,
      buyer: buyer.headers,
      otherBuyer: otherBuyer.headers,
      registrar: registrar.headers,
      seller: seller.headers,
      guest: {},
    };
  });

  it.each(STATUSES)('%s', async (name, method, template, body, statuses) => {
    const path = template.replace(':lead', leadUID).replace(':opp', oppUID);
    const sent = typeof body === 'function' ? body() : body;
    const problems: string[] = [];
    for (const [i, who] of WHO.entries()) {
      if (statuses[i] === -1) continue;
      const r = await t.call(method, path, sent, headers[who]);
      if (r.status !== statuses[i]) problems.push(`${name} as ${who}: ${r.status} ${JSON.stringify(r.body)}`);
      if (r.status === 404 && path.startsWith('/consultant/leads/'))
        expect(r.body.message).toBe('Lead is not found.');
    }
    expect(problems).toEqual([]);
  });

  it("the other consultant's list does not hold the lead; only its buyer stops the service (last: it changes the lead)", async () => {
    const otherList = await t.call('GET', '/consultant/leads?status=all', undefined, otherBroker.headers);
    expect(otherList.body.data.data.map((r: { UID: string }) => r.UID)).not.toContain(leadUID);
    for (const who of ['admin', 'owner', 'other', 'otherBuyer', 'registrar', 'seller'] as Who[])
      expect((await t.call('POST', `/leads/${leadUID}/stopService`, {}, headers[who])).status, who).toBe(404);
    expect((await t.call('POST', `/leads/${leadUID}/stopService`, {})).status).toBe(401);
    expect((await t.call('POST', `/leads/${leadUID}/stopService`, {}, buyer.headers)).status).toBe(200);
  });
});

describe('the list', () => {
  let a: Awaited<ReturnType<typeof paidLead>>;
  let b: Awaited<ReturnType<typeof paidLead>>;
  beforeAll(async () => {
    a = await paidLead({ to: otherBroker });
    b = await paidLead({ to: otherBroker });
    await t.db.insert(leadOpportunities).values(
      ['x1.com', 'x2.com'].map((d) => ({
        leadUid: a.leadUID,
        domainName: d,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })),
    );
  });
  type Page = { data: { UID: string; domainName: string; consultant: { UID: string } }[] };
  const uids = (page: Page) => page.data.map((r) => r.UID);

  it("a consultant's own leads, each with its domain, status, waiting alternates, broker, buyer and deadline", async () => {
    const mine = await t.call('GET', '/consultant/leads?limit=10', undefined, otherBroker.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data.data.map((r: { UID: string }) => r.UID).sort()).toEqual(
      [a.leadUID, b.leadUID].sort(),
    );
    const rowA = mine.body.data.data.find((r: { UID: string }) => r.UID === a.leadUID);
    expect(rowA).toMatchObject({
      domainName: a.domain,
      status: 'new',
      alternatesWaiting: 2,
      daysSinceLastStep: 0,
      overdue: false,
      consultant: { UID: otherBroker.uid, name: 'Olga' },
      buyer: { UID: a.u.uid, email: a.u.email },
    });
    expect(rowA.responseDueAt).toBe(addBusinessDays(new Date(rowA.paidAt), 2).toISOString());
  });

  /**
   * One row per query: who asks, the query, and the answer: a status, or what the page holds.
   * Functions, because the leads exist only once beforeAll ran.
   */
  const QUERIES: [
    behaviour: string,
    who: () => TestUser,
    query: () => string,
    answer: number | ((page: Page & Record<string, unknown>) => void),
  ][] = [
    [
      'searches a domain',
      () => otherBroker,
      () => `?search=${a.domain.slice(0, 12)}`,
      (p) => expect(uids(p)).toEqual([a.leadUID]),
    ],
    [
      "searches a buyer's email",
      () => admin,
      () => `?search=${encodeURIComponent(b.u.email)}`,
      (p) => expect(uids(p)).toEqual([b.leadUID]),
    ],
    [
      'a page past the end: empty, with the totals',
      () => otherBroker,
      () => '?limit=10&page=5',
      (p) => expect(p).toMatchObject({ data: [], total: 2, totalPage: 1, page: 5 }),
    ],
    [
      'filters by broker, sorted by domain',
      () => admin,
      () => `?consultantUID=${otherBroker.uid}&sortBy=domainName&sortType=ASC`,
      (p) => {
        expect(p.total).toBe(2);
        expect(p.data.map((r) => r.domainName)).toEqual([a.domain, b.domain].sort());
      },
    ],
    [
      "a consultant's consultantUID filter cannot widen their view",
      () => otherBroker,
      () => `?consultantUID=${broker.uid}`,
      (p) => expect(p.data.every((r) => r.consultant.UID === otherBroker.uid)).toBe(true),
    ],
    ['refuses a page size off the list', () => admin, () => '?limit=7', 400],
    ['refuses an unknown status', () => admin, () => '?status=x', 400],
    ['refuses an unknown field', () => admin, () => '?x=1', 400],
  ];

  it.each(QUERIES)('%s', async (_behaviour, who, query, answer) => {
    const r = await t.call('GET', `/consultant/leads${query()}`, undefined, who().headers);
    if (typeof answer === 'number') expect(r.status).toBe(answer);
    else answer(r.body.data);
  });

  it('three business days later both are overdue; a buyer-visible step answers one of them', async () => {
    await later(5 * DAY, [otherBroker, admin, a.u]);
    const overdue = await t.call('GET', '/consultant/leads?overdue=true', undefined, otherBroker.headers);
    expect(overdue.body.data.data.map((r: { UID: string }) => r.UID).sort()).toEqual(
      [a.leadUID, b.leadUID].sort(),
    );
    expect(overdue.body.data.data[0]).toMatchObject({ overdue: true, daysSinceLastStep: 5 });
    expect(
      (await t.call('POST', `/consultant/leads/${a.leadUID}/timeline`, step(), otherBroker.headers)).status,
    ).toBe(201);
    const still = await t.call('GET', '/consultant/leads?overdue=true', undefined, otherBroker.headers);
    expect(still.body.data.data.map((r: { UID: string }) => r.UID)).toEqual([b.leadUID]);
    const fine = await t.call('GET', '/consultant/leads?overdue=false', undefined, otherBroker.headers);
    expect(fine.body.data.data.map((r: { UID: string }) => r.UID)).toEqual([a.leadUID]);
    expect(fine.body.data.data[0]).toMatchObject({ daysSinceLastStep: 0, responseDueAt: null });
  });

  it('the buyer writes: two business days to answer again, and the broker is mailed', async () => {
    expect(
      (await t.call('POST', `/leads/${a.leadUID}/messages`, { message: 'Thanks!' }, a.u.headers)).status,
    ).toBe(201);
    const [row] = await t.db.select().from(leads).where(eq(leads.uid, a.leadUID));
    expect(row!.responseDueAt).toEqual(addBusinessDays(t.clock.now(), 2));
    expect(row!.lastBuyerMessageAt).toEqual(t.clock.now());
    const note = await t.lastMail(otherBroker.email, 'buyer-message');
    expect(note?.text).toContain('Thanks!');
    expect(note?.text).toContain(`/dashboard/leads/${a.leadUID}`);
  });
});

describe('the timeline and what the buyer sees', () => {
  describe('internal entries never reach the buyer; visible ones reach the dashboard and mail; no broker email or phone leaks', () => {
    let u: TestUser;
    let leadUID: string;
    let domain: string;
    // what the buyer is answered, read by the leak row
    // biome-ignore lint/suspicious/noExplicitAny: answers are read as loose JSON
    let buyerSees: { timeline: any; lead: any };
    beforeAll(async () => {
      ({ u, leadUID, domain } = await paidLead({ locale: 'zh' }));
    });

    /** One row per step of the broker's and the buyer's work on one lead, in this order. */
    const STEPS: [behaviour: string, run: () => Promise<void>][] = [
      [
        'an internal step is recorded and mails nobody',
        async () => {
          const internal = await t.call(
            'POST',
            `/consultant/leads/${leadUID}/timeline`,
            step({ kind: 'owner_identified', note: 'SECRET registrant is Acme', buyerVisible: false }),
            broker.headers,
          );
          expect(internal).toMatchObject({
            status: 201,
            body: { message: 'Timeline updated', data: { buyerVisible: false } },
          });
          expect(await mailsTo(u.email, 'broker-step')).toHaveLength(0);
        },
      ],
      [
        'a visible offer is mailed to the buyer in their language, with the one-click unsubscribe',
        async () => {
          const offer = await t.call(
            'POST',
            `/consultant/leads/${leadUID}/timeline`,
            step({ kind: 'offer_sent', amount: '2500', channel: 'phone', note: 'Offered 2,500' }),
            broker.headers,
          );
          expect(offer.body.data).toMatchObject({
            kind: 'offer_sent',
            amount: '2500',
            channel: null,
            author: { name: 'Bruno', role: 'broker' },
          });
          const mails = await mailsTo(u.email, 'broker-step');
          expect(mails).toHaveLength(1);
          expect(mails[0]!.locale).toBe('zh');
          expect(mails[0]!.text).toContain(domain);
          expect(mails[0]!.text).toContain('2,500');
          expect(mails[0]!.text).toContain('/dashboard');
          // the buyer can stop this lead's progress mails: the link and RFC 8058 one-click headers come with it
          expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
          expect(mails[0]!.headers!['List-Unsubscribe']).toMatch(/\/api\/unsubscribe\/one-click\?token=/);
        },
      ],
      [
        'the buyer sees the visible timeline with their message, the analysis and the agreement',
        async () => {
          // An analysis the buyer sees on the dashboard.
          await t.call(
            'PUT',
            `/consultant/leads/${leadUID}/marketAnalysis`,
            {
              value: '4000',
              low: '3000',
              high: '6000',
              ownerNotes: 'Holds it since 2004',
              expectedTimeline: '4-6 weeks',
            },
            broker.headers,
          );
          await t.call('POST', `/leads/${leadUID}/messages`, { message: 'Go up to 3,000.' }, u.headers);

          const timeline = await t.call('GET', `/leads/${leadUID}/timeline`, undefined, u.headers);
          expect(timeline.body.data.map((e: { kind: string }) => e.kind)).toEqual([
            'offer_sent',
            'buyer_message',
          ]);
          expect(timeline.body.data[1].author.role).toBe('buyer');
          const [lead] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
          expect(lead.timeline.map((e: { kind: string }) => e.kind)).toEqual(['offer_sent', 'buyer_message']);
          expect(lead.brokerAnalysis).toMatchObject({
            value: '4000',
            low: '3000',
            high: '6000',
            ownerNotes: 'Holds it since 2004',
          });
          expect(lead.agreement).toMatchObject({ phase: 'term', canStop: true, stopRequestedAt: null });
          expect(lead.agreement.tailEnd).toBeTruthy();
          expect(lead.sale).toBeNull();
          expect(lead.refundableUntil).toBeNull();
          buyerSees = { timeline: timeline.body, lead };
        },
      ],
      [
        "nothing the buyer sees holds the internal note or the broker's email or phone",
        async () => {
          const everything = JSON.stringify([buyerSees.timeline, buyerSees.lead]);
          expect(everything).not.toContain('SECRET');
          const [b] = await t.db.select().from(users).where(eq(users.uid, broker.uid));
          expect(everything).not.toContain(b!.email);
          expect(everything).not.toContain(b!.phone);
        },
      ],
      [
        'the broker sees everything, and the steps wrote their lead events',
        async () => {
          const detail = await t.call('GET', `/consultant/leads/${leadUID}`, undefined, broker.headers);
          expect(detail.body.data.timeline.map((e: { kind: string }) => e.kind)).toEqual([
            'owner_identified',
            'offer_sent',
            'buyer_message',
          ]);
          expect(detail.body.data).toMatchObject({
            buyer: { UID: u.uid, email: u.email, locale: 'zh' },
            consultant: { UID: broker.uid, name: 'Bruno' },
            marketAnalysis: { value: '4000', expectedTimeline: '4-6 weeks' },
            overdue: false,
          });
          expect(detail.body.data.statusHistory.map((e: { type: string }) => e.type)).toEqual(
            expect.arrayContaining(['created', 'paid', 'offer', 'market_analysis']),
          );
          expect(await eventTypes(leadUID)).toEqual(expect.arrayContaining(['offer', 'market_analysis']));
          expect(await eventTypes(leadUID)).not.toContain('step');
        },
      ],
    ];

    it.each(STEPS)('%s', async (_behaviour, run) => {
      await run();
    });
  });

  it("a first visible step, of any kind, ends the buyer's refund window; an internal one does not", async () => {
    const { u, leadUID } = await paidLead();
    const refundable = async () =>
      (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data[0].refundableUntil;
    expect(await refundable()).toBeTruthy();
    const note = step({ kind: 'note', channel: null, note: 'Researching the owner.', buyerVisible: false });
    await t.call('POST', `/consultant/leads/${leadUID}/timeline`, note, broker.headers);
    expect(await refundable()).toBeTruthy();
    await t.call(
      'POST',
      `/consultant/leads/${leadUID}/timeline`,
      { ...note, buyerVisible: true },
      broker.headers,
    );
    expect(await refundable()).toBeNull();
    expect(await eventTypes(leadUID)).toContain('step');
  });

  it('writes the stage events, respects an unsubscribe, refuses a future date and a closed lead', async () => {
    const { u, leadUID } = await paidLead();
    const contacted = await t.call('POST', `/consultant/leads/${leadUID}/timeline`, step(), broker.headers);
    expect(contacted.status).toBe(201);
    const [row] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(row!.lastOnBehalfAt?.toISOString().slice(0, 10)).toBe(today());
    const [ev] = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadUid, leadUID), eq(leadEvents.type, 'owner_contacted')));
    expect(ev).toMatchObject({ actorUid: broker.uid, data: { kind: 'owner_contacted', channel: 'email' } });
    await t.db
      .insert(mailOptOuts)
      .values({ email: u.email.toLowerCase(), type: 'buy', leadUid: leadUID, createdAt: t.clock.now() });
    await t.call(
      'POST',
      `/consultant/leads/${leadUID}/timeline`,
      step({ kind: 'owner_replied', channel: null }),
      broker.headers,
    );
    expect(await mailsTo(u.email, 'broker-step')).toHaveLength(1);
    expect((await t.call('GET', `/leads/${leadUID}/timeline`, undefined, u.headers)).body.data).toHaveLength(
      2,
    );

    const future = await t.call(
      'POST',
      `/consultant/leads/${leadUID}/timeline`,
      step({ occurredAt: '2099-01-01' }),
      broker.headers,
    );
    expect(future).toMatchObject({ status: 400, body: { message: 'The date cannot be in the future.' } });
    const beforeHire = await t.call(
      'POST',
      `/consultant/leads/${leadUID}/timeline`,
      step({ occurredAt: '2020-01-01' }),
      broker.headers,
    );
    expect(beforeHire).toMatchObject({
      status: 400,
      body: { message: 'The date cannot be before the payment.' },
    });
    const soldBeforeHire = await t.call(
      'POST',
      `/consultant/leads/${leadUID}/close`,
      { outcome: 'sold', soldDate: '2020-01-01', soldPrice: '1000' },
      broker.headers,
    );
    expect(soldBeforeHire).toMatchObject({
      status: 400,
      body: { message: 'The date cannot be before the payment.' },
    });
    const noChannel = await t.call(
      'POST',
      `/consultant/leads/${leadUID}/timeline`,
      step({ channel: null }),
      broker.headers,
    );
    expect(noChannel).toMatchObject({
      status: 400,
      body: { message: 'Please choose how the owner was contacted.' },
    });
    await t.call(
      'POST',
      `/consultant/leads/${leadUID}/close`,
      { outcome: 'canceled', reason: 'Owner will not sell.' },
      broker.headers,
    );
    const closed = await t.call('POST', `/consultant/leads/${leadUID}/timeline`, step(), broker.headers);
    expect(closed).toMatchObject({ status: 409, body: { message: 'This lead is closed.' } });
    const message = await t.call('POST', `/leads/${leadUID}/messages`, { message: 'Hello?' }, u.headers);
    expect(message).toMatchObject({ status: 409, body: { message: 'This lead is closed.' } });
  });
});

describe('alternates', () => {
  it('are accepted or rejected once, with a note the buyer reads and is mailed', async () => {
    const { u, leadUID } = await paidLead();
    const [opp] = await t.db
      .insert(leadOpportunities)
      .values({
        leadUid: leadUID,
        domainName: 'alt-one.com',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning();
    const r = await t.call(
      'PATCH',
      `/consultant/opportunities/${opp!.uid}`,
      { status: 'rejected', note: 'Parked by a big portfolio.' },
      broker.headers,
    );
    expect(r).toMatchObject({ status: 200, body: { message: 'Alternate domain updated' } });
    expect(r.body.data.opportunities).toMatchObject([
      { UID: opp!.uid, status: 'rejected', decisionNote: 'Parked by a big portfolio.' },
    ]);
    const again = await t.call(
      'PATCH',
      `/consultant/opportunities/${opp!.uid}`,
      { status: 'accepted' },
      broker.headers,
    );
    expect(again).toMatchObject({ status: 409, body: { code: 'OPPORTUNITY_ALREADY_DECIDED' } });
    const [lead] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
    expect(lead.opportunities).toMatchObject([
      { status: 'rejected', decisionNote: 'Parked by a big portfolio.' },
    ]);
    const mails = await mailsTo(u.email, 'alternate-decided');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Parked by a big portfolio.');
    expect(await eventTypes(leadUID)).toContain('opportunity_decided');
    const missing = await t.call(
      'PATCH',
      '/consultant/opportunities/nope',
      { status: 'accepted' },
      broker.headers,
    );
    expect(missing.status).toBe(404);
  });
});

describe('closing a lead', () => {
  it('sold: the commission of the channel (registrar 20% on top, direct the greater of 15% and 250 USD), stored and shown', async () => {
    const direct = await paidLead();
    const referred = await paidLead({ registrarUid: 'demo-registrar' });
    const sold = (leadUID: string, soldPrice: string) =>
      t.call(
        'POST',
        `/consultant/leads/${leadUID}/close`,
        { outcome: 'sold', soldDate: today(), soldPrice },
        broker.headers,
      );
    const d = await sold(direct.leadUID, '1000');
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({
      status: 'sold',
      sale: { price: '1000', commission: '250', commissionRule: 'minimum', channel: 'direct' },
    });
    const r = await sold(referred.leadUID, '1000');
    expect(r.body.data.sale).toMatchObject({
      price: '1000',
      commission: '200',
      commissionRule: 'percent',
      commissionPercent: 20,
      channel: 'registrar',
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.uid, referred.leadUID));
    expect(row).toMatchObject({
      soldPriceCents: 100_000,
      commissionCents: 20_000,
      commissionChannel: 'registrar',
      status: 'sold',
    });
    const [buyerLead] = (await t.call('GET', '/getMyLeads', undefined, direct.u.headers)).body.data;
    expect(buyerLead.sale).toMatchObject({ price: '1000', commission: '250' });
    expect(buyerLead.agreement.phase).toBe('ended');
    const mail = await mailsTo(direct.u.email, 'lead-sold');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('250 USD');
    const ev = (await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, direct.leadUID))).find(
      (e) => e.type === 'sold',
    );
    expect(ev).toMatchObject({ actorUid: broker.uid, fromStatus: 'new', toStatus: 'sold' });
    // Illegal transitions are refused with a clear message.
    const twice = await sold(direct.leadUID, '2000');
    expect(twice).toMatchObject({ status: 409, body: { message: 'This lead is closed.' } });
    const cancel = await t.call(
      'POST',
      `/consultant/leads/${direct.leadUID}/close`,
      { outcome: 'declined', reason: 'x' },
      broker.headers,
    );
    expect(cancel).toMatchObject({ status: 409, body: { message: 'This lead is closed.' } });
    expect((await sold(direct.leadUID, '0')).status).toBe(400);
  });

  it('canceled: the reason is stored, told the buyer and recorded with who and when', async () => {
    const { u, leadUID } = await paidLead();
    const r = await t.call(
      'POST',
      `/consultant/leads/${leadUID}/close`,
      { outcome: 'canceled', reason: 'The owner refuses to sell.' },
      broker.headers,
    );
    expect(r.body.data).toMatchObject({ status: 'canceled', closeReason: 'The owner refuses to sell.' });
    expect(r.body.data.statusHistory.at(-1)).toMatchObject({
      type: 'canceled',
      fromStatus: 'new',
      toStatus: 'canceled',
      actor: 'Bruno',
    });
    const mail = await mailsTo(u.email, 'lead-canceled');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('The owner refuses to sell.');
    const [lead] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
    expect(lead).toMatchObject({ status: 'canceled', closeReason: 'The owner refuses to sell.' });
  });

  it('declined: the fee is refunded once under parallel requests, the buyer told why once', async () => {
    const { u, leadUID } = await paidLead();
    const reason = 'We cannot reach the owner of this name.';
    const answers = await Promise.all(
      [broker, broker, admin].map((who) =>
        t.call('POST', `/consultant/leads/${leadUID}/close`, { outcome: 'declined', reason }, who.headers),
      ),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    await eventsDelivered();
    const [payment] = await t.db.select().from(payments).where(eq(payments.leadUid, leadUID));
    const refunds = await t.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, payment!.providerPaymentId!));
    const [row] = await t.db.select().from(leads).where(eq(leads.uid, leadUID));
    expect(row).toMatchObject({ status: 'refunded', closeReason: reason });
    const types = await eventTypes(leadUID);
    expect(types.filter((x) => x === 'refunded')).toHaveLength(1);
    expect(types.filter((x) => x === 'refund_requested')).toHaveLength(1);
    expect(types.filter((x) => x === 'declined')).toHaveLength(1);
    const notices = await mailsTo(u.email, 'refund-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(reason);
    expect(refunds).toHaveLength(1);
    expect(payment).toMatchObject({ status: 'refunded', refundReason: reason });
    const [lead] = (await t.call('GET', '/getMyLeads', undefined, u.headers)).body.data;
    expect(lead).toMatchObject({ status: 'refunded', closeReason: reason });
    expect(lead.payments).toMatchObject([{ status: 'refunded' }]);
  });
});

describe('reassignment and the brokers list (Admin)', () => {
  it('goes to an active broker only, recorded and mailed', async () => {
    const { leadUID } = await paidLead();
    const brokers = await t.call('GET', '/consultant/brokers', undefined, admin.headers);
    expect(brokers.body.data.map((b: { UID: string }) => b.UID)).toEqual(
      expect.arrayContaining([broker.uid, otherBroker.uid]),
    );
    const r = await t.call(
      'PATCH',
      `/consultant/leads/${leadUID}/assign`,
      { consultantUID: otherBroker.uid },
      admin.headers,
    );
    expect(r).toMatchObject({
      status: 200,
      body: { message: 'Lead reassigned', data: { consultant: { UID: otherBroker.uid } } },
    });
    expect(r.body.data.statusHistory.at(-1)).toMatchObject({ type: 'reassigned', actor: 'Adele' });
    expect(await mailsTo(otherBroker.email, 'lead-reassigned')).toHaveLength(1);
    // The former broker no longer sees it.
    expect((await t.call('GET', `/consultant/leads/${leadUID}`, undefined, broker.headers)).status).toBe(404);
    const gone = await makeUser(t, { role: 'Consultant' });
    await t.db.update(users).set({ deactivatedAt: t.clock.now() }).where(eq(users.uid, gone.uid));
    for (const consultantUID of [gone.uid, registrar.uid, 'nobody'])
      expect(
        await t.call('PATCH', `/consultant/leads/${leadUID}/assign`, { consultantUID }, admin.headers),
      ).toMatchObject({ status: 400, body: { message: 'Please choose an active broker.' } });
  });
});

describe('stopping the service', () => {
  it('during the term it ends with the term; in holdover the lead is canceled at once; the broker is told', async () => {
    const inTerm = await paidLead();
    const r = await t.call('POST', `/leads/${inTerm.leadUID}/stopService`, {}, inTerm.u.headers);
    expect(r).toMatchObject({
      status: 200,
      body: { message: 'Your request to stop the service is recorded' },
    });
    expect(r.body.data).toMatchObject({ status: 'new', agreement: { phase: 'term', canStop: false } });
    expect(r.body.data.agreement.serviceEnd).toBe(r.body.data.agreement.termEnd);
    const again = await t.call('POST', `/leads/${inTerm.leadUID}/stopService`, {}, inTerm.u.headers);
    expect(again).toMatchObject({ status: 409, body: { code: 'SERVICE_STOP_ALREADY_REQUESTED' } });
    expect(
      (await mailsTo(broker.email, 'service-stop-requested')).filter((m) => m.text.includes(inTerm.domain)),
    ).toHaveLength(1);
    expect(await eventTypes(inTerm.leadUID)).toContain('service_stop_requested');

    const holdover = await paidLead();
    await later(121 * DAY, [holdover.u, inTerm.u]);
    const h = await t.call('POST', `/leads/${holdover.leadUID}/stopService`, {}, holdover.u.headers);
    expect(h.body.data).toMatchObject({
      status: 'canceled',
      closeReason: 'The buyer stopped the service.',
      agreement: { phase: 'ended' },
    });
    expect(await eventTypes(holdover.leadUID)).toContain('canceled');
    // The first lead's term is over: its service has ended, the broker can no longer add steps.
    const ended = await t.call(
      'POST',
      `/consultant/leads/${inTerm.leadUID}/timeline`,
      step(),
      broker.headers,
    );
    expect(ended).toMatchObject({ status: 409, body: { message: 'This lead is closed.' } });
    // The scheduler's job closes it, once, and tells the buyer.
    const deps = { db: t.db, publicUrl: t.config.publicUrl, enqueueMail };
    expect((await runServiceEnds(deps, t.clock.now())).closed).toBeGreaterThanOrEqual(1);
    expect((await runServiceEnds(deps, t.clock.now())).closed).toBe(0);
    const [closed] = await t.db.select().from(leads).where(eq(leads.uid, inTerm.leadUID));
    expect(closed).toMatchObject({ status: 'canceled', closeReason: SERVICE_END_REASON });
    expect(await mailsTo(inTerm.u.email, 'lead-canceled')).toHaveLength(1);
    expect((await t.call('GET', '/getMyLeads', undefined, inTerm.u.headers)).body.data[0]).toMatchObject({
      status: 'canceled',
      agreement: { phase: 'ended' },
    });
  });
});
