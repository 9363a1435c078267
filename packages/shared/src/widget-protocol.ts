/**
 * The postMessage protocol between the widget loader (runs in the registrar's page) and the
 * frame app (runs in an iframe on the portal origin).
 *
 * Every message is an envelope `{ source, v, type, instanceId, payload }`:
 * - `source` tells our messages apart from everything else a page receives (extensions, ads, other embeds);
 * - `v` is the protocol version; a receiver ignores any version it does not speak;
 * - `instanceId` is a fresh random id per mount, so two widgets on one page never hear each other.
 *
 * Handshake: the frame posts `ready` once it has checked the host origin against the registrar's allowed
 * origins; the loader answers `config`; afterwards the frame reports `resize` and `get-started`, the host
 * may send `update`. Both sides post only to one exact origin (never '*') and accept a message only when
 * its origin, its source window and its instance id all match (see `acceptMessage`).
 *
 * The loader mirrors `parseWidgetMessage` for frame → host messages in a few hand-written lines to stay
 * small (packages/widget-sdk/src/protocol-lite.ts); a test keeps the two in agreement.
 */
import * as v from 'valibot';

export const WIDGET_MESSAGE_SOURCE = 'domain-broker';
export const WIDGET_PROTOCOL_VERSION = 1;
/** Largest accepted message, measured as the UTF-8 byte length of its JSON serialisation. */
export const WIDGET_MESSAGE_MAX_BYTES = 4096;

export const WIDGET_THEMES = ['light', 'dark', 'auto'] as const;
export const WIDGET_VARIANTS = [1, 2] as const;

const InstanceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
const DomainNameSchema = v.pipe(v.string(), v.maxLength(253));
const RegistrarIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,128}$/));
const LocaleSchema = v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/));
const ThemeSchema = v.picklist(WIDGET_THEMES);
const VariantSchema = v.picklist(WIDGET_VARIANTS);
const HeightSchema = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000));
const ReasonSchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/));

const envelope = <T extends string, P extends v.GenericSchema>(type: T, payload: P) =>
  v.strictObject({
    source: v.literal(WIDGET_MESSAGE_SOURCE),
    v: v.literal(WIDGET_PROTOCOL_VERSION),
    type: v.literal(type),
    instanceId: InstanceIdSchema,
    payload,
  });

export const WidgetConfigSchema = v.strictObject({
  domainName: DomainNameSchema,
  variant: VariantSchema,
  locale: LocaleSchema,
  theme: ThemeSchema,
});

/** Messages the frame sends to the host page. */
export const FrameToHostMessageSchema = v.variant('type', [
  envelope('ready', v.strictObject({})),
  envelope('resize', v.strictObject({ height: HeightSchema })),
  envelope('get-started', v.strictObject({ domainName: DomainNameSchema, registrarId: RegistrarIdSchema })),
  envelope('error', v.strictObject({ reason: ReasonSchema })),
]);

/** Messages the host page sends to the frame. */
export const HostToFrameMessageSchema = v.variant('type', [
  envelope('config', WidgetConfigSchema),
  envelope('update', v.partial(WidgetConfigSchema)),
]);

export type WidgetConfig = v.InferOutput<typeof WidgetConfigSchema>;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];
export type WidgetVariant = (typeof WIDGET_VARIANTS)[number];
export type FrameToHostMessage = v.InferOutput<typeof FrameToHostMessageSchema>;
export type HostToFrameMessage = v.InferOutput<typeof HostToFrameMessageSchema>;
export type WidgetMessage = FrameToHostMessage | HostToFrameMessage;
export type WidgetDirection = 'to-host' | 'to-frame';

type MessageOf<D extends WidgetDirection> = D extends 'to-host' ? FrameToHostMessage : HostToFrameMessage;

/** UTF-8 byte length of the JSON form of `data`, or null when it cannot be serialised (cycles, BigInt). */
export function serializedSize(data: unknown): number | null {
  try {
    const json = JSON.stringify(data);
    return json === undefined ? null : new TextEncoder().encode(json).length;
  } catch {
    return null;
  }
}

/**
 * Checks `data` (a MessageEvent's data) against the protocol. Returns the typed message, or null when it
 * is not ours, malformed, oversized, of another protocol version, of an unknown type, or addressed to
 * another widget instance.
 */
export function parseWidgetMessage<D extends WidgetDirection>(
  data: unknown,
  expected: { direction: D; instanceId: string },
): MessageOf<D> | null {
  if (typeof data !== 'object' || data === null) return null;
  const size = serializedSize(data);
  if (size === null || size > WIDGET_MESSAGE_MAX_BYTES) return null;
  const schema = expected.direction === 'to-host' ? FrameToHostMessageSchema : HostToFrameMessageSchema;
  const result = v.safeParse(schema, data);
  if (!result.success || result.output.instanceId !== expected.instanceId) return null;
  return result.output as MessageOf<D>;
}

/** Builds a message envelope; the sender still posts it with an exact target origin. */
export function createWidgetMessage<M extends WidgetMessage>(
  type: M['type'],
  instanceId: string,
  payload: Extract<M, { type: M['type'] }>['payload'],
): M {
  return { source: WIDGET_MESSAGE_SOURCE, v: WIDGET_PROTOCOL_VERSION, type, instanceId, payload } as M;
}

/**
 * The serialised origin (`scheme://host[:port]`) of an absolute http(s) URL or origin string, or null.
 * Paths, queries and credentials are dropped; opaque origins ('null', file:, data:) give null.
 */
export function toOrigin(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return parsed.origin;
}

/**
 * Exact origin equality. `expected` is reduced to its origin (case, default port, trailing slash); `actual`
 * must already be a serialised origin. They are then compared whole: no prefix, suffix or wildcard matching, so `https://portal.example.com.evil.test` never equals
 * `https://portal.example.com`.
 */
export function isSameOrigin(
  actual: string | null | undefined,
  expected: string | null | undefined,
): boolean {
  if (!actual || !expected) return false;
  // `actual` must already be a serialised origin (what MessageEvent.origin and location.origin give);
  // `expected` may be written loosely (trailing slash, upper case, default port) and is normalised.
  const a = toOrigin(actual);
  return a !== null && a === actual && a === toOrigin(expected);
}

/** True when `origin` equals one entry of `allowed` exactly (after normalising the entries). */
export function isAllowedOrigin(origin: string | null | undefined, allowed: readonly string[]): boolean {
  return allowed.some((entry) => isSameOrigin(origin, entry));
}

/**
 * The full receive check for a MessageEvent-like object: exact origin, expected source window, then
 * `parseWidgetMessage`. Use this in both the loader and the frame so the rules live in one place.
 */
export function acceptMessage<D extends WidgetDirection>(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; source: unknown; direction: D; instanceId: string },
): MessageOf<D> | null {
  if (expected.source == null || event.source !== expected.source) return null;
  if (!isSameOrigin(event.origin, expected.origin)) return null;
  return parseWidgetMessage(event.data, expected);
}
