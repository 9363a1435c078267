import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddOriginBody, ORIGIN_MESSAGES, parseAllowedOrigin } from './registrar-origins.ts';

describe('parseAllowedOrigin', () => {
  it.each([
    ['https://www.example.com', 'https://www.example.com'],
    ['  HTTPS://Example.COM/ ', 'https://example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
    ['https://1.2.3.4', 'https://1.2.3.4'],
    ['http://localhost:4017', 'http://localhost:4017'],
    ['http://127.0.0.1:4000/', 'http://127.0.0.1:4000'],
    ['https://localhost', 'https://localhost'],
  ])('takes %s as %s', (input, origin) => {
    expect(parseAllowedOrigin(input)).toEqual({ origin });
  });

  it.each([
    ['', ORIGIN_MESSAGES.empty],
    ['   ', ORIGIN_MESSAGES.empty],
    [`https://${'a'.repeat(300)}.com`, ORIGIN_MESSAGES.tooLong],
    ['example.com', ORIGIN_MESSAGES.invalid],
    ['https:example.com', ORIGIN_MESSAGES.invalid],
    ['https:///example.com', ORIGIN_MESSAGES.invalid],
    ['https://exa mple.com', ORIGIN_MESSAGES.invalid],
    ['https://user:pw@example.com', ORIGIN_MESSAGES.invalid],
    ['https://example.com/shop', ORIGIN_MESSAGES.pathOrQuery],
    ['https://example.com//', ORIGIN_MESSAGES.pathOrQuery],
    ['https://example.com?x=1', ORIGIN_MESSAGES.pathOrQuery],
    ['https://example.com#top', ORIGIN_MESSAGES.pathOrQuery],
    ['http://example.com', ORIGIN_MESSAGES.notHttps],
    ['http://10.0.0.1', ORIGIN_MESSAGES.notHttps],
    ['ftp://example.com', ORIGIN_MESSAGES.notHttps],
    ['javascript:alert(1)', ORIGIN_MESSAGES.notHttps],
    ['https://*.example.com', ORIGIN_MESSAGES.host],
    ['https://example', ORIGIN_MESSAGES.host],
    ['https://ex_ample.com', ORIGIN_MESSAGES.host],
    ['https://[::1]', ORIGIN_MESSAGES.host],
  ])('refuses %j: %s', (input, error) => {
    expect(parseAllowedOrigin(input)).toEqual({ error });
  });

  it('is the rule of the POST body, which hands on the normalised origin', () => {
    expect(v.parse(AddOriginBody, { origin: 'https://Shop.Example.com/' })).toEqual({
      origin: 'https://shop.example.com',
    });
    const bad = v.safeParse(AddOriginBody, { origin: 'http://shop.example.com' });
    expect(bad.issues?.[0]?.message).toBe(ORIGIN_MESSAGES.notHttps);
  });
});
