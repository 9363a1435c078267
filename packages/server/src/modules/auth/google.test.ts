import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let server: Server;
let t: TestApp;
let noGoogle: TestApp;
let sign: (
  claims: Record<string, unknown>,
  opts?: { aud?: string; iss?: string; exp?: number; key?: 'good' | 'other' },
) => Promise<string>;

beforeAll(async () => {
  const good = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
  });
  noGoogle = await createTestApp();
  sign = async (claims, opts = {}) => {
    const nowS = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt(nowS)
      .setExpirationTime(opts.exp ?? nowS + 3600)
      .sign(opts.key === 'other' ? other.privateKey : good.privateKey);
  };
});
afterAll(async () => {
  await t.close();
  await noGoogle.close();
  await new Promise((r) => server.close(r));
});

describe('Google sign-in against a local JWKS', () => {
  it('creates an account (201, password mailed), then signs the same sub in (200)', async () => {
    const credential = await sign({
      sub: 'g-1',
      email: 'G.User@gmail.com',
      given_name: 'Gina',
      family_name: 'User',
      picture: 'https://x/p.png',
    });
    const first = await t.call('POST', '/socialLogin', {
      credential,
      provider_name: 'Google',
      email: 'ignored@example.com',
      roleType: 'Buyer',
      domainName: 'wanted.com',
      registrarUID: 'demo-registrar',
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Please check your registered email for your temporary password.');
    expect(first.body.data.user).toMatchObject({
      email: 'g.user@gmail.com',
      name: 'Gina User',
      image: 'https://x/p.png',
      emailVerified: true,
    });
    expect(await t.lastMail('g.user@gmail.com', 'temporary-password')).toBeDefined();
    const [e] = await t.db.select().from(enquiries).where(eq(enquiries.email, 'g.user@gmail.com'));
    expect(e).toMatchObject({
      source: 'socialLogin',
      domainName: 'wanted.com',
      registrarUID: 'demo-registrar',
    });

    const again = await t.call('POST', '/oneTabLogin', {
      credential: await sign({ sub: 'g-1', email: 'g.user@gmail.com' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.data.user.UID).toBe(first.body.data.user.UID);
    expect((await t.call('GET', '/myProfile', undefined, t.auth(again.body.data.token))).status).toBe(200);
  });

  it('accepts the issuer without scheme too', async () => {
    const r = await t.call('POST', '/socialLogin', {
      credential: await sign({ sub: 'g-2', email: 'two@gmail.com' }, { iss: 'accounts.google.com' }),
    });
    expect(r.status).toBe(201);
  });

  it('never merges into an existing password account', async () => {
    const r = await t.call('POST', '/socialLogin', {
      credential: await sign({ sub: 'g-3', email: 'buyer@demo.test' }),
    });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      message: 'This account is already registered… Please login.',
      code: 'ACCOUNT_ALREADY_REGISTERED',
    });
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else' }],
    ['a wrong issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: Math.floor(new Date('2026-01-15T11:00:00Z').getTime() / 1000) }],
    ['a key Google did not publish', { key: 'other' as const }],
  ])('refuses %s', async (_name, opts) => {
    const r = await t.call('POST', '/socialLogin', {
      credential: await sign({ sub: 'g-x', email: 'x@gmail.com' }, opts),
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Error verifying token.', code: 'TOKEN_VERIFICATION_FAILED' });
  });

  it('refuses garbage and an unverified email', async () => {
    expect((await t.call('POST', '/socialLogin', { credential: 'not.a.jwt' })).status).toBe(400);
    const r = await t.call('POST', '/socialLogin', {
      credential: await sign({ sub: 'g-4', email: 'u@gmail.com', email_verified: false }),
    });
    expect(r.status).toBe(400);
  });

  it('validates the body', async () => {
    const r = await t.call('POST', '/socialLogin', {});
    expect(r).toMatchObject({ status: 400, body: { message: 'Error verifying token.' } });
    const u = await t.call('POST', '/oneTabLogin', { credential: 'x', isAdmin: true });
    expect(u.body.code).toBe('UNKNOWN_FIELD');
  });

  it('answers a clear 4xx when GOOGLE_CLIENT_ID is unset', async () => {
    for (const path of ['/socialLogin', '/oneTabLogin']) {
      const r = await noGoogle.call('POST', path, { credential: 'x.y.z' });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({
        message: 'Sign in with Google is not available.',
        code: 'GOOGLE_UNAVAILABLE',
      });
    }
  });
});
