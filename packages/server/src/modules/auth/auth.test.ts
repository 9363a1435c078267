import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, enquiries, roles, sessions, userRoles, users } from '#server/db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';
import { createSessionLookup } from './sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Str0ng@Pass';

describe('sign-up with a password', () => {
  it('answers 207, mails a code, and verification signs the user in', async () => {
    const r = await t.call('POST', '/signup', {
      email: 'New.User@Example.com',
      password: PASSWORD,
      name: 'New User',
    });
    expect(r.status).toBe(207);
    expect(r.body).toEqual({
      message: 'Please verify your email address: we sent a code to your inbox.',
      code: 'EMAIL_VERIFICATION_REQUIRED',
      data: { email: 'new.user@example.com' },
    });
    const code = await t.lastCode('new.user@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const v = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'new.user@example.com',
      verificationCode: code,
    });
    expect(v.status).toBe(200);
    expect(v.body.message).toBe('Your email address is verified.');
    expect(v.body.code).toBe('EMAIL_VERIFIED');
    expect(v.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(v.body.data.user).toMatchObject({
      email: 'new.user@example.com',
      name: 'New User',
      firstName: 'New',
      lastName: 'User',
      emailVerified: true,
      roles: [{ role: { roleType: 'Buyer' } }],
      userDetail: {
        AppraisalSearchUnLimit: false,
        ShareDownloadAppraisal: true,
        EmailAppraisalCertificate: true,
        WeeklyAppraisalSearchHistoryReport: false,
        ChangeAppraisedDomainValues: false,
        ChangeCategoryValues: false,
        percentage: 20,
        commissionPercentage: 20,
      },
    });
    expect((await t.lastMail('new.user@example.com'))?.template).toBe('welcome');
    const me = await t.call('GET', '/myProfile', undefined, t.auth(v.body.data.token));
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('new.user@example.com');
  });

  it('answers 203 for an existing account', async () => {
    const r = await t.call('POST', '/signup', { email: 'buyer@demo.test', password: PASSWORD });
    expect(r.status).toBe(203);
    expect(r.body).toEqual({ message: 'User already exists, please login!', code: 'USER_EXISTS' });
  });

  it('without a password answers 201 and mails a temporary password that signs in', async () => {
    const r = await t.call('POST', '/signup', { email: 'nopass@example.com', name: 'No Pass' });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Please check your registered email for your temporary password.');
    const mail = await t.lastMail('nopass@example.com', 'temporary-password');
    const password = mail?.text.match(/\b([A-Za-z0-9]{12}A7@)/)?.[1];
    expect(password).toBeDefined();
    const login = await t.call('POST', '/login', { email: 'nopass@example.com', password });
    expect(login.status).toBe(200);
  });

  it('keeps the domain context as a pending enquiry', async () => {
    const r = await t.call('POST', '/signup', {
      email: 'ctx@example.com',
      password: PASSWORD,
      domainName: 'wanted.com',
      offerAmount: '2500',
      registrarUID: 'demo-registrar',
      referralURL: 'http://localhost:4000/',
      formName: 'Registrar',
      userInterested: 'Buyer',
    });
    expect(r.status).toBe(207);
    const rows = await t.db.select().from(enquiries).where(eq(enquiries.email, 'ctx@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'signup',
      domainName: 'wanted.com',
      offerAmount: '2500',
      registrarUID: 'demo-registrar',
      status: 'pending',
    });
  });

  it('refuses a confirmation that does not match', async () => {
    const r = await t.call('POST', '/signup', {
      email: 'c@example.com',
      password: PASSWORD,
      confirmPassword: 'Other@123',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Confirm password is not match.');
  });

  it.each([
    [{ password: PASSWORD }, "Email address can't be empty."],
    [{ email: '', password: PASSWORD }, "Email address can't be empty."],
    [{ email: 'not-an-email', password: PASSWORD }, 'Email address is not valid.'],
    [{ email: 'a@b.c', password: PASSWORD }, 'Email address is not valid.'],
    [{ email: 'v@example.com', password: '' }, "Password can't be empty."],
    [
      { email: 'v@example.com', password: 'weakpass' },
      'Password must be at least 8 characters and contain a number, an uppercase letter and a special character (@$!%*?&).',
    ],
  ])('validates %j → %s', async (body, message) => {
    const r = await t.call('POST', '/signup', body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.message).toBe(message);
    expect(r.body.errors[0].message).toBe(message);
  });

  it('accepts long top-level domains (.online, .email)', async () => {
    const r = await t.call('POST', '/signup', { email: 'me@shop.online', password: PASSWORD });
    expect(r.status).toBe(207);
  });

  it('refuses fields it does not know, and never takes roles or verification from the body', async () => {
    for (const extra of [
      { roles: ['Admin'] },
      { emailVerified: true },
      { userDetail: { AppraisalSearchUnLimit: true } },
    ]) {
      const r = await t.call('POST', '/signup', { email: 'evil@example.com', password: PASSWORD, ...extra });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: 'Unknown input field', code: 'UNKNOWN_FIELD' });
    }
    const rows = await t.db.select().from(users).where(eq(users.email, 'evil@example.com'));
    expect(rows).toHaveLength(0);
  });
});

