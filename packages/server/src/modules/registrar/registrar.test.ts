import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REGISTRAR_ID_MAX_LENGTH } from '@domain-broker/shared/widget-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrarClickDays } from '#server/db/schema/partners.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let widgetDir: string;
const DEVICE_A = 'device-aaaaaaaaaaaaaaaa';
const DEVICE_B = 'device-bbbbbbbbbbbbbbbb';

beforeAll(async () => {
  // A stand-in for packages/widget-sdk/dist so the serving routes are tested without a build.
  widgetDir = mkdtempSync(join(tmpdir(), 'widget-dist-'));
  mkdirSync(join(widgetDir, 'frame', 'assets'), { recursive: true });
  writeFileSync(join(widgetDir, 'widget.js'), '(()=>{/* loader */})();');
  writeFileSync(
    join(widgetDir, 'frame', 'registrar-message.html'),
    '<!doctype html><html><head><title>message</title></head><body></body></html>',
  );
  writeFileSync(
    join(widgetDir, 'frame', 'sample-registrar-flow.html'),
    '<!doctype html><title>search</title>',
  );
  writeFileSync(join(widgetDir, 'frame', 'assets', 'main-abc.js'), 'console.log(1)');
  t = await createTestApp({ deps: { widgetDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(widgetDir, { recursive: true, force: true });
});

const login = async (email: string) => {
  const r = await t.call('POST', '/login', { email, password: DEMO_PASSWORD });
  expect(r.status).toBe(200);
  return r.body.data.token as string;
};

describe('registrar details', () => {
  it('shows a registrar’s name and logo, and 404s for an unknown id', async () => {
    const r = await t.call('GET', '/registrars/demo-registrar');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      UID: 'demo-registrar',
      name: expect.any(String),
      image: expect.any(String),
    });
    expect(r.body.data.allowedOrigins).toBeUndefined();
    const missing = await t.call('GET', '/registrars/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'REGISTRAR_NOT_FOUND',
      message: 'Registrar UID is not found',
    });
  });

  it('takes ids of the widget contract: up to 64 of letters, digits, dot, dash and underscore', async () => {
    const longest = 'r'.repeat(REGISTRAR_ID_MAX_LENGTH);
    for (const path of ['/registrars', '/widget/registrars']) {
      expect((await t.call('GET', `${path}/${longest}`)).body.code).toBe('REGISTRAR_NOT_FOUND');
      const tooLong = await t.call('GET', `${path}/${longest}r`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.code).toBe('REGISTRAR_UID_MISSING');
      // an id no registrar can have is simply not found
      expect((await t.call('GET', `${path}/demo%20registrar`)).status).toBe(404);
    }
  });

  it('tells the widget frame which origins may embed it', async () => {
    const r = await t.call('GET', '/widget/registrars/demo-registrar');
    expect(r.status).toBe(200);
    expect(r.body.data.allowedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000']),
    );
  });

  it('lists registrars to staff only', async () => {
    expect((await t.call('GET', '/getRegistrarList')).status).toBe(401);
    const buyer = await login('buyer@demo.test');
    expect((await t.call('GET', '/getRegistrarList', undefined, t.auth(buyer))).status).toBe(403);
    const admin = await login('admin@demo.test');
    const r = await t.call('GET', '/getRegistrarList', undefined, t.auth(admin));
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: { UID: string }) => x.UID)).toContain('demo-registrar');
  });
});

describe('POST /updateClicks/{registrarId}', () => {
  const click = (device: string, body: unknown = { domainName: 'wanted.com' }, query = '?dn=wanted.com') =>
    t.call('POST', `/updateClicks/demo-registrar${query}`, body, { 'x-device-id': device });

  it('counts one click per visitor, registrar, domain and day', async () => {
    const first = await click(DEVICE_A);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ recorded: true, lowBudget: false });
    expect((await click(DEVICE_A)).body.data.recorded).toBe(false);
    expect((await click(DEVICE_B)).body.data.recorded).toBe(true);
    expect((await click(DEVICE_A, { domainName: 'other.com' }, '')).body.data.recorded).toBe(true);
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await click(DEVICE_A)).body.data.recorded).toBe(true);
    // The dashboard's daily counts (registrar_click_days) match the clicks counted, day by day.
    const days = await t.db
      .select({ day: registrarClickDays.day, clicks: registrarClickDays.clicks })
      .from(registrarClickDays)
      .where(eq(registrarClickDays.registrarUid, 'demo-registrar'))
      .orderBy(registrarClickDays.day);
    expect(days).toEqual([
      { day: '2026-01-15', clicks: 3 },
      { day: '2026-01-16', clicks: 1 },
    ]);
  });

  it('counts parallel clicks of one visitor once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => click('device-parallel-cccccccc', { domainName: 'race.com' }, '')),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.recorded)).toHaveLength(1);
  });

  it('answers 203 when the visitor’s budget is below a held domain’s usual price', async () => {
    const r = await click('device-lowbudget-dddddddd', { domainName: 'wanted.com', offerAmount: '100' });
    expect(r.status).toBe(203);
    expect(r.body.data.lowBudget).toBe(true);
    expect(r.body.message).toMatch(/budget/);
  });

  it('refuses unknown registrars, bad domains and unknown fields', async () => {
    const unknown = await t.call('POST', '/updateClicks/nobody?dn=wanted.com', { domainName: 'wanted.com' });
    expect(unknown.status).toBe(404);
    const bad = await click(DEVICE_A, { domainName: 'not a domain' }, '');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The domain name you looking for is not a valid one.');
    const extra = await click(DEVICE_A, { domainName: 'wanted.com', registrarUID: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Unknown input field');
  });
});

