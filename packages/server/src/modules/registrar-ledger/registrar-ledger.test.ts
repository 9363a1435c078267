/**
 * The registrar ledger against leads, payments, refunds and clicks written here: the affiliate
 * dashboard, its CSV, statements, payouts, and the admin's settlement and transaction CSV all agree.
 * Rates: demo-registrar 20 / 20 (defaults), other-reg 30 / 10.
 */
import { randomBytes } from 'node:crypto';
import { ERRORS } from '@domain-broker/shared/errors';
import { registrarFeeShare } from '@domain-broker/shared/pricing';
import { NO_TRANSACTION_DATA_MESSAGE } from '@domain-broker/shared/schemas/registrar-ledger';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { leads, payments, registrarPayouts, registrars, users } from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { createSession } from '../auth/sessions.ts';
import { recordClick } from '../registrar/service.ts';
import { csvCell } from './csv.ts';

let t: TestApp;
let admin: TestUser;
let consultant: TestUser;
let buyer: TestUser;
let seller: TestUser;
let other: TestUser;
let demo: { headers: Record<string, string> };
const OTHER = 'other-reg';
const OTHER_NAME = '=Other "Reg"';
const leadIds: Record<string, string> = {};

interface LeadSpec {
  key: string;
  registrar: string | null;
  paidAt: string;
  method?: 'sandbox' | 'promo';
  refundedAt?: string;
  soldAt?: string;
  commissionCents?: number;
}

async function addLead(spec: LeadSpec) {
  const b = await makeUser(t);
  const paidAt = new Date(spec.paidAt);
  const status = spec.refundedAt ? 'refunded' : spec.soldAt ? 'sold' : 'new';
  const [lead] = await t.db
    .insert(leads)
    .values({
      userUid: b.uid,
      domainName: `${spec.key}-${randomBytes(2).toString('hex')}.com`,
      offerAmountCents: 500_000,
      status,
      registrarUid: spec.registrar,
      createdAt: paidAt,
      updatedAt: paidAt,
      paidAt,
      email: 'buyer-private@example.com',
      ...(spec.soldAt
        ? { soldAt: new Date(spec.soldAt), commissionCents: spec.commissionCents, soldPriceCents: 1_000_000 }
        : {}),
    })
    .returning({ uid: leads.uid });
  const promo = spec.method === 'promo';
  await t.db.insert(payments).values({
    leadUid: lead!.uid,
    userUid: b.uid,
    method: spec.method ?? 'sandbox',
    providerPaymentId: promo ? null : `pi_${randomBytes(6).toString('hex')}`,
    status: spec.refundedAt ? 'refunded' : 'succeeded',
    amountCents: promo ? 0 : 1995,
    createdAt: paidAt,
    updatedAt: paidAt,
    succeededAt: paidAt,
    refundedAt: spec.refundedAt ? new Date(spec.refundedAt) : null,
  });
  // A failed attempt before the success: never counted.
  await t.db.insert(payments).values({
    leadUid: lead!.uid,
    userUid: b.uid,
    method: 'sandbox',
    status: 'failed',
    amountCents: 1995,
    createdAt: paidAt,
    updatedAt: paidAt,
  });
  leadIds[spec.key] = lead!.uid;
}

