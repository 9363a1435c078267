import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.register('fuzz@example.com');
});
afterAll(() => t.close());

const ENDPOINTS: [string, string, boolean][] = [
  ['POST', '/signup', false],
  ['POST', '/signUpWithDomain', false],
  ['POST', '/login', false],
  ['POST', '/sendVerificationCode', false],
  ['PATCH', '/verifyEmailByCode', false],
  ['PATCH', '/forgotPassword', false],
  ['PATCH', '/resetPassword', false],
  ['PATCH', '/changePassword', true],
  ['PATCH', '/myProfile', true],
  ['POST', '/socialLogin', false],
  ['POST', '/oneTabLogin', false],
];

const FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'name',
  'phone',
  'domainName',
  'offerAmount',
  'registrarUID',
  'verificationCode',
  'OTP',
  'oldPassword',
  'firstName',
  'lastName',
  'website',
  'image',
  'preferredContact',
  'roleType',
  'userInterested',
  'credential',
  'appraisalUser',
  'locale',
];
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('a@b.co', 'Str0ng@Pass', '+14155550100', 'wanted.com', '123456', 'Buyer', 'x'.repeat(5000)),
  fc.array(fc.string()),
  fc.dictionary(fc.string(), fc.string()),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value),
  fc.dictionary(fc.string(), value),
  fc.jsonValue().map((j) => JSON.stringify(j)),
  fc.string(),
);

describe('no body sent to the account endpoints ever gets a 5xx', () => {
  it.each(ENDPOINTS)('%s %s', async (method, path, authed) => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await t.call(method, path, b, authed ? t.auth(token) : {});
        if (r.status >= 500)
          throw new Error(`${r.status} ${JSON.stringify(r.body)} for ${JSON.stringify(b)}`);
        if (typeof r.body?.message !== 'string') throw new Error(`no message for ${JSON.stringify(b)}`);
      }),
      { numRuns: 60 },
    );
  });
});
