import { describe, expect, it } from 'vitest';
import {
  acceptMessage,
  createWidgetMessage,
  type FrameToHostMessage,
  type HostToFrameMessage,
} from './widget-contract.ts';
import { parseWidgetMessage, serializedSize, WIDGET_MESSAGE_MAX_BYTES } from './widget-protocol.ts';

const ID = 'abcdef0123456789';
const toHost = { direction: 'to-host', instanceId: ID } as const;
const toFrame = { direction: 'to-frame', instanceId: ID } as const;

const msg = (type: string, payload: unknown, extra: Record<string, unknown> = {}) => ({
  source: 'domain-broker',
  v: 1,
  type,
  instanceId: ID,
  payload,
  ...extra,
});

describe('parseWidgetMessage: frame to host', () => {
  it.each([
    ['ready', {}],
    ['resize', { height: 312.5 }],
    ['get-started', { domainName: 'example.com', registrarId: 'demo-registrar' }],
    ['error', { reason: 'bad-config' }],
  ])('accepts a well-formed %s message', (type, payload) => {
    expect(parseWidgetMessage(msg(type, payload), toHost)).toEqual(msg(type, payload));
  });

  it('refuses host-to-frame types in the frame-to-host direction and the other way round', () => {
    expect(
      parseWidgetMessage(
        msg('config', { domainName: 'a.com', variant: 1, locale: 'en', theme: 'light' }),
        toHost,
      ),
    ).toBeNull();
    expect(parseWidgetMessage(msg('ready', {}), toFrame)).toBeNull();
  });

  it.each([
    ['an unknown type', msg('navigate', { url: 'https://evil.test' })],
    ['another source', msg('ready', {}, { source: 'someone-else' })],
    ['no source', { v: 1, type: 'ready', instanceId: ID, payload: {} }],
    ['an older protocol version', msg('ready', {}, { v: 0 })],
    ['a newer protocol version', msg('ready', {}, { v: 2 })],
    ['a version given as a string', msg('ready', {}, { v: '1' })],
    ['another instance', msg('ready', {}, { instanceId: 'zzzzzzzzzzzzzzzz' })],
    ['a malformed instance id', msg('ready', {}, { instanceId: 'short' })],
    ['an extra envelope field', msg('ready', {}, { extra: true })],
    ['an extra payload field', msg('resize', { height: 10, width: 5 })],
    ['a missing payload', { source: 'domain-broker', v: 1, type: 'ready', instanceId: ID }],
    ['a negative height', msg('resize', { height: -1 })],
    ['an infinite height', msg('resize', { height: Number.POSITIVE_INFINITY })],
    ['a NaN height', msg('resize', { height: Number.NaN })],
    ['a height given as a string', msg('resize', { height: '300' })],
    ['an absurd height', msg('resize', { height: 1e9 })],
    ['a get-started without registrar', msg('get-started', { domainName: 'a.com' })],
    ['a registrar id with markup', msg('get-started', { domainName: 'a.com', registrarId: '<img>' })],
    ['an error reason with spaces', msg('error', { reason: 'not a code' })],
  ])('returns null for %s', (_label, data) => {
    expect(parseWidgetMessage(data, toHost)).toBeNull();
  });

  it.each([null, undefined, 'ready', 42, [], JSON.stringify(msg('ready', {}))])(
    'returns null for the non-object %j',
    (data) => {
      expect(parseWidgetMessage(data, toHost)).toBeNull();
    },
  );

  it('returns null for oversized messages, however valid their shape', () => {
    const domainName = `${'a'.repeat(240)}.com`;
    const fits = msg('get-started', { domainName, registrarId: 'r' });
    expect(parseWidgetMessage(fits, toHost)).not.toBeNull();
    const huge = msg('error', { reason: 'x' }, { padding: 'y'.repeat(WIDGET_MESSAGE_MAX_BYTES) });
    expect(serializedSize(huge)).toBeGreaterThan(WIDGET_MESSAGE_MAX_BYTES);
    expect(parseWidgetMessage(huge, toHost)).toBeNull();
  });

  it('counts bytes, not characters, and survives values JSON cannot serialise', () => {
    expect(serializedSize({ a: 'é' })).toBe(JSON.stringify({ a: 'x' }).length + 1);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(serializedSize(cyclic)).toBeNull();
    expect(parseWidgetMessage(cyclic, toHost)).toBeNull();
    expect(parseWidgetMessage({ ...msg('ready', {}), big: 1n }, toHost)).toBeNull();
  });
});