async function clicks(registrarUid: string, day: string, n: number) {
  for (let i = 0; i < n; i++)
    await recordClick(t.db, {
      registrarUid,
      domainName: 'wanted.com',
      visitor: `v-${day}-${i}-${randomBytes(2).toString('hex')}`,
      now: new Date(`${day}T09:00:00Z`),
    });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.t = Date.parse('2026-03-10T12:00:00Z');
  admin = await makeUser(t, { role: 'Admin' });
  consultant = await makeUser(t, { role: 'Consultant' });
  buyer = await makeUser(t, { role: 'Buyer' });
  seller = await makeUser(t, { role: 'Seller' });
  await t.db.insert(registrars).values({ uid: OTHER, name: OTHER_NAME });
  other = await makeUser(t, { role: 'Registrar' });
  await t.db
    .update(users)
    .set({ registrarUID: OTHER, percentage: 30, commissionPercentage: 10 })
    .where(eq(users.uid, other.uid));
  const [r] = await t.db.select().from(users).where(eq(users.email, 'registrar@demo.test'));
  demo = { headers: t.auth(await createSession(t.db, r!.uid, t.clock.now(), t.config.session)) };

  // demo-registrar (20 / 20)
  await addLead({
    key: 'l6',
    registrar: 'demo-registrar',
    paidAt: '2025-08-01T10:00:00Z',
    refundedAt: '2026-02-20T10:00:00Z',
  });
  await addLead({ key: 'l1', registrar: 'demo-registrar', paidAt: '2026-01-05T10:00:00Z' });
  await addLead({ key: 'l2', registrar: 'demo-registrar', paidAt: '2026-01-05T23:30:00Z' });
  await addLead({
    key: 'l5',
    registrar: 'demo-registrar',
    paidAt: '2026-01-10T08:00:00Z',
    soldAt: '2026-02-14T15:00:00Z',
    commissionCents: 100_000,
  });
  await addLead({ key: 'l3', registrar: 'demo-registrar', paidAt: '2026-01-20T08:00:00Z', method: 'promo' });
  await addLead({
    key: 'l4',
    registrar: 'demo-registrar',
    paidAt: '2026-01-25T08:00:00Z',
    refundedAt: '2026-02-03T11:00:00Z',
  });
  // direct
  await addLead({ key: 'd1', registrar: null, paidAt: '2026-01-07T08:00:00Z' });
  await addLead({
    key: 'd2',
    registrar: null,
    paidAt: '2026-02-01T08:00:00Z',
    refundedAt: '2026-02-02T08:00:00Z',
  });
  await addLead({
    key: 'd3',
    registrar: null,
    paidAt: '2026-01-08T08:00:00Z',
    soldAt: '2026-02-10T08:00:00Z',
    commissionCents: 50_000,
  });
  // other-reg (30 / 10): 30% of 19.95 = 5.985 → 5.99; 10% of 123.45 = 12.345 → 12.35
  await addLead({
    key: 'o1',
    registrar: OTHER,
    paidAt: '2026-01-05T12:00:00Z',
    soldAt: '2026-02-14T09:00:00Z',
    commissionCents: 12_345,
  });

  await clicks('demo-registrar', '2026-01-05', 3);
  await clicks('demo-registrar', '2026-01-06', 1);
  await clicks('demo-registrar', '2026-02-03', 2);
  for (const d of ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'])
    await clicks(OTHER, d, 1);
}, 60_000);
afterAll(() => t?.close());

const get = (path: string, h: Record<string, string> = admin.headers) => t.call('GET', path, undefined, h);
const demoLeads = (q = '') => get(`/getRegistrarLeads?registrarUID=demo-registrar${q}`);

