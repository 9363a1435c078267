/**
 * Sign-up and the registrar landing page's enquiry check the captcha when the deployment has one
 * (decision A37): both make an account and mail it, so a robot could use them to mail any address.
 * A refused request leaves no account, no code, no enquiry and no mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, enquiries, mailOutbox, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { createResponseValidator, type ResponseValidator } from '#server/test/openapi-validator.ts';

const PASSWORD = 'Str0ng@Pass';
let t: TestApp;
let captchaApp: TestApp;
let validator: ResponseValidator;
const asked: { token: string | null | undefined; ip: string | undefined }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  captchaApp = await createTestApp({
    deps: {
      captcha: {
        enabled: true,
        verify: async (token, ip) => {
          asked.push({ token, ip });
          return token === 'human';
        },
      },
    },
  });
  validator = createResponseValidator((await captchaApp.call('GET', '/openapi.json')).body);
});
afterAll(async () => {
  await t.close();
  await captchaApp.close();
});

let seq = 0;
const address = () => `captcha${++seq}@example.com`;
const enquiry = (email: string, over: Record<string, unknown> = {}) => ({
  name: 'Domain Person',
  email,
  password: PASSWORD,
  phone: '+14155550100',
  domainName: 'wanted.io',
  offerAmount: '1200',
  registrarUID: 'demo-registrar',
  ...over,
});

/** Everything a sign-up of `email` may leave behind. */
async function traces(app: TestApp, email: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  return {
    user: user !== undefined,
    codes: user ? (await app.db.select().from(emailCodes).where(eq(emailCodes.userUid, user.uid))).length : 0,
    enquiries: (await app.db.select().from(enquiries).where(eq(enquiries.email, email))).length,
    mails: (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length,
  };
}
const NOTHING = { user: false, codes: 0, enquiries: 0, mails: 0 };

/** A refusal: 451 ROBOT_DETECTED, an answer the OpenAPI document describes. */
function expectRobot(path: string, r: Awaited<ReturnType<TestApp['call']>>) {
  expect([r.status, r.body.code]).toEqual([451, 'ROBOT_DETECTED']);
  expect(r.body.message).toBe('Your activity looks automated, so this request was stopped.');
  const op = validator.find('POST', path)!;
  expect(
    validator.problems(op, { status: r.status, headers: r.headers, text: JSON.stringify(r.body) }),
  ).toEqual([]);
}

describe('POST /signup with a captcha configured', () => {
  it('refuses a missing or bad botToken and leaves no account, code or mail', async () => {
    const email = address();
    for (const botToken of [undefined, null, 'robot']) {
      const body = { email, password: PASSWORD, ...(botToken === undefined ? {} : { botToken }) };
      expectRobot('/signup', await captchaApp.call('POST', '/signup', body));
    }
    // the short variant (no password: a temporary password would be mailed)
    expectRobot(
      '/signup',
      await captchaApp.call('POST', '/signup', { email, name: 'No Pass', botToken: 'x' }),
    );
    expect(await traces(captchaApp, email)).toEqual(NOTHING);
  });

  it('asks the verifier with the client address, and a good token signs up as before', async () => {
    const email = address();
    const r = await captchaApp.call(
      'POST',
      '/signup',
      { email, password: PASSWORD, botToken: 'human' },
      {},
      '192.0.2.9',
    );
    expect(r.status).toBe(207);
    expect(asked.at(-1)).toEqual({ token: 'human', ip: '192.0.2.9' });
    expect(await captchaApp.lastCode(email)).toMatch(/^\d{6}$/);
    expect(await traces(captchaApp, email)).toMatchObject({ user: true, codes: 1, mails: 1 });

    const temp = address();
    const r2 = await captchaApp.call('POST', '/signup', { email: temp, name: 'No Pass', botToken: 'human' });
    expect(r2.status).toBe(201);
    expect(await captchaApp.lastMail(temp, 'temporary-password')).toBeDefined();
  });

  it('tells a robot nothing about existing accounts: the check comes before the 203', async () => {
    expectRobot(
      '/signup',
      await captchaApp.call('POST', '/signup', { email: 'buyer@demo.test', password: PASSWORD }),
    );
    const human = { email: 'buyer@demo.test', password: PASSWORD, botToken: 'human' };
    expect((await captchaApp.call('POST', '/signup', human)).status).toBe(203);
  });
});

describe('POST /signUpWithDomain with a captcha configured', () => {
  it('refuses a missing or bad botToken and leaves no account, enquiry, code or mail', async () => {
    const email = address();
    expectRobot('/signUpWithDomain', await captchaApp.call('POST', '/signUpWithDomain', enquiry(email)));
    expectRobot(
      '/signUpWithDomain',
      await captchaApp.call('POST', '/signUpWithDomain', enquiry(email, { botToken: 'robot' })),
    );
    expect(await traces(captchaApp, email)).toEqual(NOTHING);
  });

  it('with a good token makes the account and its enquiry and mails the code', async () => {
    const email = address();
    const r = await captchaApp.call('POST', '/signUpWithDomain', enquiry(email, { botToken: 'human' }));
    expect(r.status).toBe(207);
    expect(await captchaApp.lastCode(email)).toMatch(/^\d{6}$/);
    expect(await traces(captchaApp, email)).toEqual({ user: true, codes: 1, enquiries: 1, mails: 1 });
  });
});

describe('without a captcha configured', () => {
  it('sign-up and the enquiry need no botToken and ignore one that is sent', async () => {
    expect((await t.call('POST', '/signup', { email: address(), password: PASSWORD })).status).toBe(207);
    expect(
      (await t.call('POST', '/signup', { email: address(), password: PASSWORD, botToken: 'x' })).status,
    ).toBe(207);
    expect((await t.call('POST', '/signUpWithDomain', enquiry(address()))).status).toBe(207);
    expect((await t.call('POST', '/signUpWithDomain', enquiry(address(), { botToken: null }))).status).toBe(
      207,
    );
  });
});
