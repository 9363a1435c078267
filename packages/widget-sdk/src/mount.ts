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
import {
  type FrameToHostMessage,
  frameUrl,
  LOCALE_RE,
  parseFrameMessage,
  REGISTRAR_ID_RE,
  toOrigin,
  WIDGET_MESSAGE_SOURCE,
  WIDGET_PROTOCOL_VERSION,
  type WidgetConfig,
} from '@domain-broker/shared/widget-contract';

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

/** What the host sends the frame in `config` and `update`. */
type FrameConfig = WidgetConfig;

/** A live mount, with the key that tells whether a new mount on the same element is the same widget. */
type Mounted = WidgetInstance & { key: string };

const instances = new WeakMap<Element, Mounted>();

const noop: WidgetInstance = { id: '', iframe: null, update() {}, destroy() {} };

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => (b | 256).toString(16).slice(1)).join(
    '',
  );
}

function cleanLocale(locale: string | undefined): string {
  const tag = (locale || '').replace(/^[^-]*/, (first) => first.toLowerCase());
  return LOCALE_RE.test(tag) ? tag : 'en';
}

/**
 * The config fields `options` sets, cleaned: a domain is trimmed, lower-cased and cut to 253
 * characters; anything but variant 1 is 2; an unknown theme is light (most registrar pages are light,
 * and 'auto' could put a dark card on a light page); a bad locale is 'en'.
 */
function configFrom(options: UpdateOptions): Partial<FrameConfig> {
  const { domainName: d, variant: v, locale, theme: t } = options;
  const out: Partial<FrameConfig> = {};
  if (d !== undefined)
    out.domainName = String(d || '')
      .trim()
      .toLowerCase()
      .slice(0, 253);
  if (v !== undefined) out.variant = Number(v) === 1 ? 1 : 2;
  if (locale !== undefined) out.locale = cleanLocale(locale);
  if (t !== undefined) out.theme = t === 'dark' || t === 'auto' ? t : 'light';
  return out;
}

const findEl = (el: Element | string): Element | null =>
  typeof el === 'string' ? document.querySelector(el) : el;

function resolveEl(el: Element | string): Element {
  const found = findEl(el);
  if (!found) throw new Error(`DomainBroker: no element matches ${String(el)}`);
  return found;
}

/** Checks the arguments before touching the page; a mistake fails here, loudly, not as a silent frame. */
function checkTarget(portalOrigin: string, options: MountOptions) {
  const portal = toOrigin(portalOrigin);
  if (!portal) throw new Error('DomainBroker: portalOrigin must be an http(s) origin');
  // The contract's rule, which the frame and the server apply too.
  const registrarId = String(options?.registrarId ?? '');
  if (!REGISTRAR_ID_RE.test(registrarId)) throw new Error('DomainBroker: bad registrarId');
  if (!toOrigin(location.origin)) throw new Error('DomainBroker: the page needs an http(s) origin');
  const mode: WidgetMode = options.mode === 'search' ? 'search' : 'message';
  return [portal, registrarId, mode] as const;
}

/** The iframe, sandboxed and invisible (height 0) until the frame's first resize after `ready`. */
function createFrame(src: string, title: string | undefined): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.src = src;
  iframe.title = title || 'Domain Broker: get a broker for a taken domain';
  iframe.setAttribute('scrolling', 'no');
  // The frame needs scripts, its own origin (fetch), popups for the real 'Get Started' link, and forms.
  // Not granted: top navigation, so the frame can never navigate the registrar's page.
  iframe.setAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  );
  // CSSOM assignments, not a style attribute string, so a strict host CSP (style-src without
  // 'unsafe-inline') does not block them.
  Object.assign(iframe.style, {
    display: 'block',
    width: '100%',
    border: '0',
    overflow: 'hidden',
    height: '0px',
    visibility: 'hidden',
    colorScheme: 'normal',
  });
  return iframe;
}

/** Surfaces an error in the console without stopping the code that caught it. */
export function rethrowLater(err: unknown): void {
  setTimeout(() => {
    throw err;
  });
}

/** Mounts a widget served by `portalOrigin`. Without a DOM (server-side rendering) it does nothing. */
export function mountWidget(portalOrigin: string, options: MountOptions): WidgetInstance {
  if (typeof window === 'undefined' || typeof document === 'undefined') return noop;
  const target = checkTarget(portalOrigin, options);
  const el = resolveEl(options.el);

  // Mounting again on the same element: same widget → reuse it with the new options; otherwise replace.
  const existing = instances.get(el);
  if (existing?.key === target.join(' ')) {
    existing.update(options);
    return existing;
  }
  existing?.destroy();

  return createInstance(el, target, options);
}

/** Puts the iframe into `el`, runs the handshake and answers the frame; `destroy` undoes all of it. */
function createInstance(el: Element, target: ReturnType<typeof checkTarget>, options: MountOptions): Mounted {
  const [portal, registrarId, mode] = target;
  const id = randomId();
  const minH = options.minHeight ?? 120;
  const maxH = Math.max(minH, options.maxHeight ?? 1200);
  const config: FrameConfig = {
    domainName: '',
    variant: 2,
    locale: cleanLocale(document.documentElement.lang),
    theme: 'light',
    ...configFrom(options),
  };
  let onEvent = options.onEvent;
  let ready = false;
  let destroyed = false;

  const iframe = createFrame(
    frameUrl(portal, { view: mode, registrarId, ...config, origin: location.origin, instance: id }),
    options.title,
  );
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
      { source: WIDGET_MESSAGE_SOURCE, v: WIDGET_PROTOCOL_VERSION, type, instanceId: id, payload },
      portal,
    );

  const timer = setTimeout(() => {
    if (!ready) emit({ type: 'error', reason: 'timeout' });
  }, READY_TIMEOUT_MS);

  const answer = (msg: FrameToHostMessage) => {
    if (msg.type === 'resize') {
      if (!ready) return;
      const height = Math.min(maxH, Math.max(minH, Math.ceil(msg.payload.height)));
      iframe.style.height = `${height}px`;
      iframe.style.visibility = 'visible';
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

  // Heard only from the portal origin, from this mount's own iframe window, with this mount's id.
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== portal || !iframe.contentWindow || event.source !== iframe.contentWindow) return;
    const msg = parseFrameMessage(event.data, id);
    if (msg) answer(msg);
  };

  const instance: Mounted = {
    id,
    key: target.join(' '),
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
  if (typeof document === 'undefined') return undefined;
  const found = findEl(el);
  return found ? instances.get(found) : undefined;
}
