import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot } from '../src/boot.ts';
import { PORTAL } from './helpers.ts';

type Stub = ((...args: unknown[]) => void) & { q?: unknown[][]; loaded?: boolean };

/** The exact queue stub registrars paste (docs/registrar-integration.md), run as the browser would. */
const QUEUE_STUB =
  'window.DomainBroker=window.DomainBroker||function(){(DomainBroker.q=DomainBroker.q||[]).push(arguments)}';

function pasteStub(): Stub {
  new Function(QUEUE_STUB)();
  return (window as unknown as { DomainBroker: Stub }).DomainBroker;
}

function scriptTag(attrs: Record<string, string> = {}, src = `${PORTAL}/widget.js?v=1`) {
  const script = document.createElement('script');
  script.src = src;
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
  document.body.appendChild(script);
  return script;
}

const api = () => (window as unknown as { DomainBroker: Stub & ((...a: unknown[]) => unknown) }).DomainBroker;

beforeEach(() => {
  document.body.innerHTML = '';
  delete (window as { DomainBroker?: unknown }).DomainBroker;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('script tag with data attributes', () => {
  it('mounts right after the script element, with the portal origin taken from src', () => {
    const before = document.createElement('p');
    document.body.appendChild(before);
    const script = scriptTag({ 'data-registrar-id': 'demo-registrar', 'data-domain': 'taken.com' });
    const after = document.createElement('p');
    document.body.appendChild(after);
    boot(window, script);
    const slot = script.nextElementSibling;
    expect(slot?.tagName).toBe('DIV');
    expect(slot?.nextElementSibling).toBe(after);
    const iframe = slot?.querySelector('iframe');
    const url = new URL(iframe?.src ?? '');
    expect(url.origin).toBe(PORTAL);
    expect(url.pathname).toBe('/registrar-message');
    expect(url.searchParams.get('domainName')).toBe('taken.com');
    expect(url.searchParams.get('temp')).toBe('2');
  });

  it('mounts into data-target, in search mode, variant 1', () => {
    const target = document.createElement('section');
    target.id = 'broker';
    document.body.appendChild(target);
    const script = scriptTag({
      'data-registrar-id': 'r1',
      'data-target': '#broker',
      'data-mode': 'search',
      'data-variant': '1',
    });
    boot(window, script);
    const url = new URL(target.querySelector('iframe')?.src ?? '');
    expect(url.pathname).toBe('/sample-registrar-flow');
    expect(script.nextElementSibling).toBeNull();
  });

  it('waits for the document when data-target is not parsed yet', () => {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const script = scriptTag({ 'data-registrar-id': 'r1', 'data-target': '#later' });
    boot(window, script);
    const later = document.createElement('div');
    later.id = 'later';
    document.body.appendChild(later);
    expect(later.querySelector('iframe')).toBeNull();
    state.mockRestore();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(later.querySelector('iframe')).not.toBeNull();
  });

  it('installs the API without mounting when there are no data attributes', () => {
    boot(window, scriptTag());
    expect(api().loaded).toBe(true);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('queue stub', () => {
  it('replays queued calls in order once the script loads', () => {
    const a = document.createElement('div');
    const b = document.createElement('div');
    document.body.append(a, b);
    const stub = pasteStub();
    stub('mount', { el: a, registrarId: 'r', domainName: 'one.com' });
    stub('mount', { el: b, registrarId: 'r', mode: 'search' });
    stub('destroy', a);
    expect(document.querySelector('iframe')).toBeNull();
    boot(window, scriptTag());
    expect(a.querySelector('iframe')).toBeNull();
    expect(new URL(b.querySelector('iframe')?.src ?? '').pathname).toBe('/sample-registrar-flow');
  });

  it('replaces the stub with the real API, which then mounts directly and returns the instance', () => {
    pasteStub();
    boot(window, scriptTag());
    const el = document.createElement('div');
    document.body.appendChild(el);
    const instance = api()('mount', { el, registrarId: 'r' }) as unknown as { id: string; destroy(): void };
    expect(instance.id).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/);
    expect(el.querySelector('iframe')).not.toBeNull();
    api()('destroy', el);
    expect(el.querySelector('iframe')).toBeNull();
  });

  it('pasting the stub twice keeps the queue', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    pasteStub()('mount', { el, registrarId: 'r' });
    pasteStub();
    boot(window, scriptTag());
    expect(el.querySelector('iframe')).not.toBeNull();
  });

  it('a failing queued call does not stop the ones after it', () => {
    vi.useFakeTimers();
    const el = document.createElement('div');
    document.body.appendChild(el);
    const stub = pasteStub();
    stub('mount', { el: '#missing', registrarId: 'r' });
    stub('bogus');
    stub('mount', { el, registrarId: 'r' });
    boot(window, scriptTag());
    expect(el.querySelector('iframe')).not.toBeNull();
    // Both errors are rethrown asynchronously so the page's error tools see them.
    expect(() => vi.runOnlyPendingTimers()).toThrow();
    vi.clearAllTimers();
  });
});

describe('loading the script twice', () => {
  it('keeps the first API and its instances; the second tag still mounts its own widget', () => {
    const first = scriptTag({ 'data-registrar-id': 'r', 'data-domain': 'a.com' });
    boot(window, first);
    const installed = api();
    const second = scriptTag({ 'data-registrar-id': 'r', 'data-domain': 'b.com' });
    boot(window, second);
    expect(api()).toBe(installed);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
  });

  it('mounting twice on one element through the API leaves one iframe', () => {
    boot(window, scriptTag());
    const el = document.createElement('div');
    document.body.appendChild(el);
    const one = api()('mount', { el, registrarId: 'r' });
    const two = api()('mount', { el, registrarId: 'r' });
    expect(two).toBe(one);
    expect(el.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('without a usable script src', () => {
  it('refuses to mount rather than guess the portal', () => {
    boot(window, null);
    const el = document.createElement('div');
    expect(() => api()('mount', { el, registrarId: 'r' })).toThrow(/portal origin/);
  });
});