describe('the affiliate dashboard', () => {
  /** The demo registrar's days, newest first: one row per day and what it shows. */
  const DAYS: [
    date: string,
    clicks: number,
    sales: number,
    commission: string,
    salesCommission: string,
    refunds: string,
    total: string,
    shows: string,
  ][] = [
    ['2026-02-14', 0, 0, '0.00', '200.00', '0.00', '200.00', 'sold: the sales commission'],
    ['2026-02-03', 2, 0, '0.00', '0.00', '3.99', '-3.99', 'refund within 120 days: clawed back'],
    ['2026-01-25', 0, 1, '3.99', '0.00', '0.00', '3.99', 'paid, refunded later: share on its day'],
    ['2026-01-20', 0, 1, '0.00', '0.00', '0.00', '0.00', 'paid with a 100% promo code: 0.00'],
    ['2026-01-10', 0, 1, '3.99', '0.00', '0.00', '3.99', 'paid, sold later: share on its day'],
    ['2026-01-06', 1, 0, '0.00', '0.00', '0.00', '0.00', 'clicks alone'],
    ['2026-01-05', 3, 2, '7.98', '0.00', '0.00', '7.98', 'two leads (one 23:30 UTC) and clicks'],
    ['2025-08-01', 0, 1, '3.99', '0.00', '0.00', '3.99', 'refunded after 120 days: no clawback'],
  ];

  it('one row per day, from leads, payments, refunds and clicks', async () => {
    const r = await demoLeads('&limit=All');
    expect(r.status).toBe(200);
    expect(r.body.data.leads).toEqual(
      DAYS.map(([date, clicks, sales, commission, sales_commission, refunds, total]) => ({
        date,
        clicks,
        sales,
        commission,
        sales_commission,
        refunds,
        total,
      })),
    );
    expect(r.body.data.totalRows).toBe(8);
    expect(r.body.data.totals).toEqual({
      total_click: 6,
      total_soldCount: 6,
      total_initialFee: '19.95',
      total_saleCommission: '200.00',
      total_refunds: '3.99',
      total_amount: '215.96',
    });
    expect(r.body.data.rates).toEqual({ percentage: 20, commissionPercentage: 20 });
    expect(registrarFeeShare(20, 1995)).toBe(399);
  });

  it("rounds each lead's share with pricing.ts and uses the registrar's own rates", async () => {
    const r = await get(`/getRegistrarLeads?registrarUID=${OTHER}&fromDate=2026-01-01&toDate=2026-02-28`);
    expect(r.body.data.rates).toEqual({ percentage: 30, commissionPercentage: 10 });
    expect(r.body.data.leads.map((l: { date: string; total: string }) => [l.date, l.total])).toEqual([
      ['2026-02-14', '12.35'],
      ['2026-01-05', '5.99'],
    ]);
    expect(r.body.data.totals.total_amount).toBe('18.34');
  });

  it('a registrar sees their own figures, whatever registrarUID says', async () => {
    const own = await get('/getRegistrarLeads?limit=All', demo.headers);
    const spoof = await get(
      `/getRegistrarLeads?limit=All&registrarUID=${OTHER}&consolidateDashboard=true`,
      demo.headers,
    );
    const byAdmin = await demoLeads('&limit=All');
    expect(own.status).toBe(200);
    expect(spoof.body.data).toEqual(own.body.data);
    expect(own.body.data).toEqual(byAdmin.body.data);
    const theirs = await get('/getRegistrarLeads?registrarUID=demo-registrar', other.headers);
    expect(theirs.body.data.rates).toEqual({ percentage: 30, commissionPercentage: 10 });
  });

  it('pages, sorts and limits (10, 30, 60, 90, All) over the consolidated view', async () => {
    const all = await get('/getRegistrarLeads?consolidateDashboard=true&limit=All');
    expect(all.body.data.totalRows).toBe(15);
    expect(all.body.data.leads).toHaveLength(15);
    expect(all.body.data.rates).toBeNull();
    const o = all.body.data.leads.find((l: { registrarUID: string }) => l.registrarUID === OTHER);
    expect(o.name).toBe(OTHER_NAME);
    const p1 = await get('/getRegistrarLeads?consolidateDashboard=true');
    const p2 = await get('/getRegistrarLeads?consolidateDashboard=true&pageNumber=2');
    const p3 = await get('/getRegistrarLeads?consolidateDashboard=true&pageNumber=3');
    expect(p1.body.data.leads).toHaveLength(10);
    expect(p2.body.data.leads).toHaveLength(5);
    expect(p3.body.data.leads).toEqual([]);
    expect([...p1.body.data.leads, ...p2.body.data.leads]).toEqual(all.body.data.leads);
    // totals are the whole selection's, on every page
    expect(p2.body.data.totals).toEqual(all.body.data.totals);
    expect(all.body.data.totals.total_amount).toBe('234.30');
    const dates = all.body.data.leads.map((l: { date: string }) => l.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const limit of ['30', '60', '90'])
      expect(
        (await get(`/getRegistrarLeads?consolidateDashboard=true&limit=${limit}`)).body.data.leads,
      ).toHaveLength(15);

    const byTotal = await demoLeads('&sortBy=total&sortType=DESC');
    expect(byTotal.body.data.leads[0].total).toBe('200.00');
    const byTotalAsc = await demoLeads('&sortBy=total&sortType=ASC');
    expect(byTotalAsc.body.data.leads[0].total).toBe('-3.99');
    const byClicks = await demoLeads('&sortBy=clicks&sortType=DESC');
    expect(byClicks.body.data.leads[0]).toMatchObject({ date: '2026-01-05', clicks: 3 });
    const byDateAsc = await demoLeads('&sortType=ASC');
    expect(byDateAsc.body.data.leads[0].date).toBe('2025-08-01');
    const byName = await get(
      '/getRegistrarLeads?consolidateDashboard=true&sortBy=name&sortType=DESC&limit=All',
    );
    const names = byName.body.data.leads.map((l: { name: string }) => l.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('date filters are inclusive UTC days; the chart covers every day of the period', async () => {
    const r = await demoLeads('&fromDate=2026-01-05&toDate=2026-01-10');
    expect(r.body.data.leads.map((l: { date: string }) => l.date)).toEqual([
      '2026-01-10',
      '2026-01-06',
      '2026-01-05',
    ]);
    expect(r.body.data.chart).toEqual([
      { date: '2026-01-05', clicks: 3, paidLeads: 2, earnings: '7.98' },
      { date: '2026-01-06', clicks: 1, paidLeads: 0, earnings: '0.00' },
      { date: '2026-01-07', clicks: 0, paidLeads: 0, earnings: '0.00' },
      { date: '2026-01-08', clicks: 0, paidLeads: 0, earnings: '0.00' },
      { date: '2026-01-09', clicks: 0, paidLeads: 0, earnings: '0.00' },
      { date: '2026-01-10', clicks: 0, paidLeads: 1, earnings: '3.99' },
    ]);
    const one = await demoLeads('&fromDate=2026-02-03&toDate=2026-02-03');
    expect(one.body.data.leads).toHaveLength(1);
    const empty = await demoLeads('&fromDate=2030-01-01');
    expect(empty.body.data).toMatchObject({ leads: [], totalRows: 0, chart: [] });
    expect(empty.body.data.totals.total_amount).toBe('0.00');
    // blank dates are no filter (the portal's 'Clear Filters')
    expect((await demoLeads('&fromDate=&toDate=&limit=All')).body.data.totalRows).toBe(8);
  });

  it('each lead counts on its own UTC day, and leads of one day and amount count once each', async () => {
    // A registrar of its own, removed at the end so the other tests' totals stay as written.
    const EDGE = 'edge-reg';
    await t.db.insert(registrars).values({ uid: EDGE, name: 'Edge Registrar' });
    onTestFinished(async () => {
      await t.db.delete(leads).where(eq(leads.registrarUid, EDGE));
      await t.db.delete(registrars).where(eq(registrars.uid, EDGE));
    });
    await addLead({ key: 'e1', registrar: EDGE, paidAt: '2026-04-12T23:59:59.999Z' });
    await addLead({ key: 'e2', registrar: EDGE, paidAt: '2026-04-13T00:00:00.000Z' });
    await addLead({ key: 'e3', registrar: EDGE, paidAt: '2026-04-13T05:00:00Z', method: 'promo' });
    await addLead({
      key: 'e4',
      registrar: EDGE,
      paidAt: '2026-04-13T06:00:00Z',
      refundedAt: '2026-04-13T23:59:59Z',
    });
    // Two sales of the same commission on one day, and a third of another: each rounded per lead.
    for (const [key, commissionCents] of [
      ['e5', 333],
      ['e6', 333],
      ['e7', 334],
    ] as const)
      await addLead({
        key,
        registrar: EDGE,
        paidAt: '2026-04-02T10:00:00Z',
        soldAt: '2026-04-13T00:00:00Z',
        commissionCents,
      });
    const r = await get(`/getRegistrarLeads?registrarUID=${EDGE}&fromDate=2026-04-01&toDate=2026-04-30`);
    expect(r.status).toBe(200);
    expect(r.body.data.leads).toEqual([
      {
        date: '2026-04-13',
        clicks: 0,
        sales: 3,
        commission: '7.98',
        sales_commission: '2.01',
        refunds: '3.99',
        total: '6.00',
      },
      {
        date: '2026-04-12',
        clicks: 0,
        sales: 1,
        commission: '3.99',
        sales_commission: '0.00',
        refunds: '0.00',
        total: '3.99',
      },
      {
        date: '2026-04-02',
        clicks: 0,
        sales: 3,
        commission: '11.97',
        sales_commission: '0.00',
        refunds: '0.00',
        total: '11.97',
      },
    ]);
    expect(r.body.data.totals).toMatchObject({
      total_soldCount: 7,
      total_initialFee: '23.94',
      total_saleCommission: '2.01',
      total_refunds: '3.99',
      total_amount: '21.96',
    });
  });

  it('bad input gets a message, never a 500', async () => {
    const bad: [string, number, string][] = [
      ['&limit=7', 400, 'Invalid entry.'],
      ['&sortBy=password', 400, 'Invalid entry.'],
      ['&sortType=UP', 400, 'Invalid entry.'],
      ['&pageNumber=0', 400, 'Invalid entry.'],
      ['&pageNumber=abc', 400, 'Invalid entry.'],
      ['&fromDate=2026-02-30', 400, 'Please enter a valid date.'],
      ['&toDate=yesterday', 400, 'Please enter a valid date.'],
      ['&fromDate=2026-02-01&toDate=2026-01-01', 400, 'The end date must be on or after the start date.'],
      ['&consolidateDashboard=yes', 400, 'Invalid entry.'],
      ['&hack=1', 400, 'Unknown input field'],
    ];
    for (const [q, status, message] of bad) {
      const r = await demoLeads(q);
      expect([q, r.status, r.body.message]).toEqual([q, status, message]);
    }
    const missing = await get('/getRegistrarLeads');
    expect([missing.status, missing.body.message]).toEqual([400, 'Registrar UID is missing']);
    const unknown = await get('/getRegistrarLeads?registrarUID=nobody');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Registrar UID is not found']);
    const nul = await get('/getRegistrarLeads?registrarUID=%00');
    expect(nul.status).toBe(400);
  });
});

const parse = (csv: string) => csv.trimEnd().split('\r\n');

describe('CSV', () => {
  it('the dashboard CSV is exactly what the filters select, every page', async () => {
    const r = await demoLeads('&fromDate=2026-01-01&toDate=2026-02-28&sortBy=total&sortType=DESC');
    const c = await get(
      '/getRegistrarLeadsCSV?registrarUID=demo-registrar&fromDate=2026-01-01&toDate=2026-02-28&sortBy=total&sortType=DESC&limit=10&pageNumber=5',
    );
    expect(c.status).toBe(200);
    expect(c.body.data.fileName).toBe('registrar-leads-demo-registrar-2026-01-01-2026-02-28.csv');
    const lines = parse(c.body.data.csv);
    expect(lines[0]).toBe('Date,Clicks,Sales,Initial Fee Share,Sales Commission,Refunds,Total');
    expect(lines.slice(1)).toEqual(
      r.body.data.leads.map((l: Record<string, unknown>) =>
        [l.date, l.clicks, l.sales, l.commission, l.sales_commission, l.refunds, l.total].join(','),
      ),
    );
    expect(lines).toHaveLength(1 + 7);
    expect(lines.at(-1)).toBe('2026-02-03,2,0,0.00,0.00,3.99,-3.99');
  });

  it('the consolidated CSV names each registrar, formula-safe', async () => {
    const c = await get('/getRegistrarLeadsCSV?consolidateDashboard=true&sortBy=name&sortType=ASC');
    const lines = parse(c.body.data.csv);
    expect(lines).toHaveLength(16);
    expect(lines[0]).toBe(
      'Date,Registrar,Registrar Id,Clicks,Sales,Initial Fee Share,Sales Commission,Refunds,Total',
    );
    expect(lines.filter((l) => l.includes(OTHER))[0]).toContain(`"'=Other ""Reg""",other-reg`);
    expect(c.body.data.fileName).toBe('registrar-leads-all-registrars-start-today.csv');
  });

  it('cells that could run as formulas get an apostrophe; numbers stay numbers', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-3.99')).toBe('-3.99');
    expect(csvCell(-4)).toBe('-4');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain.com')).toBe('plain.com');
  });
});

describe('statements and payouts', () => {
  it('monthly statements: credits, clawbacks in the month of the refund, payable from the next month', async () => {
    const r = await get('/registrarStatements', demo.headers);
    expect(r.status).toBe(200);
    const blank = { paidAt: null, paidAmount: null, reference: '', registrarUID: 'demo-registrar' };
    expect(r.body.data).toEqual([
      {
        ...blank,
        month: '2026-03',
        credits: '0.00',
        clawbacks: '0.00',
        payable: '0.00',
        payableFrom: '2026-04-01',
      },
      {
        ...blank,
        month: '2026-02',
        credits: '200.00',
        clawbacks: '3.99',
        payable: '196.01',
        payableFrom: '2026-03-01',
      },
      {
        ...blank,
        month: '2026-01',
        credits: '15.96',
        clawbacks: '0.00',
        payable: '15.96',
        payableFrom: '2026-02-01',
      },
    ]);
    const y2025 = await get('/registrarStatements?year=2025&registrarUID=demo-registrar');
    expect(y2025.body.data).toHaveLength(12);
    expect(y2025.body.data.find((s: { month: string }) => s.month === '2025-08').credits).toBe('3.99');
    expect((await get('/registrarStatements?year=2031&registrarUID=demo-registrar')).body.data).toEqual([]);
    // the statements and the dashboard agree
    const feb = await demoLeads('&fromDate=2026-02-01&toDate=2026-02-28');
    expect(feb.body.data.totals.total_amount).toBe('196.01');
  });

  it("a month's CSV lists each credit and clawback, never the buyer's data", async () => {
    const jan = await get('/registrarStatements/2026-01/csv', demo.headers);
    expect(jan.status).toBe(200);
    expect(jan.body.data.fileName).toBe('statement-demo-registrar-2026-01.csv');
    const lines = parse(jan.body.data.csv);
    expect(lines[0]).toBe('Date,Kind,Lead,Domain,Amount');
    expect(
      lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[1], l.split(',')[2], l.split(',')[4]]),
    ).toEqual([
      ['2026-01-05', 'Initial fee share', leadIds.l1, '3.99'],
      ['2026-01-05', 'Initial fee share', leadIds.l2, '3.99'],
      ['2026-01-10', 'Initial fee share', leadIds.l5, '3.99'],
      ['2026-01-20', 'Initial fee share', leadIds.l3, '0.00'],
      ['2026-01-25', 'Initial fee share', leadIds.l4, '3.99'],
    ]);
    expect(jan.body.data.csv).not.toContain('buyer-private@example.com');
    const feb = parse((await get('/registrarStatements/2026-02/csv', demo.headers)).body.data.csv);
    expect(feb.slice(1).map((l) => [l.split(',')[1], l.split(',')[2], l.split(',')[4]])).toEqual([
      ['Refund clawback', leadIds.l4, '-3.99'],
      ['Sales commission', leadIds.l5, '200.00'],
    ]);
    const bad = await get('/registrarStatements/2026-13/csv', demo.headers);
    expect([bad.status, bad.body.message]).toEqual([400, 'Please enter a valid month.']);
    // another registrar's uid is ignored for a registrar
    const spoof = await get(`/registrarStatements/2026-01/csv?registrarUID=${OTHER}`, demo.headers);
    expect(spoof.body.data.fileName).toBe('statement-demo-registrar-2026-01.csv');
  });

  it('an admin records a payout once per registrar and month; recording again corrects it', async () => {
    const body = {
      registrarUID: 'demo-registrar',
      month: '2026-01',
      amount: '15.96',
      paidAt: '2026-02-05',
      reference: 'WIRE-1',
    };
    const r = await t.call('PUT', '/registrarPayouts', body, admin.headers);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Payout recorded');
    expect(r.body.data).toMatchObject({
      month: '2026-01',
      paidAt: '2026-02-05',
      paidAmount: '15.96',
      reference: 'WIRE-1',
      payable: '15.96',
    });
    const again = await t.call(
      'PUT',
      '/registrarPayouts',
      { ...body, amount: '16', reference: 'WIRE-2' },
      admin.headers,
    );
    expect(again.body.data).toMatchObject({ paidAmount: '16.00', reference: 'WIRE-2' });
    const rows = await t.db
      .select()
      .from(registrarPayouts)
      .where(eq(registrarPayouts.registrarUid, 'demo-registrar'));
    expect(rows).toHaveLength(1);
    const list = await get('/registrarStatements', demo.headers);
    expect(list.body.data.find((s: { month: string }) => s.month === '2026-01')).toMatchObject({
      paidAt: '2026-02-05',
      paidAmount: '16.00',
    });

    const refusals: [unknown, number, string][] = [
      [{ ...body, month: '2026-03' }, 409, ERRORS.PAYOUT_NOT_PAYABLE_YET.message],
      [{ ...body, paidAt: '2026-03-11' }, 400, 'The payment date cannot be in the future.'],
      [{ ...body, amount: 'abc' }, 400, 'Please enter a valid amount.'],
      [{ ...body, amount: '-5' }, 400, 'Please enter a valid amount.'],
      [{ ...body, month: '2026-1' }, 400, 'Please enter a valid month.'],
      [{ ...body, registrarUID: 'nobody' }, 404, 'Registrar UID is not found'],
      [{ ...body, extra: 1 }, 400, 'Unknown input field'],
      [{ month: '2026-01' }, 400, 'Invalid entry.'],
    ];
    for (const [b, status, message] of refusals) {
      const x = await t.call('PUT', '/registrarPayouts', b, admin.headers);
      expect([x.status, x.body.message]).toEqual([status, message]);
    }
    expect((await t.call('PUT', '/registrarPayouts', body, demo.headers)).status).toBe(403);
  });
});