describe('parseWidgetMessage: host to frame', () => {
  const config = { domainName: 'example.com', variant: 2, locale: 'en', theme: 'auto' };

  it('accepts config and partial updates', () => {
    expect(parseWidgetMessage(msg('config', config), toFrame)).toEqual(msg('config', config));
    expect(parseWidgetMessage(msg('update', { theme: 'dark' }), toFrame)).not.toBeNull();
    expect(parseWidgetMessage(msg('update', {}), toFrame)).not.toBeNull();
    expect(parseWidgetMessage(msg('config', { ...config, locale: 'zh-CN' }), toFrame)).not.toBeNull();
  });

  it('accepts the settings as the registrar gave them (the frame cleans them), any of the four', () => {
    for (const payload of [
      { domainName: 'a.com', variant: 1, locale: 'en' },
      { ...config, variant: '1', theme: 'neon', locale: '<script>' },
      { domainName: ` ${'A'.repeat(300)} `, variant: null, locale: 5, theme: { nested: 1 } },
    ])
      expect(parseWidgetMessage(msg('config', payload), toFrame)).not.toBeNull();
  });

  it.each([
    ['a config carrying an unknown field', { ...config, registrarId: 'other' }],
    ['a payload that is not an object', 'dark'],
    ['an oversized config', { ...config, domainName: 'a'.repeat(5000) }],
  ])('refuses %s', (_label, payload) => {
    expect(parseWidgetMessage(msg('config', payload), toFrame)).toBeNull();
  });

  it('refuses an update carrying unknown fields', () => {
    expect(parseWidgetMessage(msg('update', { registrarId: 'other' }), toFrame)).toBeNull();
  });
});

describe('createWidgetMessage', () => {
  it('builds envelopes that parse back', () => {
    const ready = createWidgetMessage<FrameToHostMessage>('ready', ID, {});
    expect(parseWidgetMessage(ready, toHost)).toEqual(ready);
    const update = createWidgetMessage<HostToFrameMessage>('update', ID, { variant: 1 });
    expect(parseWidgetMessage(update, toFrame)).toEqual(update);
  });
});

describe('acceptMessage', () => {
  const frameWindow = { name: 'our iframe' };
  const otherWindow = { name: 'another iframe on the same origin' };
  const origin = 'https://portal.example.com';
  const expected = { origin, source: frameWindow, direction: 'to-host', instanceId: ID } as const;

  it('accepts our message from our window on our origin', () => {
    const data = msg('resize', { height: 200 });
    expect(acceptMessage({ origin, source: frameWindow, data }, expected)).toEqual(data);
  });

  it('refuses the same message from another window, even on the right origin', () => {
    const data = msg('resize', { height: 200 });
    expect(acceptMessage({ origin, source: otherWindow, data }, expected)).toBeNull();
    expect(acceptMessage({ origin, source: null, data }, expected)).toBeNull();
  });

  it('refuses when the expected window is unknown (iframe gone)', () => {
    const data = msg('ready', {});
    expect(acceptMessage({ origin, source: null, data }, { ...expected, source: null })).toBeNull();
  });

  it('refuses the same message from a look-alike origin', () => {
    const data = msg('ready', {});
    expect(
      acceptMessage({ origin: 'https://portal.example.com.evil.test', source: frameWindow, data }, expected),
    ).toBeNull();
  });

  it('refuses a message meant for another instance', () => {
    const data = msg('ready', {}, { instanceId: 'another-instance-1' });
    expect(acceptMessage({ origin, source: frameWindow, data }, expected)).toBeNull();
  });
});
