import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/**
 * A minimal MaxMind DB (format 2.0, IPv4, 24-bit records) mapping one /8 network to a country, written
 * here so the test needs no downloaded database.
 */
function mmdb(firstOctet: number, isoCode: string): Buffer {
  const str = (s: string) => Buffer.concat([Buffer.from([(2 << 5) | s.length]), Buffer.from(s)]);
  const uint = (type: 5 | 6, n: number) => {
    const bytes = type === 5 ? 2 : 4;
    const b = Buffer.alloc(bytes);
    b.writeUIntBE(n, 0, bytes);
    return Buffer.concat([Buffer.from([(type << 5) | bytes]), b]);
  };
  const map = (entries: [string, Buffer][]) =>
    Buffer.concat([Buffer.from([(7 << 5) | entries.length]), ...entries.flatMap(([k, v]) => [str(k), v])]);
  const nodeCount = 8;
  const tree = Buffer.alloc(nodeCount * 6);
  for (let i = 0; i < nodeCount; i++) {
    const bit = (firstOctet >> (7 - i)) & 1;
    const onPath = i < 7 ? i + 1 : nodeCount + 16; // the last node points at data offset 0
    const left = bit === 0 ? onPath : nodeCount;
    const right = bit === 1 ? onPath : nodeCount;
    tree.writeUIntBE(left, i * 6, 3);
    tree.writeUIntBE(right, i * 6 + 3, 3);
  }
  const data = map([['country', map([['iso_code', str(isoCode)]])]]);
  const metadata = map([
    ['node_count', uint(6, nodeCount)],
    ['record_size', uint(5, 24)],
    ['ip_version', uint(5, 4)],
    ['database_type', str('Test-Country')],
    ['binary_format_major_version', uint(5, 2)],
    ['binary_format_minor_version', uint(5, 0)],
    ['build_epoch', uint(6, 1_700_000_000)],
  ]);
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    data,
    Buffer.from('\xAB\xCD\xEFMaxMind.com', 'latin1'),
    metadata,
  ]);
}

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'geoip-'));
  const file = join(dir, 'test.mmdb');
  writeFileSync(file, mmdb(81, 'KP'));
  t = await createTestApp({ env: { GEOIP_DB: file, TRUST_PROXY: 'true', BLOCKED_COUNTRIES: 'KP' } });
});
afterAll(() => t.close());

describe('country from a MaxMind database file', () => {
  it('finds the country of the client address and blocks it', async () => {
    const r = await t.call('GET', '/checkBlockedCountry', undefined, { 'x-forwarded-for': '81.2.3.4' });
    expect(r.status).toBe(307);
    const loc = await t.call('GET', '/location', undefined, { 'x-forwarded-for': '81.2.3.4' });
    expect(loc.body).toEqual({ data: { country_name: 'North Korea', country_code: 'KP' } });
  });
  it('falls back when the address is not in the database', async () => {
    const r = await t.call('GET', '/checkBlockedCountry', undefined, { 'x-forwarded-for': '82.2.3.4' });
    expect(r.status).toBe(200);
    const loc = await t.call('GET', '/location', undefined, { 'x-forwarded-for': '82.2.3.4' });
    expect(loc.body.data).toEqual({ country_name: 'United States', country_code: 'US' });
  });
});
