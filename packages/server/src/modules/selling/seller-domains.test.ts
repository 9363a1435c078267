/**
 * The admin's Sell Domains list and premium flag over HTTP on a real database: rows written here,
 * paging (10), newest first, search by domain, name and email, the flag, and who may call what.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerDomains, sellSubmissions } from '#server/db/schema/selling.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: TestUser;
const uids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin' });
  const base = t.clock.now().getTime();
  // 12 submissions of one domain each (with price), and one of three domains (no price), oldest first
  for (let i = 0; i < 12; i++) {
    const at = new Date(base - (20 - i) * 60_000);
    const [sub] = await t.db
      .insert(sellSubmissions)
      .values({
        email: `seller${i}@example.com`,
        name: i === 3 ? 'Zoë_100% Owner' : `Seller ${i}`,
        phone: `+1415555${String(i).padStart(4, '0')}`,
        emailVerifiedAt: i % 2 ? at : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ uid: sellSubmissions.uid });
    const [d] = await t.db
      .insert(sellerDomains)
      .values({
        submissionUid: sub!.uid,
        domainName: `listed${i}.com`,
        priceCents: 150_000 + i,
        minQuoteCents: 100_000,
        createdAt: at,
      })
      .returning({ uid: sellerDomains.uid });
    uids.push(d!.uid);
  }
  const at = new Date(base - 60_000);
  const [multi] = await t.db
    .insert(sellSubmissions)
    .values({ email: 'portfolio@example.org', name: 'Portfolio Owner', createdAt: at, updatedAt: at })
    .returning({ uid: sellSubmissions.uid });
  for (const name of ['alpha.io', 'beta.io', 'gamma.io'])
    await t.db.insert(sellerDomains).values({ submissionUid: multi!.uid, domainName: name, createdAt: at });
});
afterAll(() => t?.close());

describe('GET /sellerDomainList', () => {
  it('answers 10 a page, newest first, with the seller row fields', async () => {
    const r = await t.call('GET', '/sellerDomainList', undefined, admin.headers);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ total: 15, totalPage: 2, page: 1, limit: 10 });
    expect(d.data).toHaveLength(10);
    expect(d.items).toEqual(d.data);
    expect(
      d.data
        .slice(0, 3)
        .map((x: { domainName: string }) => x.domainName)
        .sort(),
    ).toEqual(['alpha.io', 'beta.io', 'gamma.io']);
    expect(d.data[0]).toMatchObject({ name: 'Portfolio Owner', price: null, minQuote: null, premium: false });
    expect(d.data[3]).toEqual({
      UID: uids[11],
      name: 'Seller 11',
      email: 'seller11@example.com',
      phone: '+14155550011',
      domainName: 'listed11.com',
      premium: false,
      price: '1500.11',
      minQuote: '1000.00',
      emailVerified: true,
      createdAt: expect.any(String),
    });
    const page2 = await t.call('GET', '/sellerDomainList?page=2', undefined, admin.headers);
    expect(page2.body.data.data.map((x: { domainName: string }) => x.domainName)).toEqual([
      'listed4.com',
      'listed3.com',
      'listed2.com',
      'listed1.com',
      'listed0.com',
    ]);
    const past = await t.call('GET', '/sellerDomainList?page=9', undefined, admin.headers);
    expect(past.body.data).toMatchObject({ data: [], total: 15, totalPage: 2 });
  });

  it('searches by domain, seller name and email, case-insensitively and literally', async () => {
    const search = async (q: string) =>
      (await t.call('GET', `/sellerDomainList?search=${encodeURIComponent(q)}`, undefined, admin.headers))
        .body.data;
    expect((await search('LISTED1')).data.map((x: { domainName: string }) => x.domainName)).toEqual([
      'listed11.com',
      'listed10.com',
      'listed1.com',
    ]);
    expect((await search('portfolio owner')).total).toBe(3);
    expect((await search('seller7@example')).data[0].domainName).toBe('listed7.com');
    // % and _ are letters here, not patterns
    expect((await search('_100%')).data.map((x: { domainName: string }) => x.domainName)).toEqual([
      'listed3.com',
    ]);
    expect(await search('nothing-like-this')).toMatchObject({ data: [], total: 0, totalPage: 0 });
  });

  it('refuses a bad page or an unknown field with 400, never a 500', async () => {
    for (const q of ['page=0', 'page=x', 'page=-1', 'limit=5', `search=${'a'.repeat(201)}`, 'search=%00'])
      expect((await t.call('GET', `/sellerDomainList?${q}`, undefined, admin.headers)).status).toBe(400);
  });
});

describe('PATCH /sellerDomain/{id}', () => {
  it('sets and clears the premium flag of one row', async () => {
    const id = uids[5] as string;
    const on = await t.call('PATCH', `/sellerDomain/${id}`, { premium: true }, admin.headers);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      message: 'Premium flag updated',
      data: { UID: id, domainName: 'listed5.com', premium: true },
    });
    const [row] = await t.db.select().from(sellerDomains).where(eq(sellerDomains.uid, id));
    expect(row?.premium).toBe(true);
    const listed = await t.call('GET', '/sellerDomainList?search=listed5', undefined, admin.headers);
    expect(listed.body.data.data[0].premium).toBe(true);
    const off = await t.call('PATCH', `/sellerDomain/${id}`, { premium: false }, admin.headers);
    expect(off.body.data.premium).toBe(false);
  });

  it('answers 404 for a row that does not exist and 400 for a bad body', async () => {
    expect(
      (
        await t.call(
          'PATCH',
          '/sellerDomain/00000000-0000-4000-8000-000000000000',
          { premium: true },
          admin.headers,
        )
      ).status,
    ).toBe(404);
    expect((await t.call('PATCH', '/sellerDomain/not-a-uuid', { premium: true }, admin.headers)).status).toBe(
      404,
    );
    const id = uids[0] as string;
    for (const body of [{}, { premium: 'yes' }, { premium: true, price: 1 }, 'not json'])
      expect((await t.call('PATCH', `/sellerDomain/${id}`, body, admin.headers)).status).toBe(400);
  });
});

describe('who may call what', () => {
  it('admin only: consultant (with or without privileges), registrar, buyer, seller 403; guest 401', async () => {
    const who = {
      admin: admin.headers,
      consultant: (await makeUser(t, { role: 'Consultant' })).headers,
      privilegedConsultant: (
        await makeUser(t, {
          role: 'Consultant',
          privileges: { ChangeAppraisedDomainValues: true, ChangeCategoryValues: true },
        })
      ).headers,
      registrar: (await makeUser(t, { role: 'Registrar' })).headers,
      buyer: (await makeUser(t, { role: 'Buyer' })).headers,
      seller: (await makeUser(t, { role: 'Seller' })).headers,
      guest: {},
    };
    const forbidden = {
      consultant: 403,
      privilegedConsultant: 403,
      registrar: 403,
      buyer: 403,
      seller: 403,
      guest: 401,
    };
    const endpoints = [
      { method: 'GET', path: '/sellerDomainList', body: undefined, admin: 200 },
      { method: 'PATCH', path: `/sellerDomain/${uids[1]}`, body: { premium: false }, admin: 200 },
    ];
    for (const e of endpoints) {
      const got: Record<string, number> = {};
      for (const [name, headers] of Object.entries(who))
        got[name] = (await t.call(e.method, e.path, e.body, headers)).status;
      expect(got, `${e.method} ${e.path}`).toEqual({ admin: e.admin, ...forbidden });
    }
  });
});
