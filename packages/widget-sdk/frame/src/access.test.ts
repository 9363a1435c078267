import { describe, expect, it, vi } from 'vitest';
import { checkAccess, checkAccessNow, readPreloadedRegistrar, recordClick, visitorId } from './access.ts';
import type { FrameParams } from './params.ts';

const HOST = 'https://registrar.test';
const params: FrameParams = {
  view: 'message',
  registrarId: 'demo-registrar',
  domainName: 'taken.com',
  variant: 2,
  origin: HOST,
  instance: 'abcdef0123456789abcdef01',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const registrar = (allowedOrigins: unknown) =>
  vi.fn(async () =>
    json(200, { data: { UID: 'demo-registrar', name: 'Demo Registrar', image: '', allowedOrigins } }),
  );

describe('checkAccess', () => {
  it('lets an allowed origin in and asks the API for that registrar', async () => {
    const fetch = registrar(['https://other.test', HOST]);
    await expect(checkAccess(params, { fetch })).resolves.toEqual({
      ok: true,
      registrarName: 'Demo Registrar',
    });
    expect(fetch).toHaveBeenCalledWith('/api/widget/registrars/demo-registrar', expect.anything());
  });

  it('lets the portal itself in as a preview (the integration page), for a known registrar only', async () => {
    const portal = 'https://portal.test';
    const preview = { ...params, origin: portal };
    await expect(checkAccess(preview, { fetch: registrar([HOST]), self: portal })).resolves.toEqual({
      ok: true,
      registrarName: 'Demo Registrar',
      preview: true,
    });
    // a page claiming the portal's origin from elsewhere is caught by the real parent
    await expect(
      checkAccess(preview, { fetch: registrar([HOST]), self: portal, ancestorOrigins: [HOST] }),
    ).resolves.toEqual({ ok: false, reason: 'ancestor-mismatch' });
    const unknown = vi.fn(async () => json(404, { code: 'REGISTRAR_NOT_FOUND' }));
    await expect(checkAccess(preview, { fetch: unknown, self: portal })).resolves.toEqual({
      ok: false,
      reason: 'not-found',
    });
    // without `self`, the portal is just another unregistered origin
    await expect(checkAccess(preview, { fetch: registrar([HOST]) })).resolves.toEqual({
      ok: false,
      reason: 'origin-not-allowed',
    });
  });

  it('accepts registered origins written with a trailing slash', async () => {
    await expect(checkAccess(params, { fetch: registrar([`${HOST}/`]) })).resolves.toMatchObject({
      ok: true,
    });
  });

  it.each([
    'https://registrar.test.evil.test',
    'https://evil.test',
    'http://registrar.test',
    'https://shop.registrar.test',
  ])('refuses the unregistered origin %s', async (origin) => {
    const result = await checkAccess({ ...params, origin }, { fetch: registrar([HOST]) });
    expect(result).toEqual({ ok: false, reason: 'origin-not-allowed' });
  });

  it('refuses when the registrar has no allowed origins or a malformed list', async () => {
    for (const list of [[], null, 'https://registrar.test', [42]]) {
      await expect(checkAccess(params, { fetch: registrar(list) })).resolves.toMatchObject({ ok: false });
    }
  });

  it('refuses when the real parent differs from the claimed origin, without asking the API', async () => {
    const fetch = registrar([HOST, 'https://evil.test']);
    const result = await checkAccess(params, { fetch, ancestorOrigins: ['https://evil.test'] });
    expect(result).toEqual({ ok: false, reason: 'ancestor-mismatch' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('accepts a matching parent, and an empty ancestor list (page opened on its own)', async () => {
    await expect(
      checkAccess(params, { fetch: registrar([HOST]), ancestorOrigins: [HOST] }),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      checkAccess(params, { fetch: registrar([HOST]), ancestorOrigins: [] }),
    ).resolves.toMatchObject({ ok: true });
  });

  it('refuses an unknown registrar, a failing API and a network error', async () => {
    const notFound = vi.fn(async () => json(404, { message: 'Registrar not found', code: 'NOT_FOUND' }));
    await expect(checkAccess(params, { fetch: notFound })).resolves.toEqual({
      ok: false,
      reason: 'not-found',
    });
    const broken = vi.fn(async () => json(500, { message: 'x', code: 'INTERNAL' }));
    await expect(checkAccess(params, { fetch: broken })).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(checkAccess(params, { fetch: offline })).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
    const notJson = vi.fn(async () => new Response('<html>', { status: 200 }));
    await expect(checkAccess(params, { fetch: notJson })).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('refuses missing parameters without asking the API', async () => {
    const fetch = registrar([HOST]);
    await expect(checkAccess(null, { fetch })).resolves.toEqual({ ok: false, reason: 'bad-params' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('recordClick', () => {
  it('posts the spec call with the domain in the query and the body', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    await expect(recordClick(fetch, 'demo-registrar', 'taken.com')).resolves.toBe(200);
    expect(fetch).toHaveBeenCalledWith('/api/updateClicks/demo-registrar?dn=taken.com', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ domainName: 'taken.com' }),
    });
  });

  it('passes a 203 (low budget) through and swallows network errors', async () => {
    await expect(
      recordClick(
        vi.fn(async () => new Response(null, { status: 203 })),
        'r',
        'a.com',
      ),
    ).resolves.toBe(203);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(recordClick(offline, 'r', 'a.com')).resolves.toBeNull();
  });

  it('sends the visitor id as X-Device-Id, which the server counts clicks by', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 200 }));
    await recordClick(
      fetch as typeof globalThis.fetch,
      'demo-registrar',
      'taken.com',
      'visitor-0123456789abcdef',
    );
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'x-device-id': 'visitor-0123456789abcdef' });
  });

  it('encodes path and query parts', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 200 }));
    await recordClick(fetch as typeof globalThis.fetch, 'a/b', 'x&y=z');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/updateClicks/a%2Fb?dn=x%26y%3Dz');
  });
});

