/**
 * Sell submissions over HTTP on the real database (docs/product.md "Sell submissions"; decisions A15, B12).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, roles, userRoles, users } from '#server/db/schema/index.ts';
import { sellerDomains, sellSubmissions } from '#server/db/schema/selling.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  domain: `sell-${++seq}.com, sell-${seq}.ai`,
  email: `seller${seq}@example.com`,
  name: 'Sam Seller',
  phone: '+1 415 555 0100',
  formName: '',
  source: 'https://ref.example/',
  ...over,
});
const mails = (to: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
const tokenOf = (text: string) => decodeURIComponent(/verify=([^\s&]+)/.exec(text)![1]!);
const rolesOf = async (uid: string) =>
  (
    await t.db
      .select({ r: roles.roleType })
      .from(userRoles)
      .innerJoin(roles, eq(roles.uid, userRoles.roleUid))
      .where(eq(userRoles.userUid, uid))
  ).map((x) => x.r);

describe('POST /sell-domain', () => {
  it('stores a multi-domain submission, mails staff and asks the address to confirm; no account yet', async () => {
    const b = body();
    const r = await t.call('POST', '/sell-domain', b);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ verified: false });
    expect(r.body.data.userRoleId).toBeUndefined();
    const domains = await t.db
      .select()
      .from(sellerDomains)
      .where(eq(sellerDomains.submissionUid, r.body.data.id));
    expect(domains.map((d) => d.domainName).sort()).toEqual([`sell-${seq}.ai`, `sell-${seq}.com`]);
    expect(domains.every((d) => d.premium === false)).toBe(true);
    expect(
      (await mails(t.config.supportEmail, 'staff-sell')).some((m) => m.text.includes(`sell-${seq}.ai`)),
    ).toBe(true);
    expect(await mails(b.email, 'sell-verify')).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.email, b.email))).toEqual([]);
  });

  it('makes the seller account only when the link is used, once', async () => {
    const b = body();
    await t.call('POST', '/sell-domain', b);
    const [mail] = await mails(b.email, 'sell-verify');
    const token = tokenOf(mail!.text);
    expect((await t.call('POST', '/sell-domain/verify', { token })).status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, b.email));
    expect(user).toMatchObject({ firstName: 'Sam', lastName: 'Seller', passwordHash: null });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await rolesOf(user!.uid)).toEqual(['Seller']);
    const [received] = await mails(b.email, 'sell-received');
    expect(received!.text).toContain(t.config.sellNameservers[0]);
    const again = await t.call('POST', '/sell-domain/verify', { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('SELL_VERIFY_LINK_INVALID');
    expect((await t.call('POST', '/sell-domain/verify', { token: 'forged-token-value' })).status).toBe(400);
  });

  it("never changes someone else's account until its owner confirms; then adds the Seller role", async () => {
    const owner = await makeUser(t, { role: 'Buyer' });
    const r = await t.call('POST', '/sell-domain', body({ email: owner.email }));
    expect(r.status).toBe(200);
    expect(await rolesOf(owner.uid)).toEqual(['Buyer']);
    const [mail] = await mails(owner.email, 'sell-verify');
    await t.call('POST', '/sell-domain/verify', { token: tokenOf(mail!.text) });
    expect((await rolesOf(owner.uid)).sort()).toEqual(['Buyer', 'Seller']);
  });

  it('confirms a signed-in caller with their own address at once and answers userRoleId', async () => {
    const me = await makeUser(t, { role: 'Buyer' });
    const r = await t.call('POST', '/sell-domain', body({ email: me.email }), me.headers);
    expect(r.body.data.verified).toBe(true);
    const [seller] = await t.db.select().from(roles).where(eq(roles.roleType, 'Seller'));
    expect(r.body.data.userRoleId).toBe(seller!.uid);
    expect((await rolesOf(me.uid)).sort()).toEqual(['Buyer', 'Seller']);
    expect(await mails(me.email, 'sell-verify')).toHaveLength(0);
    // another address from the same session is confirmed by mail like anyone's
    const other = await t.call('POST', '/sell-domain', body(), me.headers);
    expect(other.body.data.verified).toBe(false);
    expect(other.body.data.userRoleId).toBeUndefined();
  });

  it('takes one domain with price and minimum quote, and the appraisal data', async () => {
    const r = await t.call(
      'POST',
      '/sell-domain',
      body({
        domain: 'single-one.museum',
        price: '2500',
        minQuote: 1000,
        formName: 'Appraisal Sell',
        value: '1800',
        worth: 'Good',
      }),
    );
    expect(r.status).toBe(200);
    const [d] = await t.db
      .select()
      .from(sellerDomains)
      .where(eq(sellerDomains.submissionUid, r.body.data.id));
    expect(d).toMatchObject({
      domainName: 'single-one.museum',
      priceCents: 250_000,
      minQuoteCents: 100_000,
      valueCents: 180_000,
      worth: 'Good',
    });
    const [sub] = await t.db.select().from(sellSubmissions).where(eq(sellSubmissions.uid, r.body.data.id));
    expect(sub!.formName).toBe('Appraisal Sell');
  });

  it("answers the spec's messages", async () => {
    const r = await t.call('POST', '/sell-domain', { domain: '', email: '', name: '', phone: '' });
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'domain', message: "Domain name can't be empty.", code: 'DOMAIN_NAME_EMPTY' },
        { field: 'email', message: "Email address can't be empty.", code: 'EMAIL_EMPTY' },
        { field: 'name', message: "Full name can't be empty.", code: 'FULL_NAME_EMPTY' },
        { field: 'phone', message: "Phone number can't be empty.", code: 'PHONE_EMPTY' },
      ]),
    );
    const bad = await t.call(
      'POST',
      '/sell-domain',
      body({ domain: 'good.com, bad', email: 'x@', phone: '+1 1' }),
    );
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'domain', message: 'Domain name is not valid.', code: 'DOMAIN_NAME_NOT_VALID' },
        { field: 'email', message: 'Email address is not valid.', code: 'EMAIL_NOT_VALID' },
        { field: 'phone', message: 'Phone number is not valid.', code: 'PHONE_NOT_VALID' },
      ]),
    );
    const price = await t.call('POST', '/sell-domain', body({ domain: 'a.com', price: '0', minQuote: '' }));
    expect(price.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'price', message: "Domain price can't be negative.", code: 'PRICE_NEGATIVE' },
        { field: 'minQuote', message: "Minimum quote can't be empty.", code: 'MIN_QUOTE_EMPTY' },
      ]),
    );
  });
});

describe('POST /sell-comment/{id}', () => {
  it('adds the comment; an empty one or an unknown id is refused', async () => {
    const r = await t.call('POST', '/sell-domain', body());
    const id = r.body.data.id as string;
    expect((await t.call('POST', `/sell-comment/${id}`, { comment: 'Please call after 5pm' })).status).toBe(
      200,
    );
    const [sub] = await t.db.select().from(sellSubmissions).where(eq(sellSubmissions.uid, id));
    expect(sub!.comment).toBe('Please call after 5pm');
    // staff get the comment by mail, once, with the submission's domains
    const staff = await mails(t.config.supportEmail, 'staff-sell-comment');
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain('Please call after 5pm');
    expect(staff[0]!.subject).toMatch(/^Comment on sell submission: sell-\d+\.(com|ai), sell-\d+\.(com|ai)$/);
    const empty = await t.call('POST', `/sell-comment/${id}`, { comment: ' ' });
    expect(empty.body.errors).toEqual([
      { field: 'comment', message: 'Comment field is empty!', code: 'COMMENT_EMPTY' },
    ]);
    const unknown = await t.call('POST', '/sell-comment/00000000-0000-4000-8000-000000000000', {
      comment: 'x',
    });
    expect(unknown.status).toBe(404);
    t.clock.advance(25 * 3_600_000);
    expect((await t.call('POST', `/sell-comment/${id}`, { comment: 'late' })).status).toBe(404);
    // refused comments mailed nothing
    expect(await mails(t.config.supportEmail, 'staff-sell-comment')).toHaveLength(1);
  });
});
