import { describe, expect, it } from 'vitest';
import { isDomainSyntax } from './validators.ts';
import {
  cleanConfig,
  FRAME_PATHS,
  frameUrl,
  isAllowedOrigin,
  isDomainName,
  isRegistrarId,
  isSameOrigin,
  LANDING_PAGE_PATH,
  landingPageUrl,
  normalizeOrigins,
  REGISTRAR_ID_MAX_LENGTH,
  toOrigin,
} from './widget-contract.ts';

describe('registrar ids', () => {
  it('accept 1 to 64 letters, digits, dots, dashes and underscores', () => {
    expect(REGISTRAR_ID_MAX_LENGTH).toBe(64);
    for (const id of ['demo-registrar', 'a', 'A.b_c-1', 'r'.repeat(64)]) expect(isRegistrarId(id)).toBe(true);
  });

  it.each(['', 'r'.repeat(65), 'a b', 'a/b', 'a%2Fb', '<script>', 'ré', ' demo'])('refuse %j', (id) => {
    expect(isRegistrarId(id)).toBe(false);
  });

  it('refuse what is not a string', () => {
    for (const id of [null, undefined, 12, ['demo']]) expect(isRegistrarId(id)).toBe(false);
  });
});

describe('domain names', () => {
  it.each([
    ['example.com', true],
    ['a.b.example.co.uk', true],
    ['xn--bcher-kva.de', true],
    ['shop.xn--p1ai', true],
    [`${'a'.repeat(63)}.com`, true],
    [`${'a'.repeat(64)}.com`, false],
    ['localhost', false],
    ['-a.com', false],
    ['a-.com', false],
    ['a..com', false],
    ['a.c', false],
    ['a.xn--abc-', false],
    ['Example.com', false],
    [`${'a.'.repeat(126)}com`, false],
  ])('%s → %s, the same answer as the shared validator', (domain, ok) => {
    expect(isDomainName(domain)).toBe(ok);
    expect(isDomainSyntax(domain)).toBe(ok);
  });
});

describe('URL builders', () => {
  const base = { registrarId: 'demo-registrar', origin: 'https://reg.test', instance: 'abcdef0123456789' };

  it('builds the message frame URL with the spec query names', () => {
    const url = new URL(
      frameUrl('https://portal.test', { ...base, view: 'message', domainName: 'a&b.com', variant: 1 }),
    );
    expect(url.origin + url.pathname).toBe(`https://portal.test${FRAME_PATHS.message}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      domainName: 'a&b.com',
      registrarId: 'demo-registrar',
      temp: '1',
      origin: 'https://reg.test',
      instance: 'abcdef0123456789',
    });
  });

  it('builds the search frame URL without domain or variant, and a same-origin path', () => {
    expect(frameUrl('', { ...base, view: 'search', domainName: 'ignored.com', variant: 1 })).toBe(
      '/sample-registrar-flow?registrarId=demo-registrar&origin=https%3A%2F%2Freg.test&instance=abcdef0123456789',
    );
  });

  it('builds the landing page URL', () => {
    expect(landingPageUrl('https://portal.test', 'wanted.com', 'demo-registrar')).toBe(
      `https://portal.test${LANDING_PAGE_PATH}?domainName=wanted.com&registrarId=demo-registrar`,
    );
  });
});

describe('normalizeOrigins', () => {
  it('keeps each http(s) origin once, normalised, and drops the rest', () => {
    expect(
      normalizeOrigins([
        'http://localhost:4000',
        'HTTP://LOCALHOST:4000/',
        'https://reg.test:443/path',
        'ftp://reg.test',
        'null',
        12,
        'not a url',
      ]),
    ).toEqual(['http://localhost:4000', 'https://reg.test']);
    expect(normalizeOrigins('https://reg.test')).toEqual([]);
  });
});

