/**
 * The admin's Users tab over HTTP on a real database (docs/api.md "Users"): who may call what, the list (search,
 * sort, filters, counts), creating a user (a set-password link by mail, never a password), editing
 * (email fixed, website and phone rules, accepting leads), privileges, deleting (payments and leads
 * kept, sessions revoked, a consultant's open leads reassigned) and the last-admin guard.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leadEvents,
  leads,
  payments,
  registrars,
  roles,
  sessions,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: TestUser;
let consultant: TestUser;
let registrar: TestUser;
let buyer: TestUser;
let seller: TestUser;
const roleId: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'Admin', firstName: 'Adele' });
  consultant = await makeUser(t, { role: 'Consultant', firstName: 'Bruno' });
  registrar = await makeUser(t, { role: 'Registrar' });
  buyer = await makeUser(t, { role: 'Buyer' });
  seller = await makeUser(t, { role: 'Seller' });
  for (const r of await t.db.select().from(roles)) roleId[r.roleType] = r.uid;
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix = 'new') => `${prefix}${++seq}-${Date.now().toString(36)}@example.com`;
const newUser = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newman',
  roleId: roleId.Buyer,
  phone: '+14155550123',
  website: '',
  image: '',
  email: unique(),
  ...extra,
});

describe('who may call what', () => {
  it('every endpoint × admin, consultant (with every privilege), registrar, buyer, seller, guest', async () => {
    const target = await makeUser(t, { role: 'Buyer' });
    const privileged = await makeUser(t, {
      role: 'Consultant',
      privileges: {
        ChangeAppraisedDomainValues: true,
        ChangeCategoryValues: true,
        AppraisalSearchUnLimit: true,
      },
    });
    type Who = 'admin' | 'consultant' | 'privileged' | 'registrar' | 'buyer' | 'seller' | 'guest';
    const headers: Record<Who, Record<string, string>> = {
      admin: admin.headers,
      consultant: consultant.headers,
      privileged: privileged.headers,
      registrar: registrar.headers,
      buyer: buyer.headers,
      seller: seller.headers,
      guest: {},
    };
    // Bodies refused (400) only after access was granted, so nothing changes.
    const endpoints = [
      { method: 'GET', path: '/users', ok: 200 },
      { method: 'POST', path: '/createUser', body: { firstName: '' }, ok: 400 },
      { method: 'PATCH', path: `/users/${target.uid}`, body: { website: 'nope' }, ok: 400 },
      { method: 'DELETE', path: '/users/not-a-uuid', ok: 404 },
      { method: 'PATCH', path: `/updatePrivileges/${target.uid}`, body: { percentage: 101 }, ok: 400 },
    ];
    const seen: string[] = [];
    for (const e of endpoints)
      for (const who of Object.keys(headers) as Who[]) {
        const r = await t.call(e.method, e.path, e.body, headers[who]);
        const want = who === 'admin' ? e.ok : who === 'guest' ? 401 : 403;
        seen.push(`${e.method} ${e.path.split('/')[1]} ${who} ${r.status === want ? 'ok' : r.status}`);
      }
    expect(seen.filter((s) => !s.endsWith(' ok'))).toEqual([]);
  });
});

describe('GET /users', () => {
  it('pages by 10, newest first, with role, last sign-in, broker and the counts', async () => {
    const r = await t.call('GET', '/users', undefined, admin.headers);
    expect(r.status).toBe(200);
    const { users: rows, pagination } = r.body.data;
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(pagination).toMatchObject({ page: 1, limit: 10 });
    expect(pagination.total).toBeGreaterThanOrEqual(5);
    const times = rows.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows[0]).toHaveProperty('lastLogin');
    expect(rows[0]).toHaveProperty('buyDomainCount');
    expect(rows[0]).toHaveProperty('userDetail.percentage');
  });

  it('filters by role: Buyer is the Buyer role or no role at all; a user with two roles is under both', async () => {
    const tag = `Rolefilter${Date.now().toString(36)}`;
    const make = (role: 'Buyer' | 'Seller' | 'Consultant') => makeUser(t, { role, firstName: tag });
    const [onlyBuyer, onlySeller, buyerAndSeller, roleless, onlyConsultant] = await Promise.all([
      make('Buyer'),
      make('Seller'),
      make('Seller'),
      make('Buyer'),
      make('Consultant'),
    ]);
    await t.db.insert(userRoles).values({ userUid: buyerAndSeller.uid, roleUid: roleId.Buyer! });
    await t.db.delete(userRoles).where(eq(userRoles.userUid, roleless.uid));
    const uids = async (role: string) => {
      const r = await t.call(
        'GET',
        `/users?search=${tag}&filterBy=role&filterType=${role}&limit=100`,
        undefined,
        admin.headers,
      );
      expect(r.status).toBe(200);
      expect(r.body.data.pagination.total).toBe(r.body.data.users.length);
      return r.body.data.users.map((x: { UID: string }) => x.UID).sort();
    };
    expect(await uids('Buyer')).toEqual([onlyBuyer.uid, buyerAndSeller.uid, roleless.uid].sort());
    expect(await uids('Seller')).toEqual([onlySeller.uid, buyerAndSeller.uid].sort());
    expect(await uids('Consultant')).toEqual([onlyConsultant.uid]);
    expect(await uids('Admin')).toEqual([]);
  });

  it('searches any part of a name or an email, sorts, filters by role', async () => {
    const u = await makeUser(t, { role: 'Seller', firstName: 'Quintessa', email: unique('zebracorn') });
    await t.db
      .update(users)
      .set({ lastName: 'Marlowe', lastLogin: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.uid, u.uid));
    const find = (q: string) => t.call('GET', `/users?${q}`, undefined, admin.headers);
    for (const q of ['search=uintes', 'search=SSA%20MARL', 'search=ebracor']) {
      const r = await find(q);
      expect(r.status).toBe(200);
      expect(r.body.data.users.map((x: { UID: string }) => x.UID)).toEqual([u.uid]);
    }
    // LIKE wildcards are literal.
    expect((await find('search=%25')).body.data.pagination.total).toBe(0);
    const sellers = await find('filterBy=role&filterType=Seller&limit=100');
    expect(
      sellers.body.data.users.every((x: { roles: { roleType: string }[] }) =>
        x.roles.some((r) => r.roleType === 'Seller'),
      ),
    ).toBe(true);
    const asc = await find('sortBy=email&sortType=asc&limit=100');
    const emails = asc.body.data.users.map((x: { email: string }) => x.email);
    expect(emails).toEqual([...emails].sort());
    expect((await find('sortBy=lastLogin&sortType=DESC')).status).toBe(200);
    expect((await find('sortBy=password')).status).toBe(400);
    expect((await find('filterBy=role&filterType=King')).status).toBe(400);
    expect((await find('page=0')).status).toBe(400);
  });

  it("counts a buyer's paid leads and names their broker", async () => {
    const b = await makeUser(t, { role: 'Buyer' });
    await t.db.insert(leads).values({
      userUid: b.uid,
      domainName: `counted-${seq}.com`,
      status: 'new',
      consultantUid: consultant.uid,
      paidAt: t.clock.now(),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const r = await t.call('GET', `/users?search=${encodeURIComponent(b.email)}`, undefined, admin.headers);
    const [row] = r.body.data.users;
    expect(row).toMatchObject({ buyDomainCount: 1, closeAgentUID: consultant.uid, closeAgentName: 'Bruno' });
  });
});

describe('POST /createUser', () => {
  it('mails a single-use set-password link, never a password, and the link works once', async () => {
    const body = newUser();
    const r = await t.call('POST', '/createUser', body, admin.headers);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      email: body.email,
      name: 'Nora Newman',
      role: { roleType: 'Buyer' },
    });
    expect(r.body.data.userDetail).toMatchObject({
      AppraisalSearchUnLimit: true,
      ShareDownloadAppraisal: true,
      EmailAppraisalCertificate: true,
      ChangeCategoryValues: false,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/token=|passwordHash|"password"/);
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.passwordHash).toBeNull();
    const mail = await t.lastMail(body.email, 'account-created');
    expect(mail).toBeDefined();
    expect(mail!.text).not.toMatch(/temporary password|your password is/i);
    const token = mail!.text.match(/set-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    const set = { token, password: 'N3w@Passw0rd', confirmPassword: 'N3w@Passw0rd' };
    expect((await t.call('POST', '/setPassword', set)).status).toBe(200);
    expect((await t.call('POST', '/setPassword', set)).status).toBe(400);
    const login = await t.call('POST', '/login', { email: body.email, password: 'N3w@Passw0rd' });
    expect(login.status).toBe(200);
  });

  it('refuses a bad website, a registrar without one, a bad phone, a taken email and an unknown role', async () => {
    const bad = async (b: Record<string, unknown>, status: number, message?: string) => {
      const r = await t.call('POST', '/createUser', newUser(b), admin.headers);
      expect(r.status).toBe(status);
      if (message) expect(JSON.stringify(r.body)).toContain(message);
    };
    await bad({ website: 'not a url' }, 400, 'Please enter valid URL');
    await bad({ roleId: roleId.Registrar, website: '' }, 400, 'Please enter valid URL');
    await bad({ phone: '+1 555' }, 400, 'Invalid phone number');
    await bad({ email: buyer.email }, 409);
    await bad({ roleId: '00000000-0000-4000-8000-000000000000' }, 400, 'Role Id is invalid.');
    await bad({ firstName: '' }, 400, 'Please Enter First Name');
    await bad({ password: 'Secret@123' }, 400, 'Unknown input field');
  });

  it('a registrar gets its registrar id (the link) and the website is its origin', async () => {
    const r = await t.call(
      'POST',
      '/createUser',
      newUser({ roleId: roleId.Registrar, website: 'https://partner.example/shop' }),
      admin.headers,
    );
    expect(r.status).toBe(201);
    const id = r.body.data.registrarUID as string;
    expect(id).toMatch(/^r-[0-9a-f]{12}$/);
    const [reg] = await t.db.select().from(registrars).where(eq(registrars.uid, id));
    expect(reg).toMatchObject({ name: 'Nora Newman', allowedOrigins: ['https://partner.example'] });
  });
});

describe('PATCH /users/{id} and /updatePrivileges/{id}', () => {
  it('changes the fields sent; the email is not editable; website and phone are checked', async () => {
    const u = await makeUser(t, { role: 'Buyer' });
    const patch = (b: unknown) => t.call('PATCH', `/users/${u.uid}`, b, admin.headers);
    const ok = await patch({
      firstName: 'Edited',
      phone: '+447911123456',
      email: u.email,
      website: 'https://a.example',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('User updated successfully');
    expect(ok.body.data.user).toMatchObject({ firstName: 'Edited', phone: '+447911123456' });
    expect(ok.body.data.session).toBeUndefined();
    const email = await patch({ email: 'other@example.com' });
    expect(email.status).toBe(400);
    expect(email.body.code).toBe('EMAIL_NOT_EDITABLE');
    expect((await patch({ website: 'ftp:/x' })).body.message).toBe('Please enter valid URL');
    expect(JSON.stringify((await patch({ phone: '12345' })).body)).toContain('Invalid phone number');
    // Becoming a registrar needs a website.
    await patch({ website: '' });
    expect((await patch({ roleId: roleId.Registrar })).body.message).toBe('Please enter valid URL');
    expect((await patch({ roleId: roleId.Registrar, website: 'https://reg.example' })).status).toBe(200);
    expect(
      (await t.call('PATCH', '/users/00000000-0000-4000-8000-000000000000', {}, admin.headers)).status,
    ).toBe(404);
  });

  it('privileges: the six flags and percentages 0-100', async () => {
    const u = await makeUser(t, { role: 'Consultant' });
    const r = await t.call(
      'PATCH',
      `/updatePrivileges/${u.uid}`,
      {
        ChangeCategoryValues: true,
        WeeklyAppraisalSearchHistoryReport: true,
        percentage: 35,
        commissionPercentage: '0',
      },
      admin.headers,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.user.userDetail).toMatchObject({
      ChangeCategoryValues: true,
      WeeklyAppraisalSearchHistoryReport: true,
      percentage: 35,
      commissionPercentage: 0,
    });
    for (const bad of [
      { percentage: 101 },
      { commissionPercentage: -1 },
      { percentage: 2.5 },
      { Other: true },
    ])
      expect((await t.call('PATCH', `/updatePrivileges/${u.uid}`, bad, admin.headers)).status).toBe(400);
    // The consultant's next request sees the privilege (no sign-in again).
    const cats = await t.call('GET', '/users', undefined, u.headers);
    expect(cats.status).toBe(403);
  });

  it("an admin who changes their own account gets their fresh profile (the portal's session)", async () => {
    const self = await makeUser(t, { role: 'Admin', firstName: 'Selma' });
    const r = await t.call('PATCH', `/users/${self.uid}`, { roleId: roleId.Consultant }, self.headers);
    expect(r.status).toBe(200);
    expect(r.body.data.session.roles.map((x: { role: { roleType: string } }) => x.role.roleType)).toEqual([
      'Consultant',
    ]);
    // The session now carries the new role: the Users list is no longer theirs.
    expect((await t.call('GET', '/users', undefined, self.headers)).status).toBe(403);
  });

  it("accepting leads: the consultant's toggle, which the assignment rule reads", async () => {
    const c = await makeUser(t, { role: 'Consultant' });
    const r = await t.call('PATCH', `/users/${c.uid}`, { acceptingLeads: false }, admin.headers);
    expect(r.body.data.user.acceptingLeads).toBe(false);
    const brokers = await t.call('GET', '/consultant/brokers', undefined, admin.headers);
    expect(brokers.body.data.find((b: { UID: string }) => b.UID === c.uid)).toMatchObject({
      acceptingLeads: false,
    });
  });
});

describe('DELETE /users/{id}', () => {
  describe("'User Deleted': a broker with an open paid lead is deleted", () => {
    let leaving: TestUser;
    let stays: TestUser;
    let b: TestUser;
    let leadUid: string;
    let r: Awaited<ReturnType<TestApp['call']>>;
    beforeAll(async () => {
      leaving = await makeUser(t, { role: 'Consultant', firstName: 'Leaving' });
      stays = await makeUser(t, { role: 'Consultant', firstName: 'Staying' });
      // Only `stays` takes leads besides the leaving one.
      await t.db
        .update(users)
        .set({ acceptingLeads: false })
        .where(and(ne(users.uid, stays.uid), ne(users.uid, leaving.uid)));
      b = await makeUser(t, { role: 'Buyer' });
      // a buyer who gave no name: the broker's mail names them by their address
      await t.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.uid, b.uid));
      const [lead] = await t.db
        .insert(leads)
        .values({
          userUid: b.uid,
          domainName: `kept-${seq}.com`,
          status: 'new',
          consultantUid: leaving.uid,
          paidAt: t.clock.now(),
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        })
        .returning();
      leadUid = lead!.uid;
      await t.db.insert(payments).values({
        leadUid,
        userUid: b.uid,
        amountCents: 1995,
        status: 'succeeded',
        method: 'sandbox',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      r = await t.call('DELETE', `/users/${leaving.uid}`, undefined, admin.headers);
    });

    /** One row per consequence of the deletion, checked in this order (the last two change state). */
    const CONSEQUENCES: [behaviour: string, check: () => Promise<void>][] = [
      [
        "answers 'User Deleted'",
        async () => {
          expect(r.status).toBe(200);
          expect(r.body.message).toBe('User Deleted');
        },
      ],
      [
        'anonymised and deactivated',
        async () => {
          const [row] = await t.db.select().from(users).where(eq(users.uid, leaving.uid));
          expect(row).toMatchObject({
            firstName: 'Deleted',
            phone: '',
            passwordHash: null,
            acceptingLeads: false,
          });
          expect(row!.email).toBe(`deleted-${leaving.uid}@deleted.invalid`);
          expect(row!.deactivatedAt).not.toBeNull();
        },
      ],
      [
        'sessions revoked',
        async () => {
          const live = await t.db
            .select()
            .from(sessions)
            .where(and(eq(sessions.userUid, leaving.uid), isNull(sessions.revokedAt)));
          expect(live).toEqual([]);
          expect((await t.call('GET', '/myProfile', undefined, leaving.headers)).status).toBe(401);
        },
      ],
      [
        'the open lead goes to a broker who takes leads, with its event and a mail naming the buyer',
        async () => {
          const [moved] = await t.db.select().from(leads).where(eq(leads.uid, leadUid));
          expect(moved!.consultantUid).toBe(stays.uid);
          const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadUid, leadUid));
          expect(events.map((e) => e.type)).toContain('reassigned');
          const reassigned = await t.lastMail(stays.email, 'lead-reassigned');
          expect(reassigned?.text).toContain(b.email);
        },
      ],
      [
        'payments kept',
        async () => {
          expect(await t.db.select().from(payments).where(eq(payments.leadUid, leadUid))).toHaveLength(1);
        },
      ],
      [
        "not in the default list, but under status 'deactivated'",
        async () => {
          const list = await t.call(
            'GET',
            `/users?search=${leaving.uid.slice(0, 8)}`,
            undefined,
            admin.headers,
          );
          expect(list.body.data.pagination.total).toBe(0);
          const gone = await t.call(
            'GET',
            `/users?filterBy=status&filterType=deactivated&search=${leaving.uid.slice(0, 8)}`,
            undefined,
            admin.headers,
          );
          expect(gone.body.data.users.map((u: { UID: string }) => u.UID)).toEqual([leaving.uid]);
        },
      ],
      [
        'deleting twice is not found',
        async () => {
          expect((await t.call('DELETE', `/users/${leaving.uid}`, undefined, admin.headers)).status).toBe(
            404,
          );
        },
      ],
      [
        'the address is free again',
        async () => {
          const [buyer] = await t.db.select().from(users).where(eq(users.uid, b.uid));
          const created = await t.call(
            'POST',
            '/createUser',
            newUser({ email: buyer!.email.replace('@', '+x@') }),
            admin.headers,
          );
          expect(created.status).toBe(201);
        },
      ],
    ];

    it.each(CONSEQUENCES)('%s', async (_behaviour, check) => {
      await check();
    });
  });

  it('the last admin cannot be deleted or demoted; nobody deletes themself', async () => {
    const solo = await makeUser(t, { role: 'Admin', firstName: 'Solo' });
    const second = await makeUser(t, { role: 'Admin', firstName: 'Second' });
    expect((await t.call('DELETE', `/users/${solo.uid}`, undefined, solo.headers)).body.code).toBe(
      'CANNOT_DELETE_SELF',
    );
    // Leave `solo` and `second` the only active admins.
    const admins = t.db
      .select({ uid: userRoles.userUid })
      .from(userRoles)
      .where(eq(userRoles.roleUid, roleId.Admin!));
    await t.db
      .update(users)
      .set({ deactivatedAt: t.clock.now() })
      .where(and(inArray(users.uid, admins), ne(users.uid, solo.uid), ne(users.uid, second.uid)));
    expect((await t.call('DELETE', `/users/${second.uid}`, undefined, solo.headers)).status).toBe(200);
    const demote = await t.call('PATCH', `/users/${solo.uid}`, { roleId: roleId.Buyer }, solo.headers);
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('This is the last admin: make another user an admin first.');
    const kept = await t.db.select().from(userRoles).where(eq(userRoles.userUid, solo.uid));
    expect(kept.map((k) => k.roleUid)).toEqual([roleId.Admin]);
  });
});