describe("the admin's settlement reads the same ledger", () => {
  const period = 'startDate=2026-01-01&endDate=2026-02-28';

  it('settle rows: Direct and each registrar; Payable is the dashboard total', async () => {
    const r = await get(`/getRegistrarSettleSummary?${period}`);
    expect(r.status).toBe(200);
    const rows = r.body.data;
    expect(rows[0]).toEqual({
      LeadSource: 'Direct',
      RegistrarId: '',
      Success: '59.85',
      successCount: 3,
      Refunds: '19.95',
      refundCount: 1,
      Payable: '0.00',
    });
    const demoRow = rows.find((x: { RegistrarId: string }) => x.RegistrarId === 'demo-registrar');
    expect(demoRow).toEqual({
      LeadSource: 'Demo Registrar',
      RegistrarId: 'demo-registrar',
      Success: '79.80',
      successCount: 5,
      // l4 (within the window) and l6 (refunded after 120 days: money back, nothing clawed back)
      Refunds: '39.90',
      refundCount: 2,
      Payable: '211.97',
    });
    const dash = await demoLeads('&fromDate=2026-01-01&toDate=2026-02-28');
    expect(dash.body.data.totals.total_amount).toBe(demoRow.Payable);
    const otherRow = rows.find((x: { RegistrarId: string }) => x.RegistrarId === OTHER);
    expect(otherRow).toMatchObject({
      LeadSource: OTHER_NAME,
      Success: '19.95',
      successCount: 1,
      Payable: '18.34',
    });
    expect(rows).toHaveLength(3);

    const direct = await get(`/getRegistrarSettleSummary?${period}&registrarUID=direct`);
    expect(direct.body.data).toEqual([rows[0]]);
    const one = await get(`/getRegistrarSettleSummary?${period}&registrarUID=demo-registrar`);
    expect(one.body.data).toEqual([demoRow]);
    const none = await get('/getRegistrarSettleSummary?startDate=2030-01-01&endDate=2030-01-31');
    expect(none.body.data).toEqual([]);
  });

  it('the transaction CSV adds up to the settle rows, or says there is no data', async () => {
    const c = await get(`/getTransactionDataCSV?${period}`);
    expect(c.status).toBe(200);
    expect(c.body.data.fileName).toBe('transactions-all-2026-01-01-2026-02-28.csv');
    const [header, ...lines] = c.body.data.csv.trimEnd().split('\r\n') as string[];
    expect(header).toBe('Date,Type,Lead Source,Registrar Id,Lead,Domain,Amount,Registrar Share');
    const cells = lines.map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((x) => x.replace(/,$/, '')));
    const sum = (pred: (c: string[]) => boolean, col: number) =>
      cells.filter(pred).reduce((s, c) => s + Math.round(Number(c[col]) * 100), 0);
    const settle = (await get(`/getRegistrarSettleSummary?${period}`)).body.data as Record<string, string>[];
    for (const row of settle) {
      const mine = (c: string[]) => c[3] === row.RegistrarId;
      expect(sum((c) => mine(c) && c[1] === 'Payment', 6)).toBe(Math.round(Number(row.Success) * 100));
      expect(0 - sum((c) => mine(c) && c[1] === 'Refund', 6) + 0).toBe(Math.round(Number(row.Refunds) * 100));
      expect(sum(mine, 7)).toBe(Math.round(Number(row.Payable) * 100));
    }
    expect(cells.find((c) => c[4] === leadIds.l6 && c[1] === 'Refund')?.[7]).toBe('0.00');
    expect(lines.some((l) => l.includes(`"'=Other ""Reg"""`))).toBe(true);

    const empty = await get('/getTransactionDataCSV?startDate=2030-01-01&endDate=2030-01-31');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ message: NO_TRANSACTION_DATA_MESSAGE });
    expect(NO_TRANSACTION_DATA_MESSAGE).toBe(ERRORS.DATA_NOT_FOUND.message);
  });

  it('bad periods get messages', async () => {
    const bad: [string, number, string][] = [
      ['/getRegistrarSettleSummary?startDate=2026-01-01', 400, 'Please enter a valid date.'],
      [
        '/getRegistrarSettleSummary?startDate=2026-02-01&endDate=2026-01-01',
        400,
        'The end date must be on or after the start date.',
      ],
      ['/getTransactionDataCSV?startDate=01/01/2026&endDate=2026-01-31', 400, 'Please enter a valid date.'],
      [
        '/getTransactionDataCSV?startDate=2026-01-01&endDate=2026-01-31&registrarUID=nobody',
        404,
        'Registrar UID is not found',
      ],
      ['/getRegistrarSettleSummary?startDate=2026-01-01&endDate=2026-01-31&x=1', 400, 'Unknown input field'],
    ];
    for (const [path, status, message] of bad) {
      const r = await get(path);
      expect([path, r.status, r.body.message]).toEqual([path, status, message]);
    }
  });
});