describe('origin helpers', () => {
  const portal = 'https://portal.example.com';

  it('normalises URLs to origins and refuses opaque or non-http ones', () => {
    expect(toOrigin('https://Portal.Example.com:443/widget.js?x=1')).toBe(portal);
    expect(toOrigin('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(toOrigin('null')).toBeNull();
    expect(toOrigin('file:///tmp/a.html')).toBeNull();
    expect(toOrigin('javascript:alert(1)')).toBeNull();
    expect(toOrigin('data:text/html,hi')).toBeNull();
    expect(toOrigin('portal.example.com')).toBeNull();
    expect(toOrigin('')).toBeNull();
    expect(toOrigin(undefined)).toBeNull();
  });

  it('accepts only the exact origin', () => {
    expect(isSameOrigin(portal, portal)).toBe(true);
    expect(isSameOrigin(portal, `${portal}/`)).toBe(true);
    expect(isSameOrigin(portal, 'HTTPS://PORTAL.EXAMPLE.COM:443')).toBe(true);
  });

  it.each([
    'https://portal.example.com.evil.test',
    'https://evil-portal.example.com',
    'https://evilportal.example.com',
    'https://sub.portal.example.com',
    'https://portal.example.co',
    'http://portal.example.com',
    'https://portal.example.com:8443',
    'https://portal.example.com/',
    'https://portal.example.com/path',
    'https://portal.example.com@evil.test',
    'https://xn--prtal-jua.example.com',
    'null',
    '',
  ])('refuses the look-alike origin %s', (actual) => {
    expect(isSameOrigin(actual, portal)).toBe(false);
  });

  it('refuses missing values on either side', () => {
    expect(isSameOrigin(undefined, portal)).toBe(false);
    expect(isSameOrigin(portal, null)).toBe(false);
    expect(isSameOrigin(portal, 'not a url')).toBe(false);
  });

  it('matches an allow-list entry by entry, exactly', () => {
    const allowed = ['https://registrar.test', 'http://localhost:4000/'];
    expect(isAllowedOrigin('https://registrar.test', allowed)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', allowed)).toBe(true);
    expect(isAllowedOrigin('https://registrar.test.evil.test', allowed)).toBe(false);
    expect(isAllowedOrigin('https://shop.registrar.test', allowed)).toBe(false);
    expect(isAllowedOrigin('http://localhost:40000', allowed)).toBe(false);
    expect(isAllowedOrigin('https://registrar.test', [])).toBe(false);
    expect(isAllowedOrigin(null, allowed)).toBe(false);
  });
});

describe('cleanConfig (the frame cleans what the loader passes on as given)', () => {
  it('trims, lower-cases and bounds the domain name; a missing one is empty', () => {
    expect(cleanConfig({ domainName: ' Example.COM ' })).toEqual({ domainName: 'example.com' });
    expect(cleanConfig({ domainName: `  ${'A'.repeat(300)}.COM ` }).domainName).toBe('a'.repeat(253));
    expect(cleanConfig({ domainName: null })).toEqual({ domainName: '' });
  });

  it('defaults to variant 2 and light, and refuses unknown values', () => {
    expect(cleanConfig({ variant: 7, theme: 'neon' })).toEqual({ variant: 2, theme: 'light' });
    expect(cleanConfig({ variant: '1', theme: 'auto' })).toEqual({ variant: 1, theme: 'auto' });
    expect(cleanConfig({ variant: 1, theme: 'dark' })).toEqual({ variant: 1, theme: 'dark' });
    expect(cleanConfig({ variant: null, theme: { dark: true } })).toEqual({ variant: 2, theme: 'light' });
  });

  it('lower-cases the first subtag of a locale and falls back to English', () => {
    expect(cleanConfig({ locale: 'FR' })).toEqual({ locale: 'fr' });
    expect(cleanConfig({ locale: 'ZH-CN' })).toEqual({ locale: 'zh-CN' });
    expect(cleanConfig({ locale: 'not a language' })).toEqual({ locale: 'en' });
    expect(cleanConfig({ locale: '' })).toEqual({ locale: 'en' });
    expect(cleanConfig({ locale: 5 })).toEqual({ locale: 'en' });
  });

  it('leaves out what is absent or undefined', () => {
    expect(cleanConfig({})).toEqual({});
    expect(cleanConfig({ domainName: undefined, theme: 'dark' })).toEqual({ theme: 'dark' });
  });
});
