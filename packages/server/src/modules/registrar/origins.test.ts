// Self-service allowed origins (docs/registrar-integration.md): GET/POST/DELETE /api/registrar/origins, and that a
// change counts at once in the frame page's CSP frame-ancestors and in the frame's origin check.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_ALLOWED_ORIGINS, ORIGIN_MESSAGES } from '@domain-broker/shared/schemas/registrar-origins';
import { isAllowedOrigin } from '@domain-broker/shared/widget-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrars, users } from '#server/db/schema/accounts.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let widgetDir: string;

beforeAll(async () => {
  widgetDir = mkdtempSync(join(tmpdir(), 'widget-dist-'));
  mkdirSync(join(widgetDir, 'frame'), { recursive: true });
  writeFileSync(join(widgetDir, 'widget.js'), '');
  for (const page of ['registrar-message', 'sample-registrar-flow']) {
    writeFileSync(
      join(widgetDir, 'frame', `${page}.html`),
      `<!doctype html><html><head><title>${page}</title></head><body></body></html>`,
    );
  }
  t = await createTestApp({ deps: { widgetDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(widgetDir, { recursive: true, force: true });
});

let n = 0;
/** A fresh registrar (with `origins`) and a Registrar-role user tied to it. */
async function registrar(origins: string[] = []): Promise<TestUser & { registrarId: string }> {
  const registrarId = `reg-origins-${++n}-${Date.now().toString(36)}`;
  await t.db.insert(registrars).values({ uid: registrarId, name: `Registrar ${n}`, allowedOrigins: origins });
  const user = await makeUser(t, { role: 'Registrar' });
  await t.db.update(users).set({ registrarUID: registrarId }).where(eq(users.uid, user.uid));
  return { ...user, registrarId };
}

const get = (u: TestUser) => t.call('GET', '/registrar/origins', undefined, u.headers);
const add = (u: TestUser, origin: unknown) => t.call('POST', '/registrar/origins', { origin }, u.headers);
const remove = (u: TestUser, origin: unknown) =>
  t.call('DELETE', '/registrar/origins', { origin }, u.headers);

/** What the frame page served for `registrarId` says: its frame-ancestors and the registrar it preloads. */
async function framePage(registrarId: string, view = '/registrar-message') {
  const r = await t.app.request(`${view}?registrarId=${registrarId}&domainName=wanted.com`);
  const csp = r.headers.get('content-security-policy') ?? '';
  // the registrar's origins, then 'self' (the portal's own preview), which every known registrar has
  const all = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(all.at(-1)).toBe("'self'");
  const ancestors = all.slice(0, -1);
  const meta = /<meta name="domain-broker-registrar" content="([^"]*)">/.exec(await r.text())?.[1] ?? '{}';
  const preloaded = JSON.parse(meta.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  return { ancestors, allowed: preloaded.allowedOrigins as unknown };
}

describe('who may read and change origins', () => {
  it('is the Registrar role only, each with its own list; guests 401, every other role 403', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { origin: 'https://shop.example.com' }],
      ['DELETE', { origin: 'https://shop.example.com' }],
    ] as const) {
      expect((await t.call(method, '/registrar/origins', body)).status).toBe(401);
      for (const role of ['Buyer', 'Seller', 'Consultant', 'Admin'] as const) {
        const other = await makeUser(t, { role });
        const r = await t.call(method, '/registrar/origins', body, other.headers);
        expect([role, r.status, r.body.code]).toEqual([role, 403, 'PERMISSION_DENIED']);
      }
    }
    // a buyer referred by a registrar carries its registrar id too, and still may not
    const referred = await makeUser(t, { role: 'Buyer' });
    const mine = await registrar(['https://mine.example.com']);
    await t.db.update(users).set({ registrarUID: mine.registrarId }).where(eq(users.uid, referred.uid));
    expect((await add(referred, 'https://evil.example.com')).status).toBe(403);

    const r = await get(mine);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      registrarUID: mine.registrarId,
      name: expect.any(String),
      origins: ['https://mine.example.com'],
      maxOrigins: MAX_ALLOWED_ORIGINS,
    });
    // another registrar's change never touches this list
    const other = await registrar();
    expect((await add(other, 'https://other.example.com')).status).toBe(201);
    expect((await get(mine)).body.data.origins).toEqual(['https://mine.example.com']);
  });

  it('tells a Registrar account tied to no registrar that there is none', async () => {
    const loose = await makeUser(t, { role: 'Registrar' });
    for (const r of [await get(loose), await add(loose, 'https://a.example.com')]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('REGISTRAR_NOT_FOUND');
    }
  });
});

