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
 * Written for size (docs/decisions/022-widget-availability.md, 023-widget-loader-diet.md): every
 * registrar page downloads it. The display settings (domain, variant, locale, theme) go to the frame as
 * the registrar gave them, and the frame cleans them (`cleanConfig` in the widget contract).
 */
import {
  MESSAGE_FRAME_PATH,
  REGISTRAR_ID_RE,
  SEARCH_FRAME_PATH,
  toOrigin,
  WIDGET_MESSAGE_SOURCE,
} from '@domain-broker/shared/widget-contract';
import { readFrameEvent } from './protocol-lite.ts';

/**
 * True in the script-tag build (tsup defines it), where a DOM always exists, so the server-rendering
 * guards below drop out of dist/widget.js; undefined in the npm build and in tests.
 */
declare const SCRIPT_TAG: boolean | undefined;

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
type Mounted = { -readonly [K in keyof WidgetInstance]: WidgetInstance[K] } & { key: string };

const instances = new WeakMap<Element, Mounted>();

/** Throws 'DomainBroker: …': a mistake fails loudly at mount, not as a silent frame. */
export const fail = (message: string): never => {
  throw Error(`DomainBroker: ${message}`);
};

/** Runs `fn`; an error is rethrown later (the page's error tools see it) instead of stopping the caller. */
export const guarded = (fn: () => unknown): void => {
  try {
    fn();
  } catch (err) {
    setTimeout(() => {
      throw err;
    });
  }
};

const findEl = (el: Element | string): Element | null =>
  typeof el === 'string' ? document.querySelector(el) : el;

/**
 * The display settings `options` sets, as the registrar gave them (JSON values; undefined ones and
 * everything else left out). The frame cleans them (`cleanConfig`); JSON keeps them cloneable.
 */
const configFrom = (options: UpdateOptions): Record<string, unknown> =>
  JSON.parse(JSON.stringify(options, ['domainName', 'variant', 'locale', 'theme']));

/** Mounts a widget served by `portalOrigin`. Without a DOM (server-side rendering) it does nothing. */
export function mountWidget(portalOrigin: string, options: MountOptions): WidgetInstance {
  if (!(typeof SCRIPT_TAG !== 'undefined' && SCRIPT_TAG) && typeof document === 'undefined')
    return { id: '', iframe: null, update() {}, destroy() {} };
  // Checked before touching the page. The registrar id rule is the contract's (frame and server too).
  const portal = toOrigin(portalOrigin) || fail('bad portalOrigin');
  const registrarId = String(options?.registrarId ?? '');
  if (!REGISTRAR_ID_RE.test(registrarId)) fail('bad registrarId');
  const origin = toOrigin(location.origin) || fail('page origin not http(s)');
  const search = options.mode === 'search';
  const el = findEl(options.el) || fail(`no element ${options.el}`);
  const key = `${portal} ${registrarId} ${search}`;

  // Mounting again on the same element: same widget → reuse it with the new options; otherwise replace.
  const existing = instances.get(el);
  if (existing?.key === key) {
    existing.update(options);
    return existing;
  }
  existing?.destroy();

  // Secure contexts only, which every page the widget can work on is (an allowed origin is https, or
  // http on localhost); elsewhere this throws instead of waiting for the frame's refusal.
  const id = crypto.randomUUID();
  const minH = options.minHeight ?? 120;
  const maxH = Math.max(minH, options.maxHeight ?? 1200);
  // The locale falls back to the page's language (the frame makes a bad one 'en'), the theme to light.
  const config: Record<string, unknown> = {
    domainName: '',
    variant: 2,
    locale: document.documentElement.lang,
    ...configFrom(options),
  };
  let onEvent = options.onEvent;
  let ready = false;

  const iframe = document.createElement('iframe');
  // The message page also takes the domain and the variant (as `temp`, the spec's name): frameUrl's shape.
  iframe.src = `${portal}${search ? SEARCH_FRAME_PATH : MESSAGE_FRAME_PATH}?${new URLSearchParams({
    registrarId,
    origin,
    instance: id,
    ...(!search && { domainName: config.domainName, temp: config.variant }),
  } as Record<string, string>)}`;
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
  style.cssText = 'display:block;width:100%;border:0;height:0px;visibility:hidden;color-scheme:normal';

  // A failing host callback must not break the widget.
  const emit = (event: WidgetEvent) => guarded(() => onEvent?.(event));
  const post = (type: 'config' | 'update', payload: object) =>
    iframe.contentWindow?.postMessage(
      { source: WIDGET_MESSAGE_SOURCE, v: 1, type, instanceId: id, payload },
      portal,
    );
  // Cleared by `ready` and by destroy.
  const timer = setTimeout(() => emit({ type: 'error', reason: 'timeout' }), READY_TIMEOUT_MS);

  // Heard only from the portal origin, from this mount's own iframe window, with this mount's id.
  const onMessage = (event: MessageEvent) => {
    const win = iframe.contentWindow;
    const ev = event.origin === portal && win && event.source === win && readFrameEvent(event.data, id);
    if (!ev) return;
    if (ev.type === 'resize') {
      if (!ready) return;
      ev.height = Math.min(maxH, Math.max(minH, Math.ceil(ev.height)));
      style.height = `${ev.height}px`;
      style.visibility = 'visible';
    }
    if (ev.type === 'ready') {
      // Also answered again if the frame reloads: each page load starts its own handshake.
      ready = true;
      clearTimeout(timer);
      post('config', config);
    }
    emit(ev);
  };

  const instance: Mounted = {
    id,
    key,
    iframe,
    update(next: UpdateOptions) {
      if (!instance.iframe || !next) return;
      if ('onEvent' in next) onEvent = next.onEvent;
      const changed = configFrom(next);
      Object.assign(config, changed);
      if (ready && Object.keys(changed).length) post('update', changed);
    },
    destroy() {
      if (!instance.iframe) return;
      instance.iframe = null;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      iframe.remove();
      // Still ours: a mount that replaces this one destroys it before taking the element.
      instances.delete(el);
    },
  };

  window.addEventListener('message', onMessage);
  el.append(iframe);
  instances.set(el, instance);
  return instance;
}

/** The live instance mounted on `el`, if any. */
export function getInstance(el: Element | string): WidgetInstance | undefined {
  return !(typeof SCRIPT_TAG !== 'undefined' && SCRIPT_TAG) && typeof document === 'undefined'
    ? undefined
    : instances.get(findEl(el) as Element);
}