describe('widget serving', () => {
  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

  it('frames the message page only for the registrar’s own origins', async () => {
    const r = await get('/registrar-message?registrarId=demo-registrar&domainName=wanted.com');
    expect(r.status).toBe(200);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors http://localhost:4000 http://127.0.0.1:4000');
    expect(csp).toContain("script-src 'self'");
    expect(r.headers.get('x-frame-options')).toBeNull();
    const html = await r.text();
    expect(html).toContain('<title>message</title>');
    // The registrar's answer travels in the page, so the frame need not ask the API before saying ready.
    const meta = html.match(/<meta name="domain-broker-registrar" content="([^"]*)">/)?.[1];
    const preloaded = JSON.parse(meta!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
    expect(preloaded).toMatchObject({
      UID: 'demo-registrar',
      allowedOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000'],
    });
    expect(r.headers.get('cache-control')).toBe('no-store');

    const unknown = await get('/sample-registrar-flow?registrarId=nobody');
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await unknown.text()).not.toContain('domain-broker-registrar');
  });

  it('writes the frame script and stylesheet into the page, allowed by their hashes only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-inline-'));
    try {
      mkdirSync(join(dir, 'frame', 'assets'), { recursive: true });
      writeFileSync(join(dir, 'widget.js'), '');
      const js = 'document.body.dataset.ran="1";';
      const css = 'body{color:red}';
      writeFileSync(join(dir, 'frame', 'assets', 'frame-x.js'), js);
      writeFileSync(join(dir, 'frame', 'assets', 'style-x.css'), css);
      writeFileSync(
        join(dir, 'frame', 'registrar-message.html'),
        '<!doctype html><html><head><title>m</title>' +
          '<script type="module" crossorigin src="/widget-frame/assets/frame-x.js"></script>' +
          '<link rel="stylesheet" crossorigin href="/widget-frame/assets/style-x.css">' +
          '<script type="module" crossorigin src="/widget-frame/assets/missing.js"></script>' +
          '</head><body></body></html>',
      );
      const app = await createTestApp({ deps: { widgetDir: dir } });
      try {
        const r = await app.app.request('/registrar-message?registrarId=demo-registrar');
        const html = await r.text();
        expect(html).toContain(`<script type="module">${js}</script>`);
        expect(html).toContain(`<style>${css}</style>`);
        // an asset that cannot be read stays a link
        expect(html).toContain('src="/widget-frame/assets/missing.js"');
        expect(html).toMatch(/<meta name="domain-broker-registrar"[^>]*><\/head>/);
        const csp = r.headers.get('content-security-policy')!;
        const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
        expect(csp).toContain(`script-src 'self' ${hash(js)};`);
        expect(csp).toContain(`style-src 'self' ${hash(css)};`);
        expect(csp).not.toContain('unsafe-inline');
        // gzipped once per page and registrar, the same page
        for (let i = 0; i < 2; i++) {
          const z = await app.app.request('/registrar-message?registrarId=demo-registrar', {
            headers: { 'accept-encoding': 'gzip, deflate, br' },
          });
          expect(z.headers.get('content-encoding')).toBe('gzip');
          expect(z.headers.get('vary')).toContain('Accept-Encoding');
          expect(gunzipSync(new Uint8Array(await z.arrayBuffer())).toString('utf8')).toBe(html);
        }
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps every other response unframeable', async () => {
    const r = await get('/api/health');
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves the loader with an ETag, to any site, and answers 304 when unchanged', async () => {
    const r = await get('/widget.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('javascript');
    expect(r.headers.get('cache-control')).toContain('max-age=300');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = r.headers.get('etag')!;
    expect((await get('/widget.js', { 'if-none-match': etag })).status).toBe(304);
    // gzipped (once) for a browser, with the weak tag of another encoding, which revalidates too
    const z = await get('/widget.js', { 'accept-encoding': 'gzip' });
    expect(z.headers.get('content-encoding')).toBe('gzip');
    expect(z.headers.get('etag')).toBe(`W/${etag}`);
    expect(gunzipSync(new Uint8Array(await z.arrayBuffer())).toString('utf8')).toBe(
      '(()=>{/* loader */})();',
    );
    expect((await get('/widget.js', { 'if-none-match': `W/${etag}` })).status).toBe(304);
  });

  it('serves hashed frame assets for a year and nothing outside the frame folder', async () => {
    const r = await get('/widget-frame/assets/main-abc.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('immutable');
    expect((await get('/widget-frame/assets/..%2f..%2fwidget.js')).status).toBe(404);
  });
});

describe('GET /api/config', () => {
  it('tells the portal about this deployment without secrets', async () => {
    const r = await t.call('GET', '/config');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      googleClientId: null,
      supportedExtensions: ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'],
      environment: 'test',
      mailOutbox: true,
      maintenance: false,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/secret|password/i);
  });
});
