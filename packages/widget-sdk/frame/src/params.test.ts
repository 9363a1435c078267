import { isDomainName as isValidDomain } from '@domain-broker/shared/widget-contract';
import { describe, expect, it } from 'vitest';
import { detectView, normalizeDomain, readParams } from './params.ts';

const base = 'registrarId=demo-registrar&origin=https%3A%2F%2Fregistrar.test&instance=abcdef0123456789';

describe('readParams', () => {
  it('reads the message page parameters', () => {
    expect(readParams(`?domainName=Taken.COM&temp=1&${base}`, 'message')).toEqual({
      view: 'message',
      registrarId: 'demo-registrar',
      domainName: 'taken.com',
      variant: 1,
      origin: 'https://registrar.test',
      instance: 'abcdef0123456789',
    });
  });

  it('treats any temp other than 1 as variant 2', () => {
    for (const temp of ['', '2', '0', 'x'])
      expect(readParams(`?temp=${temp}&${base}`, 'message')?.variant).toBe(2);
    expect(readParams(`?${base}`, 'message')?.variant).toBe(2);
  });

  it.each([
    ['no registrar', 'origin=https%3A%2F%2Fregistrar.test&instance=abcdef0123456789'],
    ['no origin', 'registrarId=r&instance=abcdef0123456789'],
    ['no instance', 'registrarId=r&origin=https%3A%2F%2Fregistrar.test'],
    [
      'an origin with a path',
      'registrarId=r&origin=https%3A%2F%2Fregistrar.test%2F&instance=abcdef0123456789',
    ],
    ['an opaque origin', 'registrarId=r&origin=null&instance=abcdef0123456789'],
    ['an upper-case origin', 'registrarId=r&origin=https%3A%2F%2FRegistrar.test&instance=abcdef0123456789'],
    [
      'a registrar id with markup',
      'registrarId=%3Cb%3E&origin=https%3A%2F%2Fregistrar.test&instance=abcdef0123456789',
    ],
    ['a short instance', 'registrarId=r&origin=https%3A%2F%2Fregistrar.test&instance=abc'],
  ])('refuses %s', (_label, query) => {
    expect(readParams(`?${query}`, 'message')).toBeNull();
  });
});

describe('detectView', () => {
  it('prefers the page declaration, then the path', () => {
    document.documentElement.dataset.view = 'search';
    expect(detectView(document, '/registrar-message')).toBe('search');
    delete document.documentElement.dataset.view;
    expect(detectView(document, '/sample-registrar-flow')).toBe('search');
    expect(detectView(document, '/registrar-message')).toBe('message');
  });
});

describe('domain input', () => {
  it('normalises what people paste', () => {
    expect(normalizeDomain('  Example.COM ')).toBe('example.com');
    expect(normalizeDomain('https://www.example.com/path?q=1')).toBe('www.example.com');
    expect(normalizeDomain('example.com.')).toBe('example.com');
  });

  it.each(['example.com', 'my-shop.co', 'a.io', 'sub.example.org', 'xn--bcher-kva.ch', 'example.xyz'])(
    'accepts %s',
    (d) => expect(isValidDomain(d)).toBe(true),
  );

  it.each([
    '',
    'example',
    '-example.com',
    'example-.com',
    'exa mple.com',
    'exa_mple.com',
    'example.c',
    'example.123',
    `${'a'.repeat(64)}.com`,
    'ex!ample.com',
  ])('refuses %j', (d) => expect(isValidDomain(d)).toBe(false));
});
