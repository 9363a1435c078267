import { cleanConfig, INSTANCE_ID_RE, REGISTRAR_ID_MAX_LENGTH } from '@domain-broker/shared/widget-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getInstance, mount, type WidgetEvent } from '../src/index.ts';
import { READY_TIMEOUT_MS } from '../src/mount.ts';
import { attachFrame, HOST, newHost, PORTAL } from './helpers.ts';

function setup(extra: Record<string, unknown> = {}) {
  const el = newHost();
  const events: WidgetEvent[] = [];
  const instance = mount({
    portalOrigin: PORTAL,
    el,
    registrarId: 'demo-registrar',
    domainName: ' Example.COM ',
    onEvent: (e) => events.push(e),
    ...extra,
  });
  return { el, events, instance, ...attachFrame(instance) };
}

beforeEach(() => {
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('mount: the iframe', () => {
  it('points message mode at /registrar-message with the host origin and instance id', () => {
    const { iframe, instance } = setup();
    const url = new URL(iframe.src);
    expect(url.origin).toBe(PORTAL);
    expect(url.pathname).toBe('/registrar-message');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      // as the registrar gave it: the frame cleans it (cleanConfig, normalizeDomain)
      domainName: ' Example.COM ',
      registrarId: 'demo-registrar',
      temp: '2',
      origin: HOST,
      instance: instance.id,
    });
    // a random UUID, which the contract's instance id rule admits
    expect(instance.id).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/);
    expect(instance.id).toMatch(INSTANCE_ID_RE);
  });

  it('passes temp=1 for variant 1', () => {
    const { iframe } = setup({ variant: 1 });
    expect(new URL(iframe.src).searchParams.get('temp')).toBe('1');
  });

  it('points search mode at /sample-registrar-flow without a domain', () => {
    const { iframe, instance } = setup({ mode: 'search' });
    const url = new URL(iframe.src);
    expect(url.pathname).toBe('/sample-registrar-flow');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      registrarId: 'demo-registrar',
      origin: HOST,
      instance: instance.id,
    });
  });

  it('is accessible, has no scrollbar, and stays invisible until the frame is ready', () => {
    const { iframe, el } = setup({ title: 'Broker offer' });
    expect(iframe.parentElement).toBe(el);
    expect(iframe.title).toBe('Broker offer');
    expect(iframe.getAttribute('scrolling')).toBe('no');
    expect(iframe.style.height).toBe('0px');
    expect(iframe.style.visibility).toBe('hidden');
    // The frame may not navigate the registrar's page.
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-top-navigation');
  });

  it('gives each mount a fresh instance id', () => {
    const a = setup();
    const b = setup();
    expect(a.instance.id).not.toBe(b.instance.id);
  });

  it('refuses a missing registrar id, a bad portal origin and an unknown element', () => {
    const el = newHost();
    expect(() => mount({ portalOrigin: PORTAL, el, registrarId: '' })).toThrow(/registrarId/);
    expect(() => mount({ portalOrigin: PORTAL, el, registrarId: 'has space' })).toThrow(/registrarId/);
    expect(() => mount({ portalOrigin: PORTAL, el } as never)).toThrow(/registrarId/);
    expect(() => mount({ portalOrigin: 'portal.example.com', el, registrarId: 'r' })).toThrow(/portalOrigin/);
    expect(() => mount({ portalOrigin: PORTAL, el: '#nope', registrarId: 'r' })).toThrow(/#nope/);
  });

  it('takes registrar ids up to the contract limit (64 characters), the same the server accepts', () => {
    const el = newHost();
    const longest = 'r'.repeat(REGISTRAR_ID_MAX_LENGTH);
    const url = new URL(mount({ portalOrigin: PORTAL, el, registrarId: longest }).iframe?.src ?? '');
    expect(url.searchParams.get('registrarId')).toBe(longest);
    expect(() => mount({ portalOrigin: PORTAL, el: newHost(), registrarId: `${longest}r` })).toThrow(
      'DomainBroker: bad registrarId',
    );
  });
});

