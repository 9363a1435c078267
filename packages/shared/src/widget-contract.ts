/**
 * The widget contract: what the loader (dist/widget.js, on every registrar page), the frame, the
 * server's widget and registrar routes, the portal and the example registrar site must agree on.
 *
 * Zero dependencies and no module-level side effects, so the loader can bundle the few pieces it uses
 * and stay inside its gzip budget (packages/widget-sdk/scripts/size.mjs). The valibot schemas of the postMessage protocol
 * (widget-protocol.ts) are built from these patterns; the loader's hand-written frame -> host check
 * (packages/widget-sdk/src/protocol-lite.ts) uses them too and is held to parseFrameMessage by a
 * differential test (packages/widget-sdk/test/protocol-lite.test.ts). Limits and their reasons: docs/registrar-integration.md ("Registrar ids").
 */

/** Marks our postMessage envelopes apart from everything else a page receives. */
export const WIDGET_MESSAGE_SOURCE = 'domain-broker';
export const WIDGET_PROTOCOL_VERSION = 1;
/** Largest accepted message, measured as the UTF-8 byte length of its JSON serialisation. */
export const WIDGET_MESSAGE_MAX_BYTES = 4096;

/**
 * A registrar id: 1 to 64 letters, digits, '.', '_' or '-'. It goes into URLs, `data-` attributes and
 * CSP lookups unescaped, and the sign-up and lead payloads keep at most 64 characters of it.
 */
export const REGISTRAR_ID_MAX_LENGTH = 64;
export const REGISTRAR_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/** The random id of one mount; it rides on every message so two widgets on a page never mix. */
export const INSTANCE_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
/** The `reason` of an `error` event. */
export const ERROR_REASON_RE = /^[a-z0-9-]{1,64}$/;
/** A BCP 47 tag as the widget accepts it: 'en', 'zh-CN'. */
export const LOCALE_RE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** A host name is at most 253 characters long. */
export const DOMAIN_NAME_MAX_LENGTH = 253;
/**
 * Domain syntax (already lower-cased): dot-separated labels of 1 to 63 letters, digits and inner
 * hyphens, the last one 2+ letters or an IDN `xn--` label. A literal, not `new RegExp`, so a bundle
 * that does not use it drops it.
 */
export const DOMAIN_NAME_RE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{0,58}[a-z0-9])$/;

export function isRegistrarId(value: unknown): value is string {
  return typeof value === 'string' && REGISTRAR_ID_RE.test(value);
}

export function isDomainName(value: string): boolean {
  return value.length <= DOMAIN_NAME_MAX_LENGTH && DOMAIN_NAME_RE.test(value);
}

export type WidgetView = 'message' | 'search';
export type WidgetVariant = 1 | 2;

/** Where the portal serves each frame page; the loader, the frame and the server use these paths. */
export const MESSAGE_FRAME_PATH = '/registrar-message';
export const SEARCH_FRAME_PATH = '/sample-registrar-flow';
/** The two frame paths by view. (The loader imports the two strings, which a minifier inlines.) */
export const FRAME_PATHS: Readonly<Record<WidgetView, string>> = {
  message: MESSAGE_FRAME_PATH,
  search: SEARCH_FRAME_PATH,
};

/** The registrar landing page that 'Get Started' opens (spec: /registrar-landing-page). */
export const LANDING_PAGE_PATH = '/registrar-landing-page';

export interface FrameUrlInput {
  view: WidgetView;
  registrarId: string;
  /** Sent in the message view only. */
  domainName: string;
  /** Sent in the message view only, as `temp` (the spec's name): 1 compact, 2 with the broker panel. */
  variant: WidgetVariant;
  /** The embedding page's origin, checked by the frame against the registrar's allowed origins. */
  origin: string;
  /** The mount's instance id. */
  instance: string;
}

/**
 * The frame page URL: `{portal}/registrar-message?domainName&registrarId&temp&origin&instance`, or
 * `{portal}/sample-registrar-flow?registrarId&origin&instance`. `portal` may be '' for a same-origin path.
 */
export function frameUrl(portal: string, p: FrameUrlInput): string {
  const { registrarId, origin, instance } = p;
  const q = new URLSearchParams(
    p.view === 'message'
      ? { domainName: p.domainName, registrarId, temp: String(p.variant), origin, instance }
      : { registrarId, origin, instance },
  );
  return `${portal}${FRAME_PATHS[p.view]}?${q}`;
}

/** `{portal}/registrar-landing-page?domainName&registrarId`: where 'Get Started' leads. */
export function landingPageUrl(portal: string, domainName: string, registrarId: string): string {
  return `${portal}${LANDING_PAGE_PATH}?${new URLSearchParams({ domainName, registrarId })}`;
}

