import type * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type FrameToHostMessage,
  type HostToFrameMessage,
  parseFrameMessage,
  parseHostMessage,
  REGISTRAR_ID_MAX_LENGTH,
  type WidgetConfig,
} from './widget-contract.ts';
import {
  type FrameToHostMessageSchema,
  type HostToFrameMessageSchema,
  parseWidgetMessage,
  type WidgetConfigSchema,
} from './widget-protocol.ts';

/**
 * The contract's schema-free checks (what the loader and the frame run) must say yes and no exactly
 * where the valibot specification (widget-protocol.ts) does, in both directions.
 * The corpus: every valid message, then systematic mutations of each (drop a key, add a key, swap each
 * field for odd values), plus messages of the other direction and non-objects.
 */
const ID = '0123456789abcdef01234567';

const valid: Record<string, unknown>[] = [
  { type: 'ready', payload: {} },
  { type: 'resize', payload: { height: 0 } },
  { type: 'resize', payload: { height: 480.5 } },
  { type: 'resize', payload: { height: 100000 } },
  { type: 'get-started', payload: { domainName: 'example.com', registrarId: 'demo-registrar' } },
  { type: 'get-started', payload: { domainName: '', registrarId: 'a.b_c-1' } },
  {
    type: 'get-started',
    payload: { domainName: 'x'.repeat(253), registrarId: 'r'.repeat(REGISTRAR_ID_MAX_LENGTH) },
  },
  { type: 'error', payload: { reason: 'bad-config' } },
].map((m) => ({ source: 'domain-broker', v: 1, instanceId: ID, ...m }));

const config = { domainName: 'example.com', variant: 2, locale: 'zh-CN', theme: 'auto' };
const validToFrame: Record<string, unknown>[] = [
  { type: 'config', payload: config },
  { type: 'config', payload: { domainName: '', variant: 1, locale: 'en', theme: 'light' } },
  { type: 'config', payload: { ...config, domainName: 'x'.repeat(253), theme: 'dark' } },
  { type: 'update', payload: {} },
  { type: 'update', payload: { theme: 'dark' } },
  { type: 'update', payload: { domainName: 'a.com', variant: 1 } },
  { type: 'update', payload: { locale: 'fr', theme: undefined } },
].map((m) => ({ source: 'domain-broker', v: 1, instanceId: ID, ...m }));

const oddValues: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  100001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '1',
  'x'.repeat(254),
  'Bad Reason',
  '<script>',
  'r'.repeat(REGISTRAR_ID_MAX_LENGTH + 1),
  'r'.repeat(128),
  true,
  [],
  {},
  { nested: 1 },
  ID,
  'ffffffffffffffffffffffff',
  'short',
  'domain-broker',
  2,
  'ready',
  'config',
  'update',
  'light',
  'neon',
  'en',
  'EN',
  'zh-CN',
  'toString',
];

function mutations(message: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const payload = message.payload as Record<string, unknown>;
  for (const key of Object.keys(message)) {
    const { [key]: _dropped, ...rest } = message;
    out.push(rest);
    for (const value of oddValues) out.push({ ...message, [key]: value });
  }
  out.push({ ...message, extra: 1 });
  for (const key of Object.keys(payload)) {
    const { [key]: _dropped, ...rest } = payload;
    out.push({ ...message, payload: rest });
    for (const value of oddValues) out.push({ ...message, payload: { ...payload, [key]: value } });
  }
  out.push({ ...message, payload: { ...payload, extra: 'x' } });
  out.push({ ...message, pad: 'p'.repeat(4000) });
  out.push({ ...message, pad: 'é'.repeat(2000) });
  return out;
}

const others: unknown[] = [null, undefined, 'ready', 42, [], JSON.stringify(valid[0])];
const corpus: unknown[] = [
  ...valid,
  ...valid.flatMap(mutations),
  ...validToFrame,
  ...validToFrame.flatMap(mutations),
  { ...(validToFrame[4] as object), payload: { toString: 'dark' } },
  { ...(validToFrame[4] as object), payload: { constructor: 1 } },
  ...others,
];

describe('the contract agrees with the protocol specification', () => {
  it(`gives the same verdict as the schema, frame to host, on all ${corpus.length} corpus messages`, () => {
    const disagreements = corpus.filter((data) => {
      const spec = parseWidgetMessage(data, { direction: 'to-host', instanceId: ID }) !== null;
      return spec !== (parseFrameMessage(data, ID) !== null);
    });
    expect(disagreements).toEqual([]);
    // Sanity: the corpus holds both answers.
    expect(corpus.filter((d) => parseFrameMessage(d, ID) !== null).length).toBeGreaterThanOrEqual(
      valid.length,
    );
    expect(corpus.length).toBeGreaterThan(1000);
  });

  it('gives the same verdict as the schema, host to frame, on the same corpus', () => {
    const disagreements = corpus.filter((data) => {
      const spec = parseWidgetMessage(data, { direction: 'to-frame', instanceId: ID }) !== null;
      return spec !== (parseHostMessage(data, ID) !== null);
    });
    expect(disagreements).toEqual([]);
    expect(corpus.filter((d) => parseHostMessage(d, ID) !== null).length).toBeGreaterThanOrEqual(
      validToFrame.length,
    );
  });

  it('refuses every valid message when expecting another instance', () => {
    const other = 'ffffffffffffffffffffffff';
    for (const m of valid) {
      expect(parseFrameMessage(m, other)).toBeNull();
      expect(parseWidgetMessage(m, { direction: 'to-host', instanceId: other })).toBeNull();
    }
    for (const m of validToFrame) {
      expect(parseHostMessage(m, other)).toBeNull();
      expect(parseWidgetMessage(m, { direction: 'to-frame', instanceId: other })).toBeNull();
    }
  });

  it('declares the same message types as the schemas infer', () => {
    expectTypeOf<FrameToHostMessage>().toEqualTypeOf<v.InferOutput<typeof FrameToHostMessageSchema>>();
    expectTypeOf<HostToFrameMessage>().toEqualTypeOf<v.InferOutput<typeof HostToFrameMessageSchema>>();
    expectTypeOf<WidgetConfig>().toEqualTypeOf<v.InferOutput<typeof WidgetConfigSchema>>();
  });
});
