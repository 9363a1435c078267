import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appraise, InvalidDomainError, isDomainSyntax, normaliseDomain } from './index.ts';

const TLDS = [
  'com',
  'net',
  'org',
  'io',
  'ai',
  'co',
  'xyz',
  'de',
  'co.uk',
  'ca',
  'shop',
  'app',
  'xn--p1ai',
  'museum',
  'zz',
];
const labelChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
const label = fc
  .tuple(
    fc.array(labelChar, { minLength: 1, maxLength: 30 }),
    fc.array(fc.constantFrom('', '', '', '-'), { minLength: 0, maxLength: 30 }),
  )
  .map(([chars, dashes]) => chars.map((c, i) => (i > 0 && dashes[i] === '-' ? `-${c}` : c)).join(''))
  .filter((l) => l.length <= 63 && !/^..--/.test(l));
// Any extension must be valued, so besides the common ones draw arbitrary 2-12 letter TLDs.
const anyTld = fc.oneof(
  fc.constantFrom(...TLDS),
  fc
    .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), { minLength: 2, maxLength: 12 })
    .map((a) => a.join('')),
);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), anyTld)
  .map(([ls, t]) => `${ls.join('.')}.${t}`);

describe('appraise: properties', () => {
  it('never throws on valid syntax and returns a coherent, finite result', () => {
    fc.assert(
      fc.property(domain, (d) => {
        expect(isDomainSyntax(d)).toBe(true);
        const r = appraise(d);
        expect(Number.isFinite(r.appraised_value)).toBe(true);
        expect(r.appraised_value).toBeGreaterThan(0);
        expect(Number.isInteger(r.appraised_value)).toBe(true);
        expect(r.range.low).toBeLessThanOrEqual(r.appraised_value);
        expect(r.appraised_value).toBeLessThanOrEqual(r.range.high);
        expect(r.saw_appraised_value).toBeGreaterThanOrEqual(r.appraised_value);
        expect(r.description.length).toBeGreaterThanOrEqual(5);
        expect(Object.keys(r.signals).length).toBeGreaterThanOrEqual(216);
        expect(r.availableExtensions).not.toContain(r.tld);
        expect(['low', 'medium', 'high']).toContain(r.confidence);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('is deterministic', () => {
    fc.assert(
      fc.property(domain, (d) => {
        expect(appraise(d)).toEqual(appraise(d));
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('accepts whatever fast-check considers a domain once normalised, or rejects it with InvalidDomainError', () => {
    fc.assert(
      fc.property(fc.domain(), (d) => {
        const n = normaliseDomain(d);
        if (isDomainSyntax(n)) expect(appraise(d).domain).toBe(n);
        else expect(() => appraise(d)).toThrow(InvalidDomainError);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('rejects arbitrary junk only with InvalidDomainError', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        try {
          appraise(s);
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidDomainError);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('appraise: result contract', () => {
  it('has exactly the agreed fields', () => {
    const r = appraise('https://www.Cars.com/');
    expect(Object.keys(r).sort()).toEqual(
      [
        'appraisalTypes',
        'appraised_value',
        'availableExtensions',
        'confidence',
        'description',
        'domain',
        'manualReviewRequire',
        'range',
        'saw_appraised_value',
        'saw_appraised_value_formatted',
        'signals',
        'tld',
      ].sort(),
    );
    expect(r.domain).toBe('cars.com');
    expect(r.tld).toBe('com');
    expect(r.saw_appraised_value_formatted).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    expect(Number(r.saw_appraised_value_formatted.replace(/[$,]/g, ''))).toBe(r.saw_appraised_value);
    expect(r.appraisalTypes.map((t) => t.type)).toEqual(['Wholesale', 'Market', 'List']);
    expect(r.appraisalTypes.find((t) => t.type === 'Market')?.value).toBe(r.appraised_value);
    for (const t of r.appraisalTypes) expect(t.info.length).toBeGreaterThan(10);
  });

  it('offers the other common extensions in a fixed order', () => {
    expect(appraise('cars.io').availableExtensions).toEqual(['com', 'net', 'org', 'xyz', 'co', 'ca']);
    expect(appraise('cars.de').availableExtensions).toEqual(['com', 'net', 'org', 'xyz', 'co', 'io', 'ca']);
  });

  it('asks for manual review for high values and trademark risk, not for ordinary names', () => {
    const big = appraise('insurance.com');
    expect(big.appraised_value).toBeGreaterThan(25_000);
    expect(big.manualReviewRequire).toBe(true);
    expect(appraise('nikerunningshoes.com').manualReviewRequire).toBe(true);
    expect(appraise('quietgardenbench.com').manualReviewRequire).toBe(false);
  });

  it('widens the range when confidence is lower', () => {
    const ratio = (d: string) => {
      const r = appraise(d);
      return { c: r.confidence, w: r.range.high / r.range.low };
    };
    const high = ratio('bluegarden.com');
    const low = ratio('xn--mnchen-3ya.de');
    expect(high.c).toBe('high');
    expect(low.c).toBe('low');
    expect(low.w).toBeGreaterThan(high.w);
  });

  it('applies staff category percentages', () => {
    const base = appraise('carloans.com', { categoryPercentages: { finance: 0, auto: 0 } }).appraised_value;
    const up = appraise('carloans.com', { categoryPercentages: { finance: 100, auto: 0 } }).appraised_value;
    expect(up / base).toBeGreaterThan(1.8);
    expect(up / base).toBeLessThan(2.2);
    // A name outside every category ignores the percentages.
    expect(appraise('xqzvbt.com', { categoryPercentages: { finance: 100 } }).appraised_value).toBe(
      appraise('xqzvbt.com').appraised_value,
    );
  });

  it('explains itself in plain sentences, naming the extension', () => {
    const r = appraise('cars.com');
    expect(r.description.some((t) => t.includes('.com'))).toBe(true);
    expect(new Set(r.description).size).toBe(r.description.length);
  });

  it('values a sub-domain as its registrable name and says so', () => {
    const sub = appraise('shop.cars.com');
    expect(sub.domain).toBe('shop.cars.com');
    expect(sub.appraised_value).toBe(appraise('cars.com').appraised_value);
    expect(sub.description.some((t) => t.includes('cars.com'))).toBe(true);
  });

  it('values names in non-Latin scripts by their length and form, with low confidence', () => {
    const cyr = appraise('пример.com');
    expect(cyr.domain).toBe('xn--e1afmkfd.com');
    expect(cyr.confidence).toBe('low');
    expect(cyr.signals.unicode_length).toBe(6);
    expect(cyr.signals.is_non_latin_script).toBe(true);
    expect(cyr.description[0]).toMatch(/Cyrillic/);
    expect(cyr.description.some((t) => t.includes('xn--e1afmkfd.com'))).toBe(true);
    // Accents are folded away for Latin-script IDNs, which keep a word reading.
    expect(appraise('münchen.de').signals.is_non_latin_script).toBe(false);
  });

  it('throws InvalidDomainError for invalid input', () => {
    for (const bad of ['', '   ', 'nodot', 'two words.com', 'exa_mple.com', '-lead.com', 'x.1'])
      expect(() => appraise(bad)).toThrow(InvalidDomainError);
  });
});

describe('appraise: sanity of ordering', () => {
  const v = (d: string) => appraise(d).appraised_value;
  it('values a clean one-word .com above the same word with hyphens and digits', () => {
    expect(v('cars.com')).toBeGreaterThan(v('cars-24.com'));
    expect(v('hotels.com')).toBeGreaterThan(v('hotels-4u.com'));
    expect(v('garden.com')).toBeGreaterThan(v('gar-den.com'));
  });
  it('values .com above .xyz for the same name', () => {
    for (const name of ['cars', 'bluegarden', 'tovala', 'xqzvbt', 'best-cheap-flights'])
      expect(v(`${name}.com`)).toBeGreaterThan(v(`${name}.xyz`));
  });
  it('values a short dictionary name above a long random string', () => {
    expect(v('garden.net')).toBeGreaterThan(v('qxvbtrplmwkzjhd.net'));
    expect(v('lamp.com')).toBeGreaterThan(v('xkqzvbtplmwrtyq.com'));
  });
  it('keeps values believable at both ends', () => {
    expect(v('xkqzvbtplmwrtyq.xyz')).toBeLessThan(100);
    expect(v('cars.com')).toBeGreaterThan(250_000);
    const twoWord = v('bluegarden.com');
    expect(twoWord).toBeGreaterThanOrEqual(500);
    expect(twoWord).toBeLessThan(50_000);
  });
});
