import { parseFrameMessage, REGISTRAR_ID_MAX_LENGTH } from '@domain-broker/shared/widget-contract';
import { describe, expect, it } from 'vitest';
import { readFrameEvent } from '../src/protocol-lite.ts';

/**
 * The loader's small check must give the widget contract's verdict (parseFrameMessage, itself held to
 * the valibot specification in packages/shared) on every message: the valid ones, then systematic
 * mutations of each (drop a key, add a key, swap each field for odd values), and non-objects.
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
  { type: 'config', payload: { domainName: 'a.com', variant: 2, locale: 'en', theme: 'light' } },
].map((m) => ({ source: 'domain-broker', v: 1, instanceId: ID, ...m }));

const odd: unknown[] = [
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
  '5',
  'x'.repeat(254),
  'Bad Reason',
  '<script>',
  'r'.repeat(REGISTRAR_ID_MAX_LENGTH + 1),
  true,
  [],
  ['demo-registrar'],
  {},
  { nested: 1 },
  ID,
  'ffffffffffffffffffffffff',
  'domain-broker',
  2,
  'ready',
  'resize',
  'error',
  'get-started',
  'toString',
  '__proto__',
];

function mutations(message: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const payload = message.payload as Record<string, unknown>;
  for (const key of Object.keys(message)) {
    const { [key]: _dropped, ...rest } = message;
    out.push(rest);
    for (const value of odd) out.push({ ...message, [key]: value });
  }
  out.push({ ...message, extra: 1 });
  for (const key of Object.keys(payload)) {
    const { [key]: _dropped, ...rest } = payload;
    out.push({ ...message, payload: rest });
    for (const value of odd) out.push({ ...message, payload: { ...payload, [key]: value } });
  }
  out.push({ ...message, payload: { ...payload, extra: 'x' } });
  out.push({ ...message, pad: 'p'.repeat(5000) });
  return out;
}

const corpus: unknown[] = [
  ...valid,
  ...valid.flatMap(mutations),
  null,
  undefined,
  'ready',
  42,
  [],
  JSON.stringify(valid[0]),
];

describe("the loader's frame-message check", () => {
  it(`gives the contract's verdict on all ${corpus.length} corpus messages`, () => {
    const disagreements = corpus.filter(
      (d) => (readFrameEvent(d, ID) !== undefined) !== (parseFrameMessage(d, ID) !== null),
    );
    expect(disagreements).toEqual([]);
    expect(corpus.filter((d) => readFrameEvent(d, ID)).length).toBeGreaterThanOrEqual(valid.length - 1);
    expect(readFrameEvent(valid[0], 'another-instance-id')).toBeUndefined();
  });

  it('gives the event for onEvent: the type with the payload fields', () => {
    expect(readFrameEvent(valid[0], ID)).toEqual({ type: 'ready' });
    expect(readFrameEvent(valid[2], ID)).toEqual({ type: 'resize', height: 480.5 });
    expect(readFrameEvent(valid[4], ID)).toEqual({
      type: 'get-started',
      domainName: 'example.com',
      registrarId: 'demo-registrar',
    });
    expect(readFrameEvent(valid[7], ID)).toEqual({ type: 'error', reason: 'bad-config' });
  });
});