describe('signUpWithDomain', () => {
  const good = {
    name: 'Domain Person',
    email: 'dom@example.com',
    password: PASSWORD,
    phone: '+14155550100',
    domainName: 'https://www.Wanted.io/path',
    offerAmount: '1200',
    registrarUID: 'demo-registrar',
  };
  it('answers 207 and stores the enquiry with the phone', async () => {
    const r = await t.call('POST', '/signUpWithDomain', good);
    expect(r.status).toBe(207);
    const [e] = await t.db.select().from(enquiries).where(eq(enquiries.email, 'dom@example.com'));
    expect(e).toMatchObject({
      source: 'signUpWithDomain',
      domainName: 'wanted.io',
      offerAmount: '1200',
      phone: '+14155550100',
    });
    const [u] = await t.db.select().from(users).where(eq(users.email, 'dom@example.com'));
    expect(u?.phone).toBe('+14155550100');
  });
  it.each([
    ['name', '', 'Please Enter Your Name'],
    ['email', 'x', 'Please Enter Valid Email'],
    ['password', '', 'Please Enter Password'],
    ['phone', '', 'Please Enter Phone Number'],
    ['phone', '12', 'Please Enter Valid Phone Number'],
    ['domainName', '', 'Please Enter Your Domain Name'],
    ['domainName', 'bad_domain.com', 'not a valid domain'],
    ['domainName', 'example.museum', 'not a valid domain'],
    ['offerAmount', '', 'Please Enter Your budget'],
  ])('validates %s=%j → %s', async (field, value, message) => {
    const r = await t.call('POST', '/signUpWithDomain', {
      ...good,
      email: 'dom2@example.com',
      [field]: value,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });
});

describe('login', () => {
  it('signs a verified user in', async () => {
    const r = await t.call('POST', '/login', {
      email: 'admin@demo.test',
      password: DEMO_PASSWORD,
      roleType: 'Admin',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Logged in successfully.');
    expect(r.body.data.user.roles).toEqual([{ role: { UID: expect.any(String), roleType: 'Admin' } }]);
  });

  it('answers unknown email and wrong password identically', async () => {
    const a = await t.call('POST', '/login', { email: 'nobody@example.com', password: 'Wrong@Pass1' });
    const b = await t.call('POST', '/login', { email: 'buyer@demo.test', password: 'Wrong@Pass1' });
    expect(a.status).toBe(400);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(a.body).toEqual({ message: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' });
  });

  it('checks the password first, then answers 207 and mails a new code to an unverified account', async () => {
    await t.call('POST', '/signup', { email: 'unverified@example.com', password: PASSWORD });
    const first = await t.lastCode('unverified@example.com');
    const wrong = await t.call('POST', '/login', {
      email: 'unverified@example.com',
      password: 'Wrong@Pass1',
    });
    expect(wrong.status).toBe(400);
    const r = await t.call('POST', '/login', { email: 'unverified@example.com', password: PASSWORD });
    expect(r.status).toBe(207);
    expect(r.body.data).toEqual({ email: 'unverified@example.com' });
    const second = await t.lastCode('unverified@example.com');
    // The earlier code stops working once a new one is issued (unless they happen to be equal).
    if (first !== second) {
      const old = await t.call('PATCH', '/verifyEmailByCode', {
        email: 'unverified@example.com',
        verificationCode: first,
      });
      expect(old.status).toBe(400);
    }
    const ok = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'unverified@example.com',
      verificationCode: second,
    });
    expect(ok.status).toBe(200);
  });

  it.each([
    [{ password: 'x' }, "Email address can't be empty."],
    [{ email: 'bad', password: 'x' }, 'Email address is not valid.'],
    [{ email: 'a@example.com' }, "Password can't be empty."],
    [{ email: 'a@example.com', password: '' }, "Password can't be empty."],
    [{ email: 'a@example.com', password: 'x', roleType: 'King' }, 'Invalid role type.'],
  ])('validates %j → %s', async (body, message) => {
    const r = await t.call('POST', '/login', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });
});

describe('email codes', () => {
  it('accepts the code as a number (zero-padded)', async () => {
    await t.call('POST', '/signup', { email: 'num@example.com', password: PASSWORD });
    const code = await t.lastCode('num@example.com');
    const r = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'num@example.com',
      verificationCode: Number(code),
    });
    expect(r.status).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    await t.call('POST', '/signup', { email: 'late@example.com', password: PASSWORD });
    const code = await t.lastCode('late@example.com');
    t.clock.advance(10 * 60_000 + 1);
    const r = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'late@example.com',
      verificationCode: code,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'OTP Expired!', code: 'OTP_EXPIRED' });
  });

  it('is still good just before 10 minutes', async () => {
    await t.call('POST', '/signup', { email: 'intime@example.com', password: PASSWORD });
    const code = await t.lastCode('intime@example.com');
    t.clock.advance(10 * 60_000 - 1000);
    const r = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'intime@example.com',
      verificationCode: code,
    });
    expect(r.status).toBe(200);
  });

  it('dies after 5 wrong tries, even for the right code afterwards', async () => {
    await t.call('POST', '/signup', { email: 'guess@example.com', password: PASSWORD });
    const code = await t.lastCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.call('PATCH', '/verifyEmailByCode', {
        email: 'guess@example.com',
        verificationCode: wrong,
      });
      expect(r.status).toBe(400);
      answers.push(r.body.code);
    }
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_EXPIRED']);
    const r = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'guess@example.com',
      verificationCode: code,
    });
    expect(r.body).toEqual({ message: 'OTP Expired!', code: 'OTP_EXPIRED' });
  });

  it('is single use: parallel submissions of the right code succeed exactly once', async () => {
    await t.call('POST', '/signup', { email: 'race@example.com', password: PASSWORD });
    const code = await t.lastCode('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('PATCH', '/verifyEmailByCode', { email: 'race@example.com', verificationCode: code }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect([400, 409]).toContain(r.status);
    const [u] = await t.db.select().from(users).where(eq(users.email, 'race@example.com'));
    const live = await t.db.select().from(sessions).where(eq(sessions.userUid, u!.uid));
    expect(live).toHaveLength(1);
  });

  it('stores codes hashed, never in clear', async () => {
    await t.call('POST', '/signup', { email: 'hash@example.com', password: PASSWORD });
    const code = await t.lastCode('hash@example.com');
    const rows = await t.db.select().from(emailCodes);
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
  });

  it('sendVerificationCode mails a new code; unknown and verified addresses get their messages', async () => {
    await t.call('POST', '/signup', { email: 'resend@example.com', password: PASSWORD });
    const r = await t.call('POST', '/sendVerificationCode', { email: 'resend@example.com' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('OTP sent to email address, and it will expire in the next 10 minutes.');
    const ok = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'resend@example.com',
      verificationCode: await t.lastCode('resend@example.com'),
    });
    expect(ok.status).toBe(200);
    expect((await t.call('POST', '/sendVerificationCode', { email: 'ghost@example.com' })).body).toEqual({
      message: 'Email is not registered.',
      code: 'EMAIL_NOT_REGISTERED',
    });
    const verified = await t.call('POST', '/sendVerificationCode', { email: 'resend@example.com' });
    expect(verified.status).toBe(409);
    expect(verified.body.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it.each([
    [{ email: 'a@example.com' }, 'Please enter OTP!'],
    [{ email: 'a@example.com', verificationCode: '' }, 'Please enter OTP!'],
    [{ email: 'a@example.com', verificationCode: '12ab56' }, 'The code must be 6 digits.'],
    [{ email: 'a@example.com', verificationCode: -5 }, 'Please enter OTP!'],
    [{ verificationCode: '123456' }, "Email address can't be empty."],
  ])('verifyEmailByCode validates %j → %s', async (body, message) => {
    const r = await t.call('PATCH', '/verifyEmailByCode', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });
});

describe('sessions', () => {
  it('a deactivated account signs in no more and its open sessions stop working', async () => {
    const email = 'deactivated@example.com';
    const token = await t.register(email, PASSWORD);
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(200);
    // deactivated directly, as if the revocation of its sessions had been missed
    await t.db.update(users).set({ deactivatedAt: t.clock.now() }).where(eq(users.email, email));
    const after = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(after.body).toEqual({ message: 'Token is not valid!', code: 'TOKEN_INVALID' });
    const login = await t.call('POST', '/login', { email, password: PASSWORD });
    expect(login.body).toEqual({ message: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' });
  });

  it('logout revokes the token', async () => {
    const token = await t.register('bye@example.com');
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(200);
    const out = await t.call('GET', '/logout', undefined, t.auth(token));
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully.' } });
    const after = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Token is not valid!', code: 'TOKEN_INVALID' });
  });

  it('answers 401 for a missing or malformed Authorization header', async () => {
    const headers: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer a b' },
      { authorization: 'Bearer' },
    ];
    for (const h of headers) {
      const r = await t.call('GET', '/myProfile', undefined, h);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('AUTH_MISSING');
    }
  });

  it('expires after 60 idle minutes and slides with use', async () => {
    const token = await t.register('idle@example.com');
    t.clock.advance(59 * 60_000);
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(200);
    t.clock.advance(59 * 60_000); // 118 minutes after sign-in, 59 after the last use
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(200);
    t.clock.advance(60 * 60_000 + 1);
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(401);
  });

  it('writes last_seen at most once a minute', async () => {
    const token = await t.register('touch@example.com');
    const [u] = await t.db.select().from(users).where(eq(users.email, 'touch@example.com'));
    const seen = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userUid, u!.uid)))[0]!.lastSeenAt.getTime();
    const start = await seen();
    t.clock.advance(30_000);
    await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(await seen()).toBe(start);
    t.clock.advance(31_000);
    await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(await seen()).toBe(start + 61_000);
  });

  it('ends after 30 days even when used every 50 minutes', async () => {
    const token = await t.register('cap@example.com');
    const step = 50 * 60_000;
    let alive = 0;
    for (let i = 0; i < 30 * 30; i++) {
      t.clock.advance(step);
      if ((await t.call('GET', '/myProfile', undefined, t.auth(token))).status !== 200) break;
      alive += step;
    }
    expect(alive).toBeGreaterThan(29 * 86_400_000);
    expect(alive).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it('stores only the hash of the token', async () => {
    const token = await t.register('hashed@example.com');
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('reads roles fresh: a role change applies on the next request', async () => {
    const token = await t.register('promoted@example.com');
    const before = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(before.body.data.roles.map((r: { role: { roleType: string } }) => r.role.roleType)).toEqual([
      'Buyer',
    ]);
    await t.db
      .update(users)
      .set({ appraisalSearchUnLimit: true })
      .where(eq(users.email, 'promoted@example.com'));
    const after = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(after.body.data.userDetail.AppraisalSearchUnLimit).toBe(true);

    // several roles come in the order of their names, as PATCH /myProfile (the profile read) gives them
    const [user] = await t.db.select().from(users).where(eq(users.email, 'promoted@example.com'));
    const more = await t.db
      .select()
      .from(roles)
      .where(inArray(roles.roleType, ['Seller', 'Admin']));
    await t.db.insert(userRoles).values(more.map((r) => ({ userUid: user!.uid, roleUid: r.uid })));
    const three = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(three.body.data.roles.map((r: { role: { roleType: string } }) => r.role.roleType)).toEqual([
      'Admin',
      'Buyer',
      'Seller',
    ]);
    const patched = await t.call('PATCH', '/myProfile', {}, t.auth(token));
    expect(three.body.data).toEqual(patched.body.data);
    // and a user left with no role at all still signs in, with none
    await t.db.delete(userRoles).where(eq(userRoles.userUid, user!.uid));
    const none = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(none).toMatchObject({ status: 200, body: { data: { UID: user!.uid, roles: [] } } });
  });

  it('knows a role added while it runs (role names are kept in memory, ids never change meaning)', async () => {
    const lookup = createSessionLookup(t.db, t.config.session);
    const token = await t.register('late-role@example.com');
    const first = await lookup(token, t.clock.now());
    expect(first?.user.roles.map((r) => r.role.roleType)).toEqual(['Buyer']);
    const [late] = await t.db.insert(roles).values({ roleType: 'Auditor' }).returning({ uid: roles.uid });
    await t.db.insert(userRoles).values({ userUid: first!.user.UID, roleUid: late!.uid });
    const again = await lookup(token, t.clock.now());
    expect(again?.user.roles).toEqual([
      { role: { UID: late!.uid, roleType: 'Auditor' } },
      { role: { UID: expect.any(String), roleType: 'Buyer' } },
    ]);
    await t.db.delete(userRoles).where(eq(userRoles.roleUid, late!.uid));
    await t.db.delete(roles).where(eq(roles.uid, late!.uid));
  });
});

describe('change password', () => {
  it('changes it, revokes every session, and the new password works', async () => {
    const token = await t.register('change@example.com');
    const other = await t.call('POST', '/login', { email: 'change@example.com', password: PASSWORD });
    const r = await t.call(
      'PATCH',
      '/changePassword',
      { oldPassword: PASSWORD, password: 'N3w@Password', confirmPassword: 'N3w@Password' },
      t.auth(token),
    );
    expect(r).toMatchObject({ status: 200, body: { message: 'Password changed successfully' } });
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(401);
    expect((await t.call('GET', '/myProfile', undefined, t.auth(other.body.data.token))).status).toBe(401);
    expect((await t.call('POST', '/login', { email: 'change@example.com', password: PASSWORD })).status).toBe(
      400,
    );
    expect(
      (await t.call('POST', '/login', { email: 'change@example.com', password: 'N3w@Password' })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const token = await t.register('change2@example.com');
    const r = await t.call(
      'PATCH',
      '/changePassword',
      { oldPassword: 'Wrong@Pass1', password: 'N3w@Password', confirmPassword: 'N3w@Password' },
      t.auth(token),
    );
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Current password is not correct.', code: 'CURRENT_PASSWORD_WRONG' });
  });

  it.each([
    [{ password: 'N3w@Password', confirmPassword: 'N3w@Password' }, "Current password can't be empty."],
    [
      { oldPassword: PASSWORD, password: 'N3w@Password', confirmPassword: 'Other@Pass1' },
      'Passwords must match',
    ],
    [
      { oldPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
      'Old and new password cannot be the same.',
    ],
    [{ oldPassword: PASSWORD, password: 'N3w@Password' }, "Confirm password can't be empty."],
    [
      { oldPassword: PASSWORD, password: 'short', confirmPassword: 'short' },
      expect.stringContaining('Password must be'),
    ],
  ])('validates %j', async (body, message) => {
    const token = (await t.call('POST', '/login', { email: 'buyer@demo.test', password: DEMO_PASSWORD })).body
      .data.token;
    const r = await t.call('PATCH', '/changePassword', body, t.auth(token));
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(message);
  });

  it('needs a session', async () => {
    const r = await t.call('PATCH', '/changePassword', {
      oldPassword: PASSWORD,
      password: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(r.status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset code; email + code + new password resets and revokes sessions', async () => {
    const token = await t.register('forgot@example.com');
    const f = await t.call('PATCH', '/forgotPassword', { email: 'forgot@example.com', roleType: 'Buyer' });
    expect(f.status).toBe(200);
    const code = await t.lastCode('forgot@example.com', 'reset-code');
    const r = await t.call('PATCH', '/resetPassword', {
      email: 'forgot@example.com',
      OTP: code,
      password: 'Reset@Pass9',
      confirmPassword: 'Reset@Pass9',
    });
    expect(r).toMatchObject({
      status: 200,
      body: { message: 'Your password has been reset, please sign in with the new password.' },
    });
    expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(401);
    expect(
      (await t.call('POST', '/login', { email: 'forgot@example.com', password: 'Reset@Pass9' })).status,
    ).toBe(200);
    const again = await t.call('PATCH', '/resetPassword', {
      email: 'forgot@example.com',
      OTP: code,
      password: 'Reset@Pass8',
      confirmPassword: 'Reset@Pass8',
    });
    expect(again.body.code).toBe('OTP_EXPIRED');
  });

  it('a code never works for another account', async () => {
    await t.register('victim@example.com');
    await t.call('PATCH', '/forgotPassword', { email: 'forgot@example.com' });
    const code = await t.lastCode('forgot@example.com', 'reset-code');
    const r = await t.call('PATCH', '/resetPassword', {
      email: 'victim@example.com',
      OTP: code,
      password: 'Reset@Pass7',
      confirmPassword: 'Reset@Pass7',
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('OTP_EXPIRED');
  });

  it('answers Email is not registered for an unknown address', async () => {
    const r = await t.call('PATCH', '/forgotPassword', { email: 'ghost@example.com' });
    expect(r).toMatchObject({ status: 404, body: { message: 'Email is not registered.' } });
  });

  it.each([
    [{}, 'Email field should not be empty.'],
    [{ email: 'nope' }, 'Please Enter Valid Email Address'],
  ])('forgotPassword validates %j → %s', async (body, message) => {
    const r = await t.call('PATCH', '/forgotPassword', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });

  it.each([
    [{ email: 'a@example.com', password: 'Reset@Pass9', confirmPassword: 'Reset@Pass9' }, 'Please Enter OTP'],
    [
      { email: 'a@example.com', OTP: '123456', password: 'Reset@Pass9', confirmPassword: 'Other@Pass9' },
      'password and confirm password must match',
    ],
    [{ email: 'a@example.com', OTP: '123456', password: 'Reset@Pass9' }, "Confirm password can't be empty."],
    [{ email: 'a@example.com', OTP: '123456', confirmPassword: 'x' }, "Password can't be empty."],
    [
      { OTP: '123456', password: 'Reset@Pass9', confirmPassword: 'Reset@Pass9' },
      'Email field should not be empty.',
    ],
  ])('resetPassword validates %j → %s', async (body, message) => {
    const r = await t.call('PATCH', '/resetPassword', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });
});

describe('roles', () => {
  it('lists the five roles', async () => {
    const r = await t.call('GET', '/roles');
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: { roleType: string }) => x.roleType).sort()).toEqual([
      'Admin',
      'Buyer',
      'Consultant',
      'Registrar',
      'Seller',
    ]);
  });
});

describe('request shape', () => {
  it('answers malformed JSON with 400 and the catalogue message', async () => {
    const r = await t.call('POST', '/login', '{"email":');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Error in parsing request.', code: 'PARSE_ERROR' });
  });
  it('refuses a body that is not an object', async () => {
    for (const body of ['[]', '"x"', '42', 'null']) {
      const r = await t.call('POST', '/login', body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INVALID_BODY');
    }
  });
  it('refuses unknown query parameters', async () => {
    const r = await t.call('GET', '/roles?admin=1');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Unknown input field');
  });
});
