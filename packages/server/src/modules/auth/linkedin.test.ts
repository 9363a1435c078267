import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { users } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { startOidcStandIn, type TokenTweak } from '#server/test/oidc-stand-in.ts';

const CLIENT_ID = 'linkedin-test-client';
const CLIENT_SECRET = 'linkedin-test-secret';
let idp: Awaited<ReturnType<typeof startOidcStandIn>>;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  let clock = () => new Date();
  idp = await startOidcStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, now: () => clock() });
  t = await createTestApp({
    env: {
      LINKEDIN_CLIENT_ID: CLIENT_ID,
      LINKEDIN_CLIENT_SECRET: CLIENT_SECRET,
      LINKEDIN_ISSUER: idp.issuer,
    },
  });
  clock = t.clock.now;
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
  await idp.close();
});

/** GET /linkedinLogin, then the stand-in's authorization endpoint: the code and state it sends back. */
async function signInAtProvider(identity: Parameters<typeof setIdentity>[0]) {
  setIdentity(identity);
  const start = await t.call('GET', '/linkedinLogin');
  expect(start.status).toBe(200);
  const r = await fetch(start.body.data.url, { redirect: 'manual' });
  expect(r.status).toBe(302);
  const back = new URL(r.headers.get('location') ?? '');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back, start };
}
function setIdentity(identity: NonNullable<typeof idp.state.nextIdentity>) {
  idp.state.nextIdentity = identity;
}

/** A started sign-in whose token the stand-in makes with `tweak` (a wrong audience, key, ...). */
async function tweakedCode(claims: Record<string, unknown>, tweak: TokenTweak) {
  const start = await t.call('GET', '/linkedinLogin');
  const url = new URL(start.body.data.url);
  const code = idp.grantCode(
    { email_verified: true, nonce: url.searchParams.get('nonce'), ...claims },
    url.searchParams.get('redirect_uri')!,
    tweak,
  );
  return { code, state: start.body.data.state as string };
}

