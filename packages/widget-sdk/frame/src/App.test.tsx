import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type FrameDeps } from './App.tsx';
import { AVATARS } from './avatars.ts';
import { type FrameParams, readParams } from './params.ts';

const HOST = 'https://registrar.test';
const INSTANCE = 'abcdef0123456789abcdef01';

function query(extra: Record<string, string>) {
  return `?${new URLSearchParams({ registrarId: 'demo-registrar', origin: HOST, instance: INSTANCE, ...extra })}`;
}

/** What the fake GET /api/availability answers per name ('registered' when not listed); 'fail' is a 503. */
const registry = new Map<string, 'registered' | 'available' | 'unknown' | 'fail'>();

function fakeApi(allowedOrigins: string[] = [HOST]) {
  return vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/availability?')) {
      const domainName = new URLSearchParams(path.split('?')[1]).get('domain') ?? '';
      const status = registry.get(domainName) ?? 'registered';
      if (status === 'fail') return new Response('{}', { status: 503 });
      return new Response(JSON.stringify({ data: { domainName, status } }), { status: 200 });
    }
    if (path.startsWith('/api/widget/registrars/')) {
      return new Response(
        JSON.stringify({
          data: { UID: 'demo-registrar', name: 'Demo Registrar', image: '', allowedOrigins },
        }),
        {
          status: 200,
        },
      );
    }
    if (path.startsWith('/api/updateClicks/')) return new Response(null, { status: 200 });
    return new Response('{}', { status: 404 });
  });
}

let container: HTMLDivElement;

beforeAll(() => {
  // The frame lives on the portal origin, not on the registrar's.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    'https://portal.example.com/registrar-message',
  );
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  // Let link clicks run their handlers but never navigate the test window.
  container.addEventListener('click', (event) => event.preventDefault());
});

afterEach(() => {
  registry.clear();
  render(null, container);
  container.remove();
  vi.restoreAllMocks();
});

async function start(
  params: FrameParams | null,
  opts: { allowed?: string[]; ancestors?: string[]; deviceId?: string; self?: string } = {},
) {
  const fetch = fakeApi(opts.allowed);
  const parent = { postMessage: vi.fn() };
  const deps: FrameDeps = {
    win: window,
    fetch: fetch as typeof globalThis.fetch,
    parent,
    ancestorOrigins: opts.ancestors,
    deviceId: opts.deviceId,
    self: opts.self,
  };
  await act(async () => {
    render(<App params={params} deps={deps} />, container);
  });
  await vi.waitFor(() => expect(container.querySelector('.db-root > *')).not.toBeNull());
  const posted = () => parent.postMessage.mock.calls.map(([message, origin]) => ({ message, origin }));
  const fromHost = async (
    type: string,
    payload: unknown,
    init: { origin?: string; source?: unknown } = {},
  ) => {
    await act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'domain-broker', v: 1, type, instanceId: INSTANCE, payload },
          origin: init.origin ?? HOST,
          source: (init.source === undefined ? parent : init.source) as MessageEventSource,
        }),
      );
    });
  };
  const clicks = () => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/updateClicks/'));
  return { fetch, parent, posted, fromHost, clicks };
}

const config = { domainName: 'taken.com', variant: 2, locale: 'en', theme: 'dark' };