describe('an origin added works at once, and a removed one stops working', () => {
  it('changes the frame pages’ frame-ancestors and the frame’s origin check on the next load', async () => {
    const reg = await registrar(['https://www.example-registrar.com']);
    const site = 'http://localhost:4017';
    for (const view of ['/registrar-message', '/sample-registrar-flow']) {
      const before = await framePage(reg.registrarId, view);
      expect(before.ancestors).toEqual(['https://www.example-registrar.com']);
      expect(isAllowedOrigin(site, before.allowed)).toBe(false);
    }
    const added = await add(reg, `${site}/`);
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Origin added: the widget may now be embedded there.');
    expect(added.body.data.origins).toEqual(['https://www.example-registrar.com', site]);

    for (const view of ['/registrar-message', '/sample-registrar-flow']) {
      const after = await framePage(reg.registrarId, view);
      expect(after.ancestors).toEqual(['https://www.example-registrar.com', site]);
      expect(isAllowedOrigin(site, after.allowed)).toBe(true);
    }
    // the frame's fallback question (no preloaded answer) says the same, and is never cached
    const api = await t.call('GET', `/widget/registrars/${reg.registrarId}`);
    expect(isAllowedOrigin(site, api.body.data.allowedOrigins)).toBe(true);
    expect(api.headers.get('cache-control')).toBe('no-store');

    const removed = await remove(reg, site);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Origin removed: the widget no longer appears there.');
    expect(removed.body.data.origins).toEqual(['https://www.example-registrar.com']);
    const gone = await framePage(reg.registrarId);
    expect(gone.ancestors).toEqual(['https://www.example-registrar.com']);
    expect(isAllowedOrigin(site, gone.allowed)).toBe(false);
    expect(
      isAllowedOrigin(
        site,
        (await t.call('GET', `/widget/registrars/${reg.registrarId}`)).body.data.allowedOrigins,
      ),
    ).toBe(false);

    // the last one removed: no registrar page may frame the widget (only the portal's own preview)
    expect((await remove(reg, 'https://www.example-registrar.com')).body.data.origins).toEqual([]);
    expect((await framePage(reg.registrarId)).ancestors).toEqual([]);
  });

  it('stores origins normalised: lower case, punycode, no default port, no trailing slash', async () => {
    const reg = await registrar();
    expect((await add(reg, ' HTTPS://Shop.Example.COM:443/ ')).body.data.origins).toEqual([
      'https://shop.example.com',
    ]);
    expect((await add(reg, 'https://bücher.example')).body.data.origins).toContain(
      'https://xn--bcher-kva.example',
    );
    expect((await framePage(reg.registrarId)).ancestors).toEqual([
      'https://shop.example.com',
      'https://xn--bcher-kva.example',
    ]);
    // removal compares after the same normalisation, and takes an entry stored before these rules
    expect((await remove(reg, 'https://bücher.example/')).status).toBe(200);
    await t.db
      .update(registrars)
      .set({ allowedOrigins: ['https://shop.example.com', 'HTTP://Legacy.Example.com/'] })
      .where(eq(registrars.uid, reg.registrarId));
    expect((await get(reg)).body.data.origins).toEqual([
      'https://shop.example.com',
      'http://legacy.example.com',
    ]);
    expect((await remove(reg, 'http://legacy.example.com')).body.data.origins).toEqual([
      'https://shop.example.com',
    ]);
  });
});

describe('refusals: a message, never a 500', () => {
  it.each([
    ['', ORIGIN_MESSAGES.empty],
    ['shop.example.com', ORIGIN_MESSAGES.invalid],
    ['https://shop.example.com/widget', ORIGIN_MESSAGES.pathOrQuery],
    ['https://shop.example.com?x=1', ORIGIN_MESSAGES.pathOrQuery],
    ['https://shop.example.com#a', ORIGIN_MESSAGES.pathOrQuery],
    ['http://shop.example.com', ORIGIN_MESSAGES.notHttps],
    ['file:///etc/passwd', ORIGIN_MESSAGES.notHttps],
    ['https://*.example.com', ORIGIN_MESSAGES.host],
    ["https://example.com 'unsafe-inline'", ORIGIN_MESSAGES.invalid],
    ['https://exa\u0000mple.com', ORIGIN_MESSAGES.invalid],
    [`https://${'a'.repeat(400)}.com`, ORIGIN_MESSAGES.tooLong],
    [42, ORIGIN_MESSAGES.empty],
    [null, ORIGIN_MESSAGES.empty],
  ])('POST %j: %s', async (origin, message) => {
    const reg = await registrar();
    const r = await add(reg, origin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await get(reg)).body.data.origins).toEqual([]);
  });

  it('refuses a malformed body, a missing or unknown field', async () => {
    const reg = await registrar();
    const raw = (method: string, body: string) => t.call(method, '/registrar/origins', body, reg.headers);
    for (const method of ['POST', 'DELETE']) {
      expect((await raw(method, '{')).body.code).toBe('PARSE_ERROR');
      expect((await raw(method, '["https://a.example.com"]')).body.code).toBe('INVALID_BODY');
      const missing = await raw(method, '{}');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(ORIGIN_MESSAGES.empty);
      const extra = await raw(method, JSON.stringify({ origin: 'https://a.example.com', registrarUID: 'x' }));
      expect(extra.body.code).toBe('UNKNOWN_FIELD');
    }
    expect((await t.call('GET', '/registrar/origins?x=1', undefined, reg.headers)).status).toBe(400);
  });

  it('refuses a duplicate (however written), more than the maximum, and removing what is not there', async () => {
    const reg = await registrar(['https://shop.example.com']);
    for (const again of ['https://shop.example.com', 'https://SHOP.example.com:443/']) {
      const dup = await add(reg, again);
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({
        code: 'ORIGIN_ALREADY_ADDED',
        message: 'This origin is already in your list.',
      });
    }
    const missing = await remove(reg, 'https://nowhere.example.com');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'ORIGIN_NOT_FOUND',
      message: 'This origin is not in your list.',
    });

    // many at once: exactly up to the maximum, the rest refused with the limit's message
    const results = await Promise.all(
      Array.from({ length: MAX_ALLOWED_ORIGINS + 5 }, (_, i) => add(reg, `https://site${i}.example.com`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_ALLOWED_ORIGINS - 1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(refused.map(() => [409, 'ORIGIN_LIMIT']));
    expect(refused[0]!.body.message).toBe(
      `You can register at most ${MAX_ALLOWED_ORIGINS} origins: remove one first.`,
    );
    const list = (await get(reg)).body.data.origins as string[];
    expect(list).toHaveLength(MAX_ALLOWED_ORIGINS);
    expect(new Set(list).size).toBe(MAX_ALLOWED_ORIGINS);
  });
});