describe('who may call what', () => {
  it('the role matrix', async () => {
    const period = 'startDate=2026-01-01&endDate=2026-01-31';
    const reads = [
      '/getRegistrarLeads?registrarUID=demo-registrar',
      '/getRegistrarLeadsCSV?registrarUID=demo-registrar',
      '/registrarStatements?registrarUID=demo-registrar',
      '/registrarStatements/2026-01/csv?registrarUID=demo-registrar',
    ];
    const adminReads = [`/getRegistrarSettleSummary?${period}`, `/getTransactionDataCSV?${period}`];
    const payout = { registrarUID: 'demo-registrar', month: '2026-02', amount: '1', paidAt: '2026-03-02' };
    const who: [string, Record<string, string>, number, number][] = [
      // name, headers, dashboard reads, admin-only
      ['admin', admin.headers, 200, 200],
      ['consultant', consultant.headers, 403, 403],
      ['registrar', demo.headers, 200, 403],
      ['other registrar', other.headers, 200, 403],
      ['buyer', buyer.headers, 403, 403],
      ['seller', seller.headers, 403, 403],
      ['guest', {}, 401, 401],
    ];
    for (const [name, h, readStatus, adminStatus] of who) {
      for (const p of reads) expect([name, p, (await get(p, h)).status]).toEqual([name, p, readStatus]);
      for (const p of adminReads) expect([name, p, (await get(p, h)).status]).toEqual([name, p, adminStatus]);
      const put = await t.call('PUT', '/registrarPayouts', payout, h);
      expect([name, put.status]).toEqual([name, adminStatus]);
    }
    // the other registrar asked for demo-registrar's figures and got their own
    const theirs = await get('/registrarStatements/2026-01/csv?registrarUID=demo-registrar', other.headers);
    expect(theirs.body.data.fileName).toBe(`statement-${OTHER}-2026-01.csv`);
    // a Registrar account that belongs to no registrar
    const orphan = await makeUser(t, { role: 'Registrar' });
    expect((await get('/getRegistrarLeads', orphan.headers)).status).toBe(404);
  });
});