describe('registrar written into the page', () => {
  it('renders the offer and says ready while its script runs, asking no API first', () => {
    const fetch = fakeApi();
    const parent = { postMessage: vi.fn() };
    const deps: FrameDeps = {
      win: window,
      fetch: fetch as typeof globalThis.fetch,
      parent,
      preloaded: { UID: 'demo-registrar', name: 'Demo', allowedOrigins: [HOST] },
    };
    // no act, no await: what a cold frame does in the one task that runs its module
    render(
      <App params={readParams(query({ domainName: 'taken.com', temp: '2' }), 'message')} deps={deps} />,
      container,
    );
    expect(container.querySelector('h1')?.textContent).toBe('taken.com is already registered');
    expect(parent.postMessage.mock.calls.map(([message, origin]) => [message.type, origin])).toEqual([
      ['ready', HOST],
    ]);
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/widget/registrars/'))).toEqual([]);
  });

  it('refuses at once when the written registrar does not list the host, posting nothing', () => {
    const fetch = fakeApi();
    const parent = { postMessage: vi.fn() };
    const deps: FrameDeps = {
      win: window,
      fetch: fetch as typeof globalThis.fetch,
      parent,
      preloaded: { UID: 'demo-registrar', name: 'Demo', allowedOrigins: ['https://elsewhere.test'] },
    };
    render(
      <App params={readParams(query({ domainName: 'taken.com', temp: '2' }), 'message')} deps={deps} />,
      container,
    );
    expect(container.querySelector('.db-notice')).not.toBeNull();
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('message view', () => {
  it('shows the offer, says ready to the exact host origin, and records one click', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com', temp: '2' }), 'message'));
    expect(container.querySelector('h1')?.textContent).toBe('taken.com is already registered');
    expect(container.textContent).toContain('19.95 USD');
    expect(container.textContent).toContain('20% commission on top of the negotiated price');
    expect(f.posted()).toEqual([
      {
        message: { source: 'domain-broker', v: 1, type: 'ready', instanceId: INSTANCE, payload: {} },
        origin: HOST,
      },
    ]);
    await vi.waitFor(() => expect(f.clicks()).toHaveLength(1));
    expect(f.clicks()[0]?.[0]).toBe('/api/updateClicks/demo-registrar?dn=taken.com');
  });

  it('shows the offer as a preview on the portal itself (the integration page), counting no click', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com', temp: '2' }), 'message'), {
      allowed: ['https://elsewhere.test'],
      self: HOST,
    });
    expect(container.querySelector('h1')?.textContent).toBe('taken.com is already registered');
    expect(f.posted()[0]?.message).toMatchObject({ type: 'ready' });
    await f.fromHost('config', config);
    expect(f.clicks()).toEqual([]);
  });

  it("counts the click under the visitor's device id", async () => {
    const f = await start(readParams(query({ domainName: 'taken.com', temp: '2' }), 'message'), {
      deviceId: 'visitor-0123456789abcdef',
    });
    await vi.waitFor(() => expect(f.clicks()).toHaveLength(1));
    const init = f.clicks()[0]?.[1] as RequestInit | undefined;
    expect(init?.headers).toMatchObject({ 'x-device-id': 'visitor-0123456789abcdef' });
  });

  it("'Get Started' is a real new-tab link to the landing page and tells the host", async () => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'));
    const link = container.querySelector('a.db-button') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(
      'https://portal.example.com/registrar-landing-page?domainName=taken.com&registrarId=demo-registrar',
    );
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener');
    expect(link.textContent).toContain('Get Started');
    await act(() => {
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(f.posted().at(-1)).toEqual({
      message: {
        source: 'domain-broker',
        v: 1,
        type: 'get-started',
        instanceId: INSTANCE,
        payload: { domainName: 'taken.com', registrarId: 'demo-registrar' },
      },
      origin: HOST,
    });
  });

  it('variant 2 has a broker avatar and an expandable details panel; variant 1 has neither', async () => {
    await start(readParams(query({ domainName: 'taken.com', temp: '2' }), 'message'));
    const img = container.querySelector('img.db-avatar') as HTMLImageElement;
    expect(AVATARS).toContain(img.getAttribute('src'));
    expect(img.alt).not.toBe('');
    expect(container.querySelector('details summary')?.textContent).toBe('How it works');
    render(null, container);
    await start(readParams(query({ domainName: 'taken.com', temp: '1' }), 'message'));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('details')).toBeNull();
  });

  it('applies config from the host, then reports its height', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'));
    expect(f.posted().map((p) => p.message.type)).toEqual(['ready']);
    await f.fromHost('config', { ...config, variant: 1 });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(container.querySelector('details')).toBeNull();
    const resize = f.posted().find((p) => p.message.type === 'resize');
    expect(resize?.origin).toBe(HOST);
    expect(resize?.message.payload.height).toBeGreaterThanOrEqual(0);
    await f.fromHost('update', { theme: 'light' });
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('cleans the settings the host passes on as the registrar gave them', async () => {
    const f = await start(readParams(query({ domainName: ' Taken.COM ' }), 'message'));
    expect(container.querySelector('h1')?.textContent).toBe('taken.com is already registered');
    await f.fromHost('config', { domainName: ' Taken.COM ', variant: '1', locale: 'ZH-CN', theme: 'neon' });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(container.querySelector('details')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('taken.com 已被他人注册');
    await f.fromHost('update', { locale: 'not a language', theme: 'auto', variant: 7 });
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dataset.theme).toBe('auto');
    expect(container.querySelector('details')).not.toBeNull();
  });

  it.each([
    ['a look-alike origin', { origin: 'https://registrar.test.evil.test' }],
    ['another window', { source: { postMessage() {} } }],
  ])('ignores config from %s', async (_label, init) => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'));
    await f.fromHost('config', { ...config, theme: 'light' }, init);
    expect(f.posted().map((p) => p.message.type)).toEqual(['ready']);
  });

  it('answers an unreadable message from its host with an error, then shows itself anyway', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'));
    await f.fromHost('config', { domainName: 'taken.com', registrarId: 'another' });
    const types = f.posted().map((p) => p.message.type);
    expect(types.slice(0, 2)).toEqual(['ready', 'error']);
    expect(f.posted()[1]?.message).toMatchObject({ payload: { reason: 'bad-message' } });
    // ...and still shows itself with its defaults rather than staying hidden.
    expect(types).toContain('resize');
  });
});

