import { parseWidgetMessage, toOrigin as sharedToOrigin } from '@domain-broker/shared/widget-protocol';
import { describe, expect, it } from 'vitest';
import { parseFrameMessage, toOrigin } from '../src/protocol-lite.ts';

/**
 * The loader's hand-written checks must say yes and no exactly where the shared valibot schema does.
 * The corpus: every valid frame -> host message, then systematic mutations of each (drop a key, add a
 * key, swap each field for odd values), plus host -> frame messages and non-objects.
 */
const ID = '0123456789abcdef01234567';

const valid: Record<string, unknown>[] = [
  { type: 'ready', payload: {} },
  { type: 'resize', payload: { height: 0 } },
  { type: 'resize', payload: { height: 480.5 } },
  { type: 'resize', payload: { height: 100000 } },
  { type: 'get-started', payload: { domainName: 'example.com', registrarId: 'demo-registrar' } },
  { type: 'get-started', payload: { domainName: '', registrarId: 'a.b_c-1' } },
  { type: 'get-started', payload: { domainName: 'x'.repeat(253), registrarId: 'r'.repeat(128) } },
  { type: 'error', payload: { reason: 'bad-config' } },
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
  'r'.repeat(129),
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

const corpus: unknown[] = [
  ...valid,
  ...valid.flatMap(mutations),
  {
    source: 'domain-broker',
    v: 1,
    instanceId: ID,
    type: 'config',
    payload: { domainName: 'a.com', variant: 1, locale: 'en', theme: 'light' },
  },
  { source: 'domain-broker', v: 1, instanceId: ID, type: 'update', payload: {} },
  null,
  undefined,
  'ready',
  42,
  [],
  JSON.stringify(valid[0]),
];

describe('protocol-lite agrees with the shared schema', () => {
  it(`gives the same verdict on all ${corpus.length} corpus messages`, () => {
    const disagreements = corpus.filter((data) => {
      const shared = parseWidgetMessage(data, { direction: 'to-host', instanceId: ID }) !== null;
      const lite = parseFrameMessage(data, ID) !== null;
      return shared !== lite;
    });
    expect(disagreements).toEqual([]);
    // Sanity: the corpus holds both answers.
    expect(corpus.filter((d) => parseFrameMessage(d, ID) !== null).length).toBeGreaterThanOrEqual(
      valid.length,
    );
    expect(corpus.length).toBeGreaterThan(500);
  });

  it('refuses every valid message when expecting another instance', () => {
    for (const m of valid) {
      expect(parseFrameMessage(m, 'ffffffffffffffffffffffff')).toBeNull();
      expect(
        parseWidgetMessage(m, { direction: 'to-host', instanceId: 'ffffffffffffffffffffffff' }),
      ).toBeNull();
    }
  });

  it('normalises origins the same way', () => {
    for (const url of [
      'https://Portal.Example.com:443/widget.js',
      'http://localhost:3000/x',
      'https://portal.example.com.evil.test/',
      'file:///a',
      'null',
      '',
      'javascript:alert(1)',
    ]) {
      expect(toOrigin(url)).toBe(sharedToOrigin(url));
    }
    expect(toOrigin(undefined)).toBeNull();
  });
});
