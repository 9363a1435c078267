/**
 * The loader core: puts one iframe per mount into the host page and talks to it.
 *
 * Trust rules, all enforced in `onMessage`:
 * - a message counts only if it comes from the portal origin (exact string equality), from this
 *   mount's own iframe window (`event.source`), and carries this mount's random instance id;
 * - we post only to the exact portal origin, never to '*';
 * - we listen with addEventListener (never `window.onmessage`, which would erase the host's handler)
 *   and remove the listener in `destroy`.
 *
 * Handshake: the iframe stays invisible (height 0, visibility hidden) until the frame says `ready`
 * (it does so only after checking this page's origin against the registrar's allowed origins), we answer
 * `config`, and the frame's first `resize` gives the height. The iframe's `load` event is not trusted for
 * anything: it also fires for error pages.
 */
import { parseFrameMessage, toOrigin } from './protocol-lite.ts';

export type WidgetMode = 'search' | 'message';
export type WidgetTheme = 'light' | 'dark' | 'auto';
export type WidgetVariant = 1 | 2;

/** What `onEvent` receives. Heights are in CSS pixels, already rounded and clamped. */
export type WidgetEvent =
  | { type: 'ready' }
  | { type: 'resize'; height: number }
  | { type: 'get-started'; domainName: string; registrarId: string }
  | { type: 'error'; reason: string };

/** Options that may change after mounting (`instance.update`). */
export interface UpdateOptions {
  domainName?: string;
  /** Message layout: 1 = compact, 2 = with broker avatar and details panel (default). */
  variant?: WidgetVariant;
  /** BCP 47 language tag such as 'en' or 'zh-CN'; defaults to the host page's `<html lang>`, else 'en'. */
  locale?: string;
  /** 'light' (default), 'dark', or 'auto' (follows the visitor's system setting). */
  theme?: WidgetTheme;
  onEvent?: (event: WidgetEvent) => void;
}

export interface MountOptions extends UpdateOptions {
  /** The element to mount into, or a CSS selector for it. The iframe is appended to it. */
  el: Element | string;
  /** Your registrar id, as shown in your Domain Broker registrar account. */
  registrarId: string;
  /** 'message' (default) shows the offer for `domainName`; 'search' shows a domain search box first. */
  mode?: WidgetMode;
  /** Accessible name of the iframe. */
  title?: string;
  /** Height clamp in CSS pixels (defaults 120 and 1200). */
  minHeight?: number;
  maxHeight?: number;
}

export interface WidgetInstance {
  /** The random id of this mount (also in the iframe URL as `instance`). */
  readonly id: string;
  readonly iframe: HTMLIFrameElement | null;
  update(options: UpdateOptions): void;
  /** Removes the iframe and every listener. Safe to call more than once. */
  destroy(): void;
}

/** How long to wait for the frame's `ready` before reporting `{type:'error', reason:'timeout'}`. */
export const READY_TIMEOUT_MS = 15000;

const LOCALE_RE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

const instances = new WeakMap<Element, WidgetInstance & { key: string }>();

const noop: WidgetInstance = { id: '', iframe: null, update() {}, destroy() {} };

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b | 256).toString(16).slice(1)).join('');
}

function cleanLocale(locale: string | undefined): string {
  const parts = (locale || '').split('-');
  const tag = [(parts[0] || '').toLowerCase(), ...parts.slice(1)].join('-');
  return LOCALE_RE.test(tag) ? tag : 'en';
}

const cleanDomain = (d: string | undefined): string =>
  String(d || '')
    .trim()
    .toLowerCase()
    .slice(0, 253);
const cleanVariant = (x: unknown): WidgetVariant => (Number(x) === 1 ? 1 : 2);
// Light by default: most registrar pages are light, and 'auto' could put a dark card on a light page.
const cleanTheme = (x: unknown): WidgetTheme => (x === 'dark' || x === 'auto' ? x : 'light');

function resolveEl(el: Element | string): Element {
  const found = typeof el === 'string' ? document.querySelector(el) : el;
  if (!found) throw new Error(`DomainBroker: no element matches ${String(el)}`);
  return found;
}