describe('language', () => {
  it('switches to Chinese when the host asks for zh', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'));
    await f.fromHost('config', { ...config, locale: 'zh-CN' });
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(container.querySelector('h1')?.textContent).toBe('taken.com 已被他人注册');
    expect(container.textContent).toContain('19.95 美元');
    await f.fromHost('update', { locale: 'fr' });
    expect(container.querySelector('h1')?.textContent).toBe('taken.com is already registered');
  });
});

describe('refusing to render', () => {
  it('shows a neutral notice and posts nothing for an origin the registrar did not register', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'), {
      allowed: ['https://other.test'],
    });
    expect(container.textContent).toBe('This content is not available here.');
    expect(f.parent.postMessage).not.toHaveBeenCalled();
    expect(f.clicks()).toHaveLength(0);
  });

  it('refuses when the real parent is not the claimed origin', async () => {
    const f = await start(readParams(query({ domainName: 'taken.com' }), 'message'), {
      ancestors: ['https://evil.test'],
    });
    expect(container.querySelector('.db-notice')).not.toBeNull();
    expect(f.parent.postMessage).not.toHaveBeenCalled();
    expect(f.fetch).not.toHaveBeenCalled();
  });

  it('refuses a URL without the loader parameters', async () => {
    const f = await start(readParams('?domainName=taken.com', 'message'));
    expect(container.querySelector('.db-notice')).not.toBeNull();
    expect(f.parent.postMessage).not.toHaveBeenCalled();
  });
});