/**
 * What `GET /api/widget/registrars/{id}` answers (in `data`) and what the server writes into a frame
 * page as `<meta name="domain-broker-registrar">`: enough for the frame to decide whether it may render.
 */
export interface WidgetRegistrar {
  UID: string;
  name: string;
  image: string;
  /** Serialised origins (see `normalizeOrigins`), also the frame pages' CSP `frame-ancestors`. */
  allowedOrigins: string[];
}

/**
 * The serialised origin (`scheme://host[:port]`) of an absolute http(s) URL or origin string, or null.
 * Case, default ports and trailing slashes are normalised; paths, queries and credentials dropped;
 * opaque origins ('null', file:, data:) give null.
 */
export function toOrigin(url: unknown): string | null {
  try {
    const u = new URL(url as string);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The http(s) entries of `list` as serialised origins, each once; anything else is dropped. */
export function normalizeOrigins(list: unknown): string[] {
  const out = new Set<string>();
  if (Array.isArray(list)) {
    for (const entry of list) {
      const origin = typeof entry === 'string' ? toOrigin(entry) : null;
      if (origin) out.add(origin);
    }
  }
  return [...out];
}

/**
 * Exact origin equality. `actual` must already be a serialised origin (what MessageEvent.origin and
 * location.origin give); `expected` may be written loosely (trailing slash, upper case, default port)
 * and is normalised. No prefix, suffix or wildcard matching: `https://portal.example.com.evil.test`
 * never equals `https://portal.example.com`.
 */
export function isSameOrigin(
  actual: string | null | undefined,
  expected: string | null | undefined,
): boolean {
  if (!actual || !expected) return false;
  const a = toOrigin(actual);
  return a !== null && a === actual && a === toOrigin(expected);
}

/**
 * True when `origin` equals one entry of `allowed` exactly (after normalising the entries). `allowed`
 * may come straight off the network: only string entries of an array count.
 */
export function isAllowedOrigin(origin: string | null | undefined, allowed: unknown): boolean {
  return (
    Array.isArray(allowed) &&
    allowed.some((entry) => typeof entry === 'string' && isSameOrigin(origin, entry))
  );
}

// ---------------------------------------------------------------------------------------------------
// The postMessage protocol, checked without a schema library (the loader and the frame both use these).
// widget-protocol.ts states the same protocol as valibot schemas, its readable specification; a
// differential test (widget-contract.protocol.test.ts) requires both to give the same verdict on a
// corpus of good and bad messages, so a change to one without the other fails CI.
// ---------------------------------------------------------------------------------------------------

export type WidgetTheme = 'light' | 'dark' | 'auto';

/** The display settings the frame works with, once cleaned by `cleanConfig`. */
export interface WidgetConfig {
  domainName: string;
  variant: WidgetVariant;
  locale: string;
  theme: WidgetTheme;
}

/**
 * What the host sends in `config` (its answer to `ready`) and `update`: any of the four fields, each
 * as the registrar gave it to the loader (a JSON value: data attributes give strings, the JS API may give
 * numbers). The frame cleans them with `cleanConfig`; the loader ships no cleaning code
 * (docs/decisions/023-widget-loader-diet.md).
 */
export type HostConfig = { [K in keyof WidgetConfig]?: unknown };

/**
 * The settings `raw` sets, cleaned (a field that is absent or undefined is left out): a domain is
 * trimmed, lower-cased and cut to 253 characters; anything but variant 1 is 2; an unknown theme is light
 * (most registrar pages are light, and 'auto' could put a dark card on a light page); a bad locale
 * (first subtag lower-cased) is 'en'. Until 2026-11-24 the loader did this before sending.
 */
export function cleanConfig(raw: HostConfig): Partial<WidgetConfig> {
  const { domainName: d, variant: v, locale: l, theme: t } = raw;
  const out: Partial<WidgetConfig> = {};
  if (d !== undefined)
    out.domainName = String(d || '')
      .trim()
      .toLowerCase()
      .slice(0, DOMAIN_NAME_MAX_LENGTH);
  if (v !== undefined) out.variant = Number(v) === 1 ? 1 : 2;
  if (l !== undefined) {
    const tag = String(l || '').replace(/^[^-]*/, (first) => first.toLowerCase());
    out.locale = LOCALE_RE.test(tag) ? tag : 'en';
  }
  if (t !== undefined) out.theme = t === 'dark' || t === 'auto' ? t : 'light';
  return out;
}

interface Envelope<T extends string, P> {
  source: typeof WIDGET_MESSAGE_SOURCE;
  v: typeof WIDGET_PROTOCOL_VERSION;
  type: T;
  instanceId: string;
  payload: P;
}

/** Messages the frame sends to the host page. */
export type FrameToHostMessage =
  | Envelope<'ready', Record<never, never>>
  | Envelope<'resize', { height: number }>
  | Envelope<'get-started', { domainName: string; registrarId: string }>
  | Envelope<'error', { reason: string }>;

/** Messages the host page sends to the frame. */
export type HostToFrameMessage = Envelope<'config', HostConfig> | Envelope<'update', HostConfig>;

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null;

/** True when `o` has exactly these keys (a strict object with required entries). */
const hasKeys = (o: Obj, keys: string[]): boolean => {
  const own = Object.keys(o);
  return own.length === keys.length && keys.every((k) => own.includes(k));
};

const isStr = (x: unknown, re: RegExp): x is string => typeof x === 'string' && re.test(x);

/** UTF-8 byte length of the JSON form of `data`, or Infinity when it cannot be serialised (cycles, BigInt). */
function byteSize(data: unknown): number {
  try {
    const json = JSON.stringify(data);
    return json === undefined ? Infinity : new TextEncoder().encode(json).length;
  } catch {
    return Infinity;
  }
}

/** The envelope is ours, of this version, addressed to `instanceId`, small enough, with an object payload. */
const envelopeOk = (d: Obj, instanceId: string): boolean =>
  byteSize(d) <= WIDGET_MESSAGE_MAX_BYTES &&
  hasKeys(d, ['source', 'v', 'type', 'instanceId', 'payload']) &&
  d.source === WIDGET_MESSAGE_SOURCE &&
  d.v === WIDGET_PROTOCOL_VERSION &&
  isStr(d.instanceId, INSTANCE_ID_RE) &&
  d.instanceId === instanceId &&
  isObj(d.payload);

function framePayloadOk(type: unknown, p: Obj): boolean {
  switch (type) {
    case 'ready':
      return hasKeys(p, []);
    case 'resize': {
      const h = p.height;
      return hasKeys(p, ['height']) && typeof h === 'number' && Number.isFinite(h) && h >= 0 && h <= 100000;
    }
    case 'get-started':
      return (
        hasKeys(p, ['domainName', 'registrarId']) &&
        typeof p.domainName === 'string' &&
        p.domainName.length <= DOMAIN_NAME_MAX_LENGTH &&
        isStr(p.registrarId, REGISTRAR_ID_RE)
      );
    case 'error':
      return hasKeys(p, ['reason']) && isStr(p.reason, ERROR_REASON_RE);
    default:
      return false;
  }
}

/** The frame -> host message in `data` if it is well-formed and addressed to `instanceId`, else null. */
export function parseFrameMessage(data: unknown, instanceId: string): FrameToHostMessage | null {
  return isObj(data) && envelopeOk(data, instanceId) && framePayloadOk(data.type, data.payload as Obj)
    ? (data as unknown as FrameToHostMessage)
    : null;
}

const CONFIG_FIELDS: readonly string[] = ['domainName', 'variant', 'locale', 'theme'];

/** `config` and `update` carry any of the four fields, with any value (the frame cleans them). */
const hostPayloadOk = (type: unknown, p: Obj): boolean =>
  (type === 'config' || type === 'update') && Object.keys(p).every((k) => CONFIG_FIELDS.includes(k));

/** The host -> frame message in `data` if it is well-formed and addressed to `instanceId`, else null. */
export function parseHostMessage(data: unknown, instanceId: string): HostToFrameMessage | null {
  return isObj(data) && envelopeOk(data, instanceId) && hostPayloadOk(data.type, data.payload as Obj)
    ? (data as unknown as HostToFrameMessage)
    : null;
}

/** Builds a message envelope; the sender still posts it with an exact target origin. */
export function createWidgetMessage<M extends FrameToHostMessage | HostToFrameMessage>(
  type: M['type'],
  instanceId: string,
  payload: Extract<M, { type: M['type'] }>['payload'],
): M {
  return { source: WIDGET_MESSAGE_SOURCE, v: WIDGET_PROTOCOL_VERSION, type, instanceId, payload } as M;
}

export type WidgetDirection = 'to-host' | 'to-frame';
type MessageOf<D extends WidgetDirection> = D extends 'to-host' ? FrameToHostMessage : HostToFrameMessage;

/**
 * The full receive check for a MessageEvent-like object: the expected source window, the exact origin,
 * then the message itself (ours, this version, this instance, well-formed).
 */
export function acceptMessage<D extends WidgetDirection>(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; source: unknown; direction: D; instanceId: string },
): MessageOf<D> | null {
  if (expected.source == null || event.source !== expected.source) return null;
  if (!isSameOrigin(event.origin, expected.origin)) return null;
  const parse = expected.direction === 'to-host' ? parseFrameMessage : parseHostMessage;
  return parse(event.data, expected.instanceId) as MessageOf<D> | null;
}