describe('mount: handshake and resize', () => {
  it('answers ready with config posted to the exact portal origin', () => {
    const { send, win, events, instance } = setup({ theme: 'dark', locale: 'zh-CN' });
    send('ready', {});
    expect(win.postMessage).toHaveBeenCalledTimes(1);
    expect(win.postMessage).toHaveBeenCalledWith(
      {
        source: 'domain-broker',
        v: 1,
        type: 'config',
        instanceId: instance.id,
        payload: { domainName: ' Example.COM ', variant: 2, locale: 'zh-CN', theme: 'dark' },
      },
      PORTAL,
    );
    expect(events).toEqual([{ type: 'ready' }]);
  });

  it("sends the page language as the locale unless one is given (the frame makes a bad one 'en')", () => {
    document.documentElement.lang = 'FR';
    const a = setup();
    a.send('ready', {});
    const sent = a.win.postMessage.mock.calls[0]?.[0].payload;
    expect(sent.locale).toBe('FR');
    expect(cleanConfig(sent).locale).toBe('fr');
    document.documentElement.lang = 'not a language';
    const b = setup();
    b.send('ready', {});
    expect(cleanConfig(b.win.postMessage.mock.calls[0]?.[0].payload).locale).toBe('en');
    const c = setup({ locale: 'zh-CN' });
    c.send('ready', {});
    expect(c.win.postMessage.mock.calls[0]?.[0].payload.locale).toBe('zh-CN');
    document.documentElement.lang = '';
    const d = setup();
    d.send('ready', {});
    expect(cleanConfig(d.win.postMessage.mock.calls[0]?.[0].payload).locale).toBe('en');
  });

  it('shows the iframe at the first resize after ready, height rounded up', () => {
    const { send, iframe, events } = setup();
    send('ready', {});
    expect(iframe.style.visibility).toBe('hidden');
    send('resize', { height: 300.2 });
    expect(iframe.style.height).toBe('301px');
    expect(iframe.style.visibility).toBe('visible');
    expect(events).toContainEqual({ type: 'resize', height: 301 });
  });

  it('ignores resize before ready', () => {
    const { send, iframe, events } = setup();
    send('resize', { height: 400 });
    expect(iframe.style.height).toBe('0px');
    expect(events).toEqual([]);
  });

  it.each([
    [0, 120],
    [10, 120],
    [119.1, 120],
    [640, 640],
    [1200, 1200],
    [5000, 1200],
    [100000, 1200],
  ])('clamps a reported height of %d to %dpx', (reported, expected) => {
    const { send, iframe } = setup();
    send('ready', {});
    send('resize', { height: reported });
    expect(iframe.style.height).toBe(`${expected}px`);
  });

  it('honours custom height limits', () => {
    const { send, iframe } = setup({ minHeight: 200, maxHeight: 300 });
    send('ready', {});
    send('resize', { height: 50 });
    expect(iframe.style.height).toBe('200px');
    send('resize', { height: 900 });
    expect(iframe.style.height).toBe('300px');
  });

  it('answers a second ready (frame reloaded) with config again', () => {
    const { send, win } = setup();
    send('ready', {});
    send('ready', {});
    expect(win.postMessage).toHaveBeenCalledTimes(2);
  });

  it('forwards get-started and error to onEvent', () => {
    const { send, events } = setup();
    send('get-started', { domainName: 'example.com', registrarId: 'demo-registrar' });
    send('error', { reason: 'bad-config' });
    expect(events).toEqual([
      { type: 'get-started', domainName: 'example.com', registrarId: 'demo-registrar' },
      { type: 'error', reason: 'bad-config' },
    ]);
  });

  it('reports a timeout when the frame never says ready', () => {
    vi.useFakeTimers();
    const { events } = setup();
    vi.advanceTimersByTime(READY_TIMEOUT_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([{ type: 'error', reason: 'timeout' }]);
  });

  it('does not report a timeout once ready', () => {
    vi.useFakeTimers();
    const { events, send } = setup();
    send('ready', {});
    vi.advanceTimersByTime(READY_TIMEOUT_MS * 2);
    expect(events).toEqual([{ type: 'ready' }]);
  });

  it('keeps working when the host callback throws', () => {
    vi.useFakeTimers();
    const el = newHost();
    const seen: string[] = [];
    const instance = mount({
      portalOrigin: PORTAL,
      el,
      registrarId: 'r',
      onEvent: (e) => {
        seen.push(e.type);
        throw new Error('host bug');
      },
    });
    const { send, iframe } = attachFrame(instance);
    send('ready', {});
    send('resize', { height: 500 });
    expect(seen).toEqual(['ready', 'resize']);
    expect(iframe.style.height).toBe('500px');
    // The host's error is rethrown later, outside our handler, where the host's tools can see it.
    expect(() => vi.runOnlyPendingTimers()).toThrow('host bug');
    vi.clearAllTimers();
  });
});

describe('mount: what it refuses to hear', () => {
  const cases: [string, (f: ReturnType<typeof setup>) => void][] = [
    ['a look-alike origin', (f) => f.send('ready', {}, { origin: 'https://portal.example.com.evil.test' })],
    ['a prefix of the origin', (f) => f.send('ready', {}, { origin: 'https://portal.example.co' })],
    ['http instead of https', (f) => f.send('ready', {}, { origin: 'http://portal.example.com' })],
    ['the host page itself', (f) => f.send('ready', {}, { origin: HOST })],
    ['another window on the portal origin', (f) => f.send('ready', {}, { source: { postMessage() {} } })],
    ['the host window', (f) => f.send('ready', {}, { source: window })],
    ['no source window', (f) => f.send('ready', {}, { source: null })],
    [
      'another instance id',
      (f) => f.dispatch({ ...f.envelope('ready', {}), instanceId: 'ffffffffffffffffffffffff' }),
    ],
    ['an older protocol version', (f) => f.dispatch({ ...f.envelope('ready', {}), v: 0 })],
    ['a foreign source tag', (f) => f.dispatch({ ...f.envelope('ready', {}), source: 'other-widget' })],
    ['an unknown type', (f) => f.send('navigate', { url: 'https://evil.test' })],
    ['a malformed payload', (f) => f.send('ready', { extra: 1 })],
    ['a string', (f) => f.dispatch(JSON.stringify(f.envelope('ready', {})))],
    ['an oversized message', (f) => f.dispatch({ ...f.envelope('ready', {}), pad: 'x'.repeat(5000) })],
  ];

  it.each(cases)('ignores %s', (_label, act) => {
    const f = setup();
    act(f);
    expect(f.win.postMessage).not.toHaveBeenCalled();
    expect(f.events).toEqual([]);
  });

  it('ignores resize from a look-alike origin after a real ready', () => {
    const f = setup();
    f.send('ready', {});
    f.send('resize', { height: 900 }, { origin: 'https://portal.example.com.evil.test' });
    expect(f.iframe.style.height).toBe('0px');
  });

  it('keeps two instances on one page apart', () => {
    const a = setup();
    const b = setup();
    // A's frame says ready with A's id: only A answers and only A's host callback hears it.
    a.send('ready', {});
    expect(a.win.postMessage).toHaveBeenCalledTimes(1);
    expect(b.win.postMessage).not.toHaveBeenCalled();
    expect(b.events).toEqual([]);
    // A's window replaying B's id is still refused by B (wrong source window).
    a.dispatch(b.envelope('ready', {}));
    expect(b.win.postMessage).not.toHaveBeenCalled();
  });

  it('never posts to the wildcard origin', () => {
    const f = setup();
    f.send('ready', {});
    f.instance.update({ theme: 'light' });
    for (const call of f.win.postMessage.mock.calls) expect(call[1]).toBe(PORTAL);
  });
});

describe('mount: update, double mount, destroy', () => {
  it('update before ready changes the config; after ready posts only the changes', () => {
    const f = setup();
    f.instance.update({ domainName: 'Other.net', variant: 1 });
    expect(f.win.postMessage).not.toHaveBeenCalled();
    f.send('ready', {});
    expect(f.win.postMessage.mock.calls[0]?.[0].payload).toMatchObject({
      domainName: 'Other.net',
      variant: 1,
    });
    f.instance.update({ theme: 'dark' });
    expect(f.win.postMessage.mock.calls[1]?.[0]).toMatchObject({
      type: 'update',
      payload: { theme: 'dark' },
    });
    f.instance.update({});
    expect(f.win.postMessage).toHaveBeenCalledTimes(2);
  });

  it('update replaces the event callback', () => {
    const f = setup();
    const later: string[] = [];
    f.instance.update({ onEvent: (e) => later.push(e.type) });
    f.send('ready', {});
    expect(f.events).toEqual([]);
    expect(later).toEqual(['ready']);
  });

  it('mounting the same widget twice on one element returns the same instance and one iframe', () => {
    const el = newHost();
    const first = mount({ portalOrigin: PORTAL, el, registrarId: 'r', domainName: 'a.com' });
    const second = mount({ portalOrigin: PORTAL, el, registrarId: 'r', domainName: 'b.com' });
    expect(second).toBe(first);
    expect(el.querySelectorAll('iframe')).toHaveLength(1);
    expect(getInstance(el)).toBe(first);
  });

  it('mounting a different widget on the same element replaces the old one', () => {
    const el = newHost();
    const first = mount({ portalOrigin: PORTAL, el, registrarId: 'r' });
    const removed = vi.spyOn(window, 'removeEventListener');
    const second = mount({ portalOrigin: PORTAL, el, registrarId: 'r', mode: 'search' });
    expect(second).not.toBe(first);
    expect(first.iframe).toBeNull();
    expect(removed).toHaveBeenCalledTimes(1);
    expect(el.querySelectorAll('iframe')).toHaveLength(1);
    expect(new URL(el.querySelector('iframe')!.src).pathname).toBe('/sample-registrar-flow');
  });

  it('destroy removes the iframe and exactly the listener it added', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const f = setup();
    expect(added).toHaveBeenCalledTimes(1);
    const [type, handler] = added.mock.calls[0]!;
    expect(type).toBe('message');
    f.instance.destroy();
    expect(removed).toHaveBeenCalledWith('message', handler);
    expect(f.el.querySelector('iframe')).toBeNull();
    expect(f.instance.iframe).toBeNull();
    expect(getInstance(f.el)).toBeUndefined();
    f.instance.destroy();
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('hears nothing after destroy and can be mounted again', () => {
    const f = setup();
    f.instance.destroy();
    f.send('ready', {});
    expect(f.events).toEqual([]);
    const again = mount({ portalOrigin: PORTAL, el: f.el, registrarId: 'demo-registrar' });
    expect(again).not.toBe(f.instance);
    expect(f.el.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('never assigns window.onmessage', () => {
    const before = window.onmessage;
    const f = setup();
    f.send('ready', {});
    f.instance.destroy();
    expect(window.onmessage).toBe(before);
  });

  it('stops the ready timer on destroy', () => {
    vi.useFakeTimers();
    const f = setup();
    f.instance.destroy();
    vi.advanceTimersByTime(READY_TIMEOUT_MS);
    expect(f.events).toEqual([]);
  });

  it('accepts a CSS selector for el', () => {
    const el = newHost();
    el.id = 'slot';
    const instance = mount({ portalOrigin: PORTAL, el: '#slot', registrarId: 'r' });
    expect(instance.iframe?.parentElement).toBe(el);
    expect(getInstance('#slot')).toBe(instance);
  });
});

describe('mount: the display settings go to the frame as given (the frame cleans them)', () => {
  it('passes the four settings on, and nothing else', () => {
    const f = setup({ variant: 7, theme: 'neon', locale: 'EN', title: 'T', minHeight: 150 });
    f.send('ready', {});
    const sent = f.win.postMessage.mock.calls[0]?.[0].payload;
    expect(sent).toEqual({ domainName: ' Example.COM ', variant: 7, locale: 'EN', theme: 'neon' });
    expect(cleanConfig(sent)).toEqual({
      domainName: 'example.com',
      variant: 2,
      locale: 'en',
      theme: 'light',
    });
    const g = setup({ theme: 'auto', variant: '1' });
    g.send('ready', {});
    expect(cleanConfig(g.win.postMessage.mock.calls[0]?.[0].payload)).toMatchObject({
      variant: 1,
      theme: 'auto',
    });
    expect(new URL(g.iframe.src).searchParams.get('temp')).toBe('1');
  });

  it('leaves out settings that are undefined, and sends only cloneable values', () => {
    const f = setup({ theme: undefined, locale: () => 'en' });
    f.send('ready', {});
    const sent = f.win.postMessage.mock.calls[0]?.[0].payload;
    expect(Object.keys(sent).sort()).toEqual(['domainName', 'locale', 'variant']);
    expect(typeof sent.locale).toBe('string');
    f.instance.update({ theme: undefined, domainName: undefined });
    expect(f.win.postMessage).toHaveBeenCalledTimes(1);
  });

  it('a long domain reaches the frame, which bounds it', () => {
    const f = setup({ domainName: `  ${'A'.repeat(300)}.COM ` });
    f.send('ready', {});
    expect(cleanConfig(f.win.postMessage.mock.calls[0]?.[0].payload).domainName).toBe('a'.repeat(253));
  });
});