describe('search view', () => {
  async function search(f: Awaited<ReturnType<typeof start>>, text: string) {
    const input = container.querySelector('input') as HTMLInputElement;
    await act(() => {
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      (container.querySelector('form') as HTMLFormElement).dispatchEvent(
        new Event('submit', { bubbles: true, cancelable: true }),
      );
    });
    return f;
  }

  it('has a labelled field and a Search button, and records nothing before a search', async () => {
    const f = await start(readParams(query({}), 'search'));
    const input = container.querySelector('input') as HTMLInputElement;
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Domain name');
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Search');
    expect(f.clicks()).toHaveLength(0);
  });

  it("shows 'Please Enter Domain Name' for an empty search", async () => {
    const f = await start(readParams(query({}), 'search'));
    await search(f, '   ');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Please Enter Domain Name');
    expect(container.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an invalid domain', async () => {
    const f = await start(readParams(query({}), 'search'));
    await search(f, 'not a domain');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Please Enter Valid Domain Name');
    expect(f.clicks()).toHaveLength(0);
  });

  it('a valid search shows the message in the same frame, rewrites the URL and records the click', async () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    const f = await start(readParams(query({}), 'search'));
    await search(f, 'Wanted.com');
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('wanted.com is already registered'),
    );
    const url = new URL(String(replace.mock.calls.at(-1)?.[2]), location.origin);
    expect(url.pathname).toBe('/registrar-message');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      domainName: 'wanted.com',
      registrarId: 'demo-registrar',
      temp: '2',
      origin: HOST,
      instance: INSTANCE,
    });
    await vi.waitFor(() => expect(f.clicks()).toHaveLength(1));
    expect(f.clicks()[0]?.[0]).toBe('/api/updateClicks/demo-registrar?dn=wanted.com');
    // Back to the search box, and the host's (empty) domain does not override the one searched.
    await f.fromHost('config', { ...config, domainName: '' });
    expect(container.querySelector('h1')?.textContent).toBe('wanted.com is already registered');
    await act(() => {
      (container.querySelector('button.db-link') as HTMLButtonElement).click();
    });
    expect(container.querySelector('input')).not.toBeNull();
  });

  it('asks the portal about the name, and says so while it waits', async () => {
    const f = await start(readParams(query({}), 'search'));
    await search(f, 'asked.com');
    const asked = f.fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/availability'));
    expect(asked.map(([url]) => String(url))).toEqual(['/api/availability?domain=asked.com']);
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('asked.com is already registered'),
    );
  });

  it('a name nobody holds: says it is available, sends the visitor to the registrar, offers no broker', async () => {
    registry.set('free-name.com', 'available');
    const f = await start(readParams(query({}), 'search'));
    await search(f, 'free-name.com');
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('free-name.com is available'),
    );
    expect(container.textContent).toContain('register it with Demo Registrar');
    const link = container.querySelector('a.db-button') as HTMLAnchorElement;
    expect(link.textContent).toContain('Register It');
    expect(link.getAttribute('href')).toBe(`${HOST}/`);
    expect(link.target).toBe('_blank');
    expect(container.textContent).not.toContain('commission');
    expect(container.textContent).not.toContain('Get Started');
    // no broker offer shown, no click counted
    expect(f.clicks()).toHaveLength(0);
    await act(() => {
      (container.querySelector('button.db-link') as HTMLButtonElement).click();
    });
    expect(container.querySelector('input')).not.toBeNull();
  });

  it.each([
    ['the registry could not say', 'unknown'],
    ['the portal failed', 'fail'],
  ] as const)('when %s: neutral wording that still offers the broker', async (_label, answer) => {
    registry.set('maybe.com', answer);
    const f = await start(readParams(query({}), 'search'));
    await search(f, 'maybe.com');
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('We could not check maybe.com just now'),
    );
    expect(container.textContent).not.toContain('maybe.com is already registered');
    expect(container.textContent).toContain('If it is already registered, it may still be yours');
    expect(container.textContent).toContain('20% commission on top of the negotiated price');
    expect((container.querySelector('a.db-button') as HTMLAnchorElement).textContent).toContain(
      'Get Started',
    );
    await vi.waitFor(() => expect(f.clicks()).toHaveLength(1));
  });

  it('shows the Chinese texts for the three answers', async () => {
    registry.set('free.com', 'available');
    registry.set('maybe.com', 'unknown');
    const f = await start(readParams(query({}), 'search'));
    await f.fromHost('config', { ...config, domainName: '', locale: 'zh-CN' });
    for (const [name, heading] of [
      ['free.com', 'free.com 尚未被注册'],
      ['maybe.com', '暂时无法查询 maybe.com 的注册状态'],
      ['taken.com', 'taken.com 已被他人注册'],
    ]) {
      if (!container.querySelector('input'))
        await act(() => {
          (container.querySelector('button.db-link') as HTMLButtonElement).click();
        });
      await search(f, name as string);
      await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe(heading));
    }
  });
});