describe('Sign in with LinkedIn against a local OpenID Connect stand-in', () => {
  it('starts an authorization-code request with state, nonce and the portal return address', async () => {
    const r = await t.call('GET', '/linkedinLogin');
    expect(r.status).toBe(200);
    const url = new URL(r.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'http://localhost:3000/auth/linkedin',
      scope: 'openid profile email',
      state: r.body.data.state,
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(r.body)).not.toContain(CLIENT_SECRET);
    expect((await t.call('GET', '/config')).body.data.linkedinSignIn).toBe(true);
  });

  it('creates an account (201, password mailed), then signs the same subject in (200)', async () => {
    const a = await signInAtProvider({
      sub: 'li-1',
      email: 'Lin.Ked@example.org',
      given_name: 'Lin',
      family_name: 'Ked',
      picture: 'https://x/li.png',
    });
    expect(a.back.pathname).toBe('/auth/linkedin');
    const first = await t.call('POST', '/linkedinLogin', {
      code: a.code,
      state: a.state,
      roleType: 'Buyer',
      domainName: 'wanted.io',
      locale: 'zh',
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Please check your registered email for your temporary password.');
    expect(first.body.data.user).toMatchObject({
      email: 'lin.ked@example.org',
      name: 'Lin Ked',
      image: 'https://x/li.png',
      emailVerified: true,
    });
    const mail = await t.lastMail('lin.ked@example.org', 'temporary-password');
    expect(mail?.locale).toBe('zh');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'lin.ked@example.org'));
    expect(row).toMatchObject({ linkedinSub: 'li-1', googleSub: null });

    // the subject decides, not the address the provider reports today
    const b = await signInAtProvider({ sub: 'li-1', email: 'changed@example.org' });
    const again = await t.call('POST', '/linkedinLogin', { code: b.code, state: b.state });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Logged in successfully.');
    expect(again.body.data.user.UID).toBe(first.body.data.user.UID);
    expect((await t.call('GET', '/myProfile', undefined, t.auth(again.body.data.token))).status).toBe(200);
  });

  it('never takes over an existing account, and refuses an unverified address', async () => {
    const a = await signInAtProvider({ sub: 'li-2', email: 'buyer@demo.test' });
    const r = await t.call('POST', '/linkedinLogin', { code: a.code, state: a.state });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      message: 'This account is already registered… Please login.',
      code: 'ACCOUNT_ALREADY_REGISTERED',
    });
    const b = await signInAtProvider({
      sub: 'li-3',
      email: 'new-unverified@example.org',
      email_verified: false,
    });
    const u = await t.call('POST', '/linkedinLogin', { code: b.code, state: b.state });
    expect(u.status).toBe(400);
    expect(u.body.code).toBe('TOKEN_VERIFICATION_FAILED');
    expect(await t.db.select().from(users).where(eq(users.email, 'new-unverified@example.org'))).toEqual([]);
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'buyer@demo.test'));
    expect(owner?.linkedinSub).toBeNull();
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else' }],
    ['a wrong issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: Math.floor(new Date('2026-01-15T11:00:00Z').getTime() / 1000) }],
    ['a key the provider did not publish', { key: 'other' as const }],
    ['another sign-in’s nonce', { nonce: 'not-the-nonce' }],
  ])('refuses %s', async (_name, tweak) => {
    const { code, state } = await tweakedCode({ sub: 'li-x', email: 'x@example.org' }, tweak);
    const r = await t.call('POST', '/linkedinLogin', { code, state });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Error verifying token.', code: 'TOKEN_VERIFICATION_FAILED' });
  });

  it('refuses a forged or expired state before asking the provider, and a used code', async () => {
    const a = await signInAtProvider({ sub: 'li-4', email: 'four@example.org' });
    const before = idp.state.tokenRequests;
    const [exp, rnd, sig] = a.state.split('.');
    for (const state of [`${Number(exp) + 999}.${rnd}.${sig}`, `${exp}.${rnd}.x${sig}`, 'garbage']) {
      const r = await t.call('POST', '/linkedinLogin', { code: a.code, state });
      expect(r).toMatchObject({ status: 400, body: { code: 'TOKEN_VERIFICATION_FAILED' } });
    }
    expect(idp.state.tokenRequests).toBe(before);
    t.clock.advance(11 * 60_000);
    const late = await t.call('POST', '/linkedinLogin', { code: a.code, state: a.state });
    expect(late.status).toBe(400);
    expect(idp.state.tokenRequests).toBe(before);

    const b = await signInAtProvider({ sub: 'li-5', email: 'five@example.org' });
    expect((await t.call('POST', '/linkedinLogin', { code: b.code, state: b.state })).status).toBe(201);
    const replay = await t.call('POST', '/linkedinLogin', { code: b.code, state: b.state });
    expect(replay.status).toBe(400);
  });

  it('validates the body', async () => {
    expect((await t.call('POST', '/linkedinLogin', {})).body).toMatchObject({
      message: 'Error verifying token.',
    });
    const u = await t.call('POST', '/linkedinLogin', { code: 'c', state: 's', isAdmin: true });
    expect(u.body.code).toBe('UNKNOWN_FIELD');
    expect((await t.call('GET', '/linkedinLogin?x=1')).status).toBe(400);
  });

  it('is hidden and answers a clear 4xx when LINKEDIN_CLIENT_ID is unset', async () => {
    expect((await off.call('GET', '/config')).body.data.linkedinSignIn).toBe(false);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { code: 'c', state: 's' }],
    ] as const) {
      const r = await off.call(method, '/linkedinLogin', body);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({
        message: 'Sign in with LinkedIn is not available.',
        code: 'LINKEDIN_UNAVAILABLE',
      });
    }
  });

  it('wants the client id and secret together', () => {
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'x' })).toThrow(/LINKEDIN_CLIENT_SECRET/);
    expect(() => loadConfig({ LINKEDIN_CLIENT_SECRET: 'x' })).toThrow(/LINKEDIN_CLIENT_SECRET/);
    expect(loadConfig({}).linkedin).toBeUndefined();
    expect(loadConfig({ LINKEDIN_CLIENT_ID: 'i', LINKEDIN_CLIENT_SECRET: 's' }).linkedin).toEqual({
      clientId: 'i',
      clientSecret: 's',
      issuer: 'https://www.linkedin.com/oauth',
    });
  });
});
