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
 *
 * Written for size (docs/decisions/022-widget-availability.md): every registrar page downloads it.
 */
import {
  FRAME_PATHS,
  LOCALE_RE,
  REGISTRAR_ID_RE,
  toOrigin,
  WIDGET_MESSAGE_SOURCE,
  type WidgetConfig,
} from '@domain-broker/shared/widget-contract';
import { readFrameMessage } from './protocol-lite.ts';

// The public option types, spelled out so the published declarations stand alone; test/types.test.ts
// holds them equal to the contract's.
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

/** A live mount, with the key that tells whether a new mount on the same element is the same widget. */
type Mounted = WidgetInstance & { key: string };

const instances = new WeakMap<Element, Mounted>();

/** Throws 'DomainBroker: …': a mistake fails loudly at mount, not as a silent frame. */
export const fail = (message: string): never => {
  throw new Error(`DomainBroker: ${message}`);
};

/** Surfaces an error in the console without stopping the code that caught it. */
export const rethrowLater = (err: unknown): void => {
  setTimeout(() => {
    throw err;
  });
};

const findEl = (el: Element | string): Element | null =>
  typeof el === 'string' ? document.querySelector(el) : el;

/**
 * The config fields `options` sets, cleaned: a domain is trimmed, lower-cased and cut to 253
 * characters; anything but variant 1 is 2; an unknown theme is light (most registrar pages are light,
 * and 'auto' could put a dark card on a light page); a bad locale (first subtag lower-cased) is 'en'.
 */
function configFrom({
  domainName: d,
  variant: v,
  locale: l,
  theme: t,
}: UpdateOptions): Partial<WidgetConfig> {
  const out: Partial<WidgetConfig> = {};
  if (d !== undefined)
    out.domainName = String(d || '')
      .trim()
      .toLowerCase()
      .slice(0, 253);
  if (v !== undefined) out.variant = +v === 1 ? 1 : 2;
  if (l !== undefined) {
    const tag = (l || '').replace(/^[^-]*/, (first) => first.toLowerCase());
    out.locale = LOCALE_RE.test(tag) ? tag : 'en';
  }
  if (t !== undefined) out.theme = t === 'dark' || t === 'auto' ? t : 'light';
  return out;
}

/** Mounts a widget served by `portalOrigin`. Without a DOM (server-side rendering) it does nothing. */
export function mountWidget(portalOrigin: string, options: MountOptions): WidgetInstance {
  if (typeof document === 'undefined') return { id: '', iframe: null, update() {}, destroy() {} };
  // Checked before touching the page. The registrar id rule is the contract's (frame and server too).
  const portal = toOrigin(portalOrigin) || fail('bad portalOrigin');
  const registrarId = String(options?.registrarId ?? '');
  if (!REGISTRAR_ID_RE.test(registrarId)) fail('bad registrarId');
  const origin = toOrigin(location.origin) || fail('page origin not http(s)');
  const mode: WidgetMode = options.mode === 'search' ? 'search' : 'message';
  const el = findEl(options.el) || fail(`no element ${options.el}`);
  const key = `${portal} ${registrarId} ${mode}`;

  // Mounting again on the same element: same widget → reuse it with the new options; otherwise replace.
  const existing = instances.get(el);
  if (existing?.key === key) {
    existing.update(options);
    return existing;
  }
  existing?.destroy();

  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    (b | 256).toString(16).slice(1),
  ).join('');
  const minH = options.minHeight ?? 120;
  const maxH = Math.max(minH, options.maxHeight ?? 1200);
  const config = {
    domainName: '',
    variant: 2,
    locale: 'en',
    theme: 'light',
    ...configFrom({ locale: document.documentElement.lang }),
    ...configFrom(options),
  } as WidgetConfig;
  let onEvent = options.onEvent;
  let ready = false;
  let destroyed = false;

  const iframe = document.createElement('iframe');
  // The message page also takes the domain and the variant (as `temp`, the spec's name): frameUrl's shape.
  const q = new URLSearchParams({ registrarId, origin, instance: id });
  if (mode === 'message') {
    q.set('domainName', config.domainName);
    q.set('temp', `${config.variant}`);
  }
  iframe.src = `${portal}${FRAME_PATHS[mode]}?${q}`;
  iframe.title = options.title || 'Domain Broker';
  iframe.setAttribute('scrolling', 'no');
  // The frame needs scripts, its own origin (fetch), popups for the real 'Get Started' link, and forms.
  // Not granted: top navigation, so the frame can never navigate the registrar's page.
  iframe.setAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  );
  // CSSOM (cssText), not a style attribute, so a strict host CSP (no 'unsafe-inline') allows it.
  const style = iframe.style;
  style.cssText =
    'display:block;width:100%;border:0;overflow:hidden;height:0px;visibility:hidden;color-scheme:normal';

  const emit = (event: WidgetEvent) => {
    try {
      onEvent?.(event);
    } catch (err) {
      // A failing host callback must not break the widget.
      rethrowLater(err);
    }
  };
  const post = (type: 'config' | 'update', payload: object) =>
    iframe.contentWindow?.postMessage(
      { source: WIDGET_MESSAGE_SOURCE, v: 1, type, instanceId: id, payload },
      portal,
    );
  const timer = setTimeout(() => ready || emit({ type: 'error', reason: 'timeout' }), READY_TIMEOUT_MS);

  // Heard only from the portal origin, from this mount's own iframe window, with this mount's id.
  const onMessage = (event: MessageEvent) => {
    const win = iframe.contentWindow;
    const msg = event.origin === portal && win && event.source === win && readFrameMessage(event.data, id);
    if (!msg) return;
    if (msg.type === 'resize') {
      if (!ready) return;
      const height = Math.min(maxH, Math.max(minH, Math.ceil(msg.payload.height)));
      style.height = `${height}px`;
      style.visibility = 'visible';
      return emit({ type: 'resize', height });
    }
    if (msg.type === 'ready') {
      // Also answered again if the frame reloads: each page load starts its own handshake.
      ready = true;
      clearTimeout(timer);
      post('config', config);
    }
    // ready, get-started and error: the checked payload holds exactly the event's other fields.
    emit({ type: msg.type, ...msg.payload } as WidgetEvent);
  };

  const instance: Mounted = {
    id,
    key,
    get iframe() {
      return destroyed ? null : iframe;
    },
    update(next: UpdateOptions) {
      if (destroyed || !next) return;
      if ('onEvent' in next) onEvent = next.onEvent;
      const changed = configFrom(next);
      Object.assign(config, changed);
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
  const found = typeof document === 'undefined' ? null : findEl(el);
  return found ? instances.get(found) : undefined;
}
