import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDomainSyntax,
  isEmail,
  isPhone,
  isStrongPassword,
  isSupportedDomain,
  isTimeZone,
  normalizeDomainInput,
  normalizeOtp,
  normalizePhone,
  withDefaultExtension,
} from './validators.ts';

describe('email rule', () => {
  it.each(['a@b.co', 'first.last+tag@example.info', 'x@mail.example.online', 'USER@EXAMPLE.COM'])(
    'accepts %s',
    (e) => expect(isEmail(e)).toBe(true),
  );
  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    'a@.com',
    'a..b@example.com',
    'a@b.c0m',
    'a b@example.com',
    '@example.com',
  ])('refuses %s', (e) => expect(isEmail(e)).toBe(false));
  it('refuses addresses longer than 254 characters', () => {
    expect(
      isEmail(
        `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`,
      ),
    ).toBe(false);
  });
});

describe('password rule', () => {
  it('needs 8 characters, a digit, an uppercase letter and a special character', () => {
    expect(isStrongPassword('Secret1!')).toBe(true);
    expect(isStrongPassword('Secre1!')).toBe(false);
    expect(isStrongPassword('secret1!')).toBe(false);
    expect(isStrongPassword('Secretas!')).toBe(false);
    expect(isStrongPassword('Secret123')).toBe(false);
    expect(isStrongPassword('Secret1!#')).toBe(false);
  });
});

describe('phone rule', () => {
  it('accepts valid international numbers only', () => {
    expect(isPhone('+1 415 555 2671')).toBe(true);
    expect(isPhone('+44 20 7946 0958')).toBe(true);
    expect(isPhone('4155552671')).toBe(false);
    expect(isPhone('+1 123')).toBe(false);
    expect(normalizePhone('+1 (415) 555-2671')).toBe('+14155552671');
  });
});

describe('time zone rule', () => {
  it('accepts the IANA names a browser reports, nothing else', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Shanghai', 'UTC'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of [
      '',
      'Mars/Olympus_Mons',
      'Morning',
      'Europe/Berlin; drop table',
      `Europe/${'x'.repeat(60)}`,
    ])
      expect(isTimeZone(zone)).toBe(false);
  });
});

describe('domains', () => {
  it('normalises what people paste', () => {
    expect(normalizeDomainInput('  HTTPS://www.Example.com/path?q=1 ')).toBe('example.com');
    expect(normalizeDomainInput('www.com')).toBe('www.com');
  });
  it('checks syntax and the supported list', () => {
    expect(isDomainSyntax('example.co.uk')).toBe(true);
    expect(isDomainSyntax('-bad.com')).toBe(false);
    expect(isDomainSyntax('bad_.com')).toBe(false);
    expect(isSupportedDomain('example.io')).toBe(true);
    expect(isSupportedDomain('example.ai')).toBe(false);
    expect(isSupportedDomain('example.ai', ['ai'])).toBe(true);
    expect(isSupportedDomain('a.b.com')).toBe(false);
  });
  it('appends .com to a name typed without a dot', () => {
    expect(withDefaultExtension('Coffee')).toBe('coffee.com');
    expect(withDefaultExtension('coffee.net')).toBe('coffee.net');
  });
  it('never accepts a label with characters outside letters, digits and inner hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isDomainSyntax(s)) expect(s).toMatch(/^[a-z0-9.-]+$/);
      }),
    );
  });
});

describe('codes', () => {
  it('pads numeric codes back to six digits', () => {
    expect(normalizeOtp(1234)).toBe('001234');
    expect(normalizeOtp(' 001234 ')).toBe('001234');
  });
});
