import { describe, expect, it } from 'vitest';
import { InvalidDomainError, isDomainSyntax, normaliseDomain, parseDomain } from './domain.ts';
import { punycodeDecode, punycodeEncode } from './punycode.ts';

describe('normaliseDomain', () => {
  it('trims, lower-cases and strips scheme, www, path, query, port and trailing dot', () => {
    expect(normaliseDomain('  HTTPS://WWW.Example.COM/some/path?q=1#x ')).toBe('example.com');
    expect(normaliseDomain('http://user:pw@shop.example.org:8080/')).toBe('shop.example.org');
    expect(normaliseDomain('example.net.')).toBe('example.net');
    expect(normaliseDomain('//cdn.example.io/app.js')).toBe('cdn.example.io');
  });

  it('keeps "www" when it is the name itself rather than a prefix', () => {
    expect(normaliseDomain('www.com')).toBe('www.com');
  });

  it('converts Unicode labels to xn-- and accepts ideographic dots', () => {
    expect(normaliseDomain('München.de')).toBe('xn--mnchen-3ya.de');
    expect(normaliseDomain('例え。jp')).toBe('xn--r8jz45g.jp');
  });
});

describe('isDomainSyntax', () => {
  it.each([
    'cars.com',
    'a.io',
    'my-shop.co.uk',
    '123.net',
    'xn--mnchen-3ya.de',
    'example.xn--p1ai',
    'deep.sub.example.ai',
  ])('accepts %s', (d) => expect(isDomainSyntax(d)).toBe(true));
  it.each([
    '',
    'com',
    'cars',
    'cars.c',
    'cars.c0m',
    '-cars.com',
    'cars-.com',
    'ca rs.com',
    'cars..com',
    'ab--cd.com',
    `${'a'.repeat(64)}.com`,
    'cars.123',
    'xn--zz-zzzz!.com',
  ])('rejects %j', (d) => expect(isDomainSyntax(d)).toBe(false));
  it('accepts a 63-character label and rejects a name over 253 characters', () => {
    expect(isDomainSyntax(`${'a'.repeat(63)}.com`)).toBe(true);
    const long = Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.');
    expect(isDomainSyntax(`${long}.com`)).toBe(false);
  });
});

describe('parseDomain', () => {
  it('finds multi-label public suffixes and sub-domains', () => {
    const p = parseDomain('shop.cars.co.uk');
    expect(p.tld).toBe('co.uk');
    expect(p.sld).toBe('cars');
    expect(p.subLabels).toEqual(['shop']);
  });
  it('treats a bare second-level registry as an ordinary name', () => {
    expect(parseDomain('co.uk')).toMatchObject({ tld: 'uk', sld: 'co' });
  });
  it('decodes IDN labels for the signals', () => {
    const p = parseDomain('bücher.de');
    expect(p.isIdn).toBe(true);
    expect(p.sld).toBe('xn--bcher-kva');
    expect(p.sldUnicode).toBe('bücher');
  });
  it('throws a typed error for invalid input', () => {
    expect(() => parseDomain('not a domain')).toThrow(InvalidDomainError);
    expect(() => parseDomain('')).toThrow(InvalidDomainError);
    try {
      parseDomain('bad_name.com');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidDomainError);
      expect((e as InvalidDomainError).input).toBe('bad_name.com');
      expect((e as Error).name).toBe('InvalidDomainError');
    }
  });
});

describe('punycode', () => {
  it('matches RFC 3492 sample strings', () => {
    // Sample (A) Arabic and (L) Japanese from RFC 3492 section 7.1.
    expect(
      punycodeEncode(
        '\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F',
      ),
    ).toBe('egbpdaj6bu4bxfgehfvwxn');
    expect(punycodeEncode('3\u5E74B\u7D44\u91D1\u516B\u5148\u751F')).toBe('3B-ww4c5e180e575a65lsy2b');
  });
  it('round-trips and rejects garbage', () => {
    for (const w of ['café', 'пример', '例え', 'straße', 'ab'])
      expect(punycodeDecode(punycodeEncode(w))).toBe(w);
    expect(punycodeDecode('!!!')).toBeNull();
  });
});
