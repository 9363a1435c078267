import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP, contentSecurityPolicy, createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createTestApp, createTestDatabase, type TestApp } from './test/harness.ts';

let t: TestApp;
let down: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');

beforeAll(async () => {
  t = await createTestApp({ deps: { staticDir: dist } });
  down = await createTestApp({ deps: { ping: async () => false } });
});
afterAll(async () => {
  await t.close();
  await down.close();
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    expect(await t.call('GET', '/health')).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
  });
  it('answers 503 once the database is gone (default SELECT 1 check)', async () => {
    const tdb = await createTestDatabase();
    await tdb.database.migrate();
    const config = loadConfig({ NODE_ENV: 'test' });
    const app = createApp({ db: tdb.database.db, config, logger: pino({ level: 'silent' }) });
    expect((await app.request('/api/health')).status).toBe(200);
    // On PostgreSQL the pool's idle connection is killed under it: without the pool 'error' handler
    // that event would crash this process.
    await tdb.pull();
    try {
      const res = await app.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: 'The service is unavailable, please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await tdb.drop();
    }
  });
  it('answers 503 when the injected check fails', async () => {
    const r = await down.call('GET', '/health');
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('security headers and errors', () => {
  it('sends a strict CSP and the other headers on every answer', async () => {
    for (const path of ['/api/health', '/api/nope', '/', '/assets/app-abc123.js']) {
      const res = await t.app.request(path, { headers: { accept: 'text/html' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });
  it('adds exactly the configured third-party origins to the policy', async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    expect(contentSecurityPolicy(base)).toBe(CSP);
    const withGoogle = contentSecurityPolicy(
      loadConfig({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }),
    );
    expect(withGoogle).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(withGoogle).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(withGoogle).not.toMatch(/script-src[^;]*(unsafe|\*)/);
    expect(withGoogle).toContain("frame-ancestors 'none'");
    const withStripe = contentSecurityPolicy(
      loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
    );
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
    expect(withStripe).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(withStripe).toContain("connect-src 'self' https://api.stripe.com");
    expect(withStripe).not.toMatch(/script-src[^;]*(unsafe|\*)/);
  });
  it('answers unknown API paths with a JSON 404', async () => {
    const r = await t.call('GET', '/nope');
    expect(r).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
  it('answers Something went wrong! for an unexpected failure, without details', async () => {
    const broken = await createTestApp({
      deps: {
        countryLookup: async () => {
          throw new Error('secret internals');
        },
      },
    });
    try {
      const r = await broken.call('GET', '/location');
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ message: 'Something went wrong!', code: 'INTERNAL' });
    } finally {
      await broken.close();
    }
  });
});

describe('static portal', () => {
  it('serves hashed assets as immutable and index.html as no-cache', async () => {
    const a = await t.app.request('/assets/app-abc123.js');
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(a.headers.get('content-type')).toContain('javascript');
    const i = await t.app.request('/', { headers: { accept: 'text/html' } });
    expect(i.headers.get('cache-control')).toBe('no-cache');
    // the app's security headers reach files too
    for (const r of [a, i]) {
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-request-id')).toBeTruthy();
    }
    expect(await i.text()).toContain('portal');
  });
  it('falls back to index.html for HTML navigations only', async () => {
    const nav = await t.app.request('/hire-consultant', {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(nav.status).toBe(200);
    expect(await nav.text()).toContain('portal');
    expect((await t.app.request('/missing.js', { headers: { accept: '*/*' } })).status).toBe(404);
    // a generic client (curl: */*) asking for the home page or a client route gets the page too
    const curl = await t.app.request('/', { headers: { accept: '*/*' } });
    expect(curl.status).toBe(200);
    expect(await curl.text()).toContain('portal');
    expect((await t.app.request('/profile', { headers: { accept: '*/*' } })).status).toBe(200);
    const api = await t.app.request('/api/missing', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
  it('never leaves the folder', async () => {
    const r = await t.app.request('/..%2f..%2fetc%2fpasswd', { headers: { accept: '*/*' } });
    expect(r.status).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('lists every endpoint with statuses and request bodies', async () => {
    const r = await t.call('GET', '/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body;
    expect(doc.openapi).toBe('3.0.3');
    const expected: [string, string][] = [
      ['/signup', 'post'],
      ['/signUpWithDomain', 'post'],
      ['/login', 'post'],
      ['/sendVerificationCode', 'post'],
      ['/verifyEmailByCode', 'patch'],
      ['/logout', 'get'],
      ['/forgotPassword', 'patch'],
      ['/resetPassword', 'patch'],
      ['/changePassword', 'patch'],
      ['/myProfile', 'get'],
      ['/myProfile', 'patch'],
      ['/roles', 'get'],
      ['/socialLogin', 'post'],
      ['/oneTabLogin', 'post'],
      ['/checkBlockedCountry', 'get'],
      ['/location', 'get'],
      ['/health', 'get'],
      ['/openapi.json', 'get'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses).length).toBeGreaterThan(1);
    }
    expect(doc.paths['/signup'].post.responses).toHaveProperty('207');
    expect(doc.components.schemas.LoginBody.properties).toHaveProperty('email');
    expect(doc.components.schemas.LoginBody.additionalProperties).toBe(false);
    expect(doc.components.schemas.UserProfile.properties).toHaveProperty('userDetail');
  });
});

describe('compression', () => {
  it('gzips text answers above 1 KB for clients that accept it, and says so to caches', async () => {
    const { createTestApp } = await import('./test/harness.ts');
    const t = await createTestApp();
    try {
      const res = await t.app.request('/api/openapi.json', {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      const plain = await t.app.request('/api/openapi.json');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse(await plain.text()).openapi).toMatch(/^3\./);
    } finally {
      await t.close();
    }
  });
});