/** Mounts a widget served by `portalOrigin`. Without a DOM (server-side rendering) it does nothing. */
export function mountWidget(portalOrigin: string, options: MountOptions): WidgetInstance {
  if (typeof window === 'undefined' || typeof document === 'undefined') return noop;

  const portal = toOrigin(portalOrigin);
  if (!portal) throw new Error('DomainBroker: portalOrigin must be an http(s) origin');
  // Same rule as the frame and the protocol, so a bad id fails here, loudly, not as a silent frame.
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(String(options?.registrarId ?? '')))
    throw new Error('DomainBroker: bad registrarId');
  const hostOrigin = location.origin;
  if (!toOrigin(hostOrigin)) throw new Error('DomainBroker: the page needs an http(s) origin');

  const el = resolveEl(options.el);
  const mode: WidgetMode = options.mode === 'search' ? 'search' : 'message';
  const registrarId = String(options.registrarId);
  const key = [portal, registrarId, mode].join(' ');

  // Mounting again on the same element: same widget → reuse it with the new options; otherwise replace.
  const existing = instances.get(el);
  if (existing) {
    if (existing.key === key) {
      existing.update(options);
      return existing;
    }
    existing.destroy();
  }

  const id = randomId();
  const minH = options.minHeight ?? 120;
  const maxH = Math.max(minH, options.maxHeight ?? 1200);
  const state = {
    domainName: cleanDomain(options.domainName),
    variant: cleanVariant(options.variant),
    locale: cleanLocale(options.locale ?? document.documentElement.lang),
    theme: cleanTheme(options.theme),
  };
  let onEvent = options.onEvent;
  let ready = false;
  let destroyed = false;

  const params = new URLSearchParams(
    mode === 'message'
      ? { domainName: state.domainName, registrarId, temp: String(state.variant) }
      : { registrarId },
  );
  params.set('origin', hostOrigin);
  params.set('instance', id);

  const iframe = document.createElement('iframe');
  iframe.src = `${portal}/${mode === 'message' ? 'registrar-message' : 'sample-registrar-flow'}?${params}`;
  iframe.title = options.title || 'Domain Broker: get a broker for a taken domain';
  iframe.setAttribute('scrolling', 'no');
  // The frame needs scripts, its own origin (fetch), popups for the real 'Get Started' link, and forms.
  // Not granted: top navigation, so the frame can never navigate the registrar's page.
  iframe.setAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  );
  // CSSOM assignments, not a style attribute string, so a strict host CSP (style-src without
  // 'unsafe-inline') does not block them.
  const s = iframe.style;
  s.display = 'block';
  s.width = '100%';
  s.border = '0';
  s.overflow = 'hidden';
  s.height = '0px';
  s.visibility = 'hidden';
  s.colorScheme = 'normal';

  const emit = (event: WidgetEvent) => {
    try {
      onEvent?.(event);
    } catch (err) {
      // A failing host callback must not break the widget.
      setTimeout(() => {
        throw err;
      });
    }
  };

  const post = (type: 'config' | 'update', payload: object) =>
    iframe.contentWindow?.postMessage(
      { source: 'domain-broker', v: 1, type, instanceId: id, payload },
      portal,
    );

  const timer = setTimeout(() => {
    if (!ready) emit({ type: 'error', reason: 'timeout' });
  }, READY_TIMEOUT_MS);

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== portal || !iframe.contentWindow || event.source !== iframe.contentWindow) return;
    const msg = parseFrameMessage(event.data, id);
    if (!msg) return;
    switch (msg.type) {
      case 'ready':
        // Also answered again if the frame reloads: each page load starts its own handshake.
        ready = true;
        clearTimeout(timer);
        post('config', state);
        emit({ type: 'ready' });
        break;
      case 'resize': {
        if (!ready) return;
        const height = Math.min(maxH, Math.max(minH, Math.ceil(msg.payload.height)));
        s.height = `${height}px`;
        s.visibility = 'visible';
        emit({ type: 'resize', height });
        break;
      }
      case 'get-started':
        emit({ type: 'get-started', ...msg.payload });
        break;
      case 'error':
        emit({ type: 'error', reason: msg.payload.reason });
        break;
    }
  };

  const instance = {
    id,
    key,
    get iframe() {
      return destroyed ? null : iframe;
    },
    update(next: UpdateOptions) {
      if (destroyed || !next) return;
      if ('onEvent' in next) onEvent = next.onEvent;
      const changed: Partial<typeof state> = {};
      if (next.domainName !== undefined) changed.domainName = cleanDomain(next.domainName);
      if (next.variant !== undefined) changed.variant = cleanVariant(next.variant);
      if (next.locale !== undefined) changed.locale = cleanLocale(next.locale);
      if (next.theme !== undefined) changed.theme = cleanTheme(next.theme);
      Object.assign(state, changed);
      if (ready && Object.keys(changed).length) post('update', changed);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      iframe.remove();
      if (instances.get(el) === instance) instances.delete(el);
    },
  };

  window.addEventListener('message', onMessage);
  el.appendChild(iframe);
  instances.set(el, instance);
  return instance;
}

/** The live instance mounted on `el`, if any. */
export function getInstance(el: Element | string): WidgetInstance | undefined {
  if (typeof document === 'undefined') return undefined;
  const found = typeof el === 'string' ? document.querySelector(el) : el;
  return found ? instances.get(found) : undefined;
}
