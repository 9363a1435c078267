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
 * origins; the loader answers `config` (the registrar's settings as given: the frame cleans them);
 * afterwards the frame reports `resize` and `get-started`, the host
 * may send `update`. Both sides post only to one exact origin (never '*') and accept a message only when
 * its origin, its source window and its instance id all match.
 *
 * This file is the protocol's readable specification, as valibot schemas. What runs in the browser is
 * the zero-dependency check of the widget contract (widget-contract.ts: `parseFrameMessage` in the
 * loader, `acceptMessage` in the frame), which keeps valibot out of both bundles; the differential test
 * widget-contract.protocol.test.ts requires the two to agree on every message of its corpus.
 */
import * as v from 'valibot';
import {
  DOMAIN_NAME_MAX_LENGTH,
  ERROR_REASON_RE,
  INSTANCE_ID_RE,
  LOCALE_RE,
  REGISTRAR_ID_RE,
  WIDGET_MESSAGE_MAX_BYTES,
  WIDGET_MESSAGE_SOURCE,
  WIDGET_PROTOCOL_VERSION,
} from './widget-contract.ts';

export { WIDGET_MESSAGE_MAX_BYTES, WIDGET_MESSAGE_SOURCE, WIDGET_PROTOCOL_VERSION };

export const WIDGET_THEMES = ['light', 'dark', 'auto'] as const;
export const WIDGET_VARIANTS = [1, 2] as const;

const InstanceIdSchema = v.pipe(v.string(), v.regex(INSTANCE_ID_RE));
const DomainNameSchema = v.pipe(v.string(), v.maxLength(DOMAIN_NAME_MAX_LENGTH));
const RegistrarIdSchema = v.pipe(v.string(), v.regex(REGISTRAR_ID_RE));
const LocaleSchema = v.pipe(v.string(), v.regex(LOCALE_RE));
const ThemeSchema = v.picklist(WIDGET_THEMES);
const VariantSchema = v.picklist(WIDGET_VARIANTS);
const HeightSchema = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000));
const ReasonSchema = v.pipe(v.string(), v.regex(ERROR_REASON_RE));

const envelope = <T extends string, P extends v.GenericSchema>(type: T, payload: P) =>
  v.strictObject({
    source: v.literal(WIDGET_MESSAGE_SOURCE),
    v: v.literal(WIDGET_PROTOCOL_VERSION),
    type: v.literal(type),
    instanceId: InstanceIdSchema,
    payload,
  });

/** The display settings once the frame has cleaned them (`cleanConfig` in widget-contract.ts). */
export const WidgetConfigSchema = v.strictObject({
  domainName: DomainNameSchema,
  variant: VariantSchema,
  locale: LocaleSchema,
  theme: ThemeSchema,
});

/**
 * What `config` and `update` carry: any of the four fields, each as the registrar gave it to the loader;
 * the frame cleans them (docs/decisions/023-widget-loader-diet.md).
 */
export const HostConfigSchema = v.strictObject({
  domainName: v.optional(v.unknown()),
  variant: v.optional(v.unknown()),
  locale: v.optional(v.unknown()),
  theme: v.optional(v.unknown()),
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
  envelope('config', HostConfigSchema),
  envelope('update', HostConfigSchema),
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