describe('registrar written into the page', () => {
  const params = {
    view: 'message' as const,
    registrarId: 'demo-registrar',
    domainName: 'dreamhome.com',
    variant: 2 as const,
    origin: 'https://registrar.example',
    instance: 'inst_12345678',
  };

  it('is used instead of asking the API', async () => {
    const fetch = vi.fn();
    const access = await checkAccess(params, {
      fetch: fetch as unknown as typeof globalThis.fetch,
      preloaded: { UID: 'demo-registrar', name: 'Demo', allowedOrigins: ['https://registrar.example'] },
    });
    expect(access).toEqual({ ok: true, registrarName: 'Demo' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still refuses an origin it does not list', async () => {
    const access = await checkAccess(
      { ...params, origin: 'https://registrar.example.evil.test' },
      {
        fetch: vi.fn() as unknown as typeof globalThis.fetch,
        preloaded: { UID: 'demo-registrar', name: 'Demo', allowedOrigins: ['https://registrar.example'] },
      },
    );
    expect(access).toEqual({ ok: false, reason: 'origin-not-allowed' });
  });

  it('gives the verdict without waiting, and says null only when the API must answer', () => {
    const preloaded = { UID: 'demo-registrar', name: 'Demo', allowedOrigins: ['https://registrar.example'] };
    expect(checkAccessNow(params, { preloaded })).toEqual({ ok: true, registrarName: 'Demo' });
    expect(checkAccessNow({ ...params, origin: 'https://evil.test' }, { preloaded })).toEqual({
      ok: false,
      reason: 'origin-not-allowed',
    });
    expect(checkAccessNow(params, { preloaded, ancestorOrigins: ['https://evil.test'] })).toEqual({
      ok: false,
      reason: 'ancestor-mismatch',
    });
    expect(checkAccessNow(null, { preloaded })).toEqual({ ok: false, reason: 'bad-params' });
    expect(checkAccessNow(params, {})).toBeNull();
    expect(checkAccessNow(params, { preloaded: { ...preloaded, UID: 'someone-else' } })).toBeNull();
  });

  it('is ignored when it names another registrar or cannot be read', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'x' }), { status: 404 }));
    const access = await checkAccess(params, {
      fetch: fetch as unknown as typeof globalThis.fetch,
      preloaded: { UID: 'someone-else', allowedOrigins: ['https://registrar.example'] },
    });
    expect(access).toEqual({ ok: false, reason: 'not-found' });
    document.head.innerHTML = '<meta name="domain-broker-registrar" content="{not json">';
    expect(readPreloadedRegistrar(document)).toBeNull();
    document.head.innerHTML =
      '<meta name="domain-broker-registrar" content="{&quot;UID&quot;:&quot;r&quot;,&quot;allowedOrigins&quot;:[]}">';
    expect(readPreloadedRegistrar(document)).toEqual({ UID: 'r', allowedOrigins: [] });
  });
});

describe('visitorId', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
  };

  it('makes one random id, keeps it, and gives the same one afterwards', () => {
    const store = memory();
    const id = visitorId(() => store);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(store.data.get('deviceId')).toBe(id);
    expect(visitorId(() => store)).toBe(id);
    expect(visitorId(() => memory())).not.toBe(id);
  });

  it('replaces a stored value that is not a device id', () => {
    const store = memory();
    store.data.set('deviceId', 'bad id');
    expect(visitorId(() => store)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('gives null when storage is out of reach or does not keep the id', () => {
    expect(
      visitorId(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).toBeNull();
    expect(visitorId(() => ({ getItem: () => null, setItem: () => {} }))).toBeNull();
  });
});
