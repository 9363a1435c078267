import { describe, expect, it } from 'vitest';
import { parseDomain } from './domain.ts';
import { computeSignals } from './signals.ts';

const sig = (d: string, pct: Record<string, number> = {}) => computeSignals(parseDomain(d), pct);

describe('computeSignals', () => {
  it('computes at least 216 named, finite data points', () => {
    const s = sig('brookfield-athletics24.co.uk');
    expect(Object.keys(s).length).toBeGreaterThanOrEqual(216);
    for (const v of Object.values(s)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  });

  it('counts character classes', () => {
    const s = sig('ab-12c.com');
    expect(s).toMatchObject({
      length: 6,
      letter_count: 3,
      digit_count: 2,
      hyphen_count: 1,
      is_alphanumeric_mix: true,
      has_hyphen: true,
    });
  });

  it.each([
    ['abc.com', 'pattern_LLL'],
    ['1234.com', 'pattern_NNNN'],
    ['ab1.com', 'pattern_LLN'],
    ['ab12.com', 'pattern_LLNN'],
    ['tuno.com', 'pattern_CVCV'],
    ['botal.com', 'pattern_CVCVC'],
  ])('recognises the shape of %s as %s', (d, key) => {
    const s = sig(d);
    expect(s[key]).toBe(true);
    const claimed = Object.entries(s)
      .filter(([k, v]) => k.startsWith('pattern_') && v === true)
      .map(([k]) => k);
    expect(claimed.length).toBeLessThanOrEqual(2); // one letter/digit shape, at most one C/V shape
  });

  it('flags numeric specialities', () => {
    expect(sig('8888.com')).toMatchObject({
      is_repeated_digit: true,
      lucky_eight_count: 4,
      is_chinese_premium: true,
    });
    expect(sig('1234.com')).toMatchObject({
      is_sequential_digits: true,
      has_four: true,
      is_chinese_premium: false,
    });
    expect(sig('1999.com').is_year).toBe(true);
  });

  it('reads words, categories and sensitive keywords', () => {
    expect(sig('cars.com')).toMatchObject({
      is_single_word: true,
      is_dictionary_word: true,
      category_auto: true,
      one_word_com: true,
    });
    expect(sig('cheapinsurancequotes.com')).toMatchObject({
      category_insurance: true,
      is_three_plus_words: true,
    });
    expect(sig('livecasino.net').is_gambling).toBe(true);
    expect(sig('sexcams.org').is_adult).toBe(true);
    expect(sig('googlehotels.com').trademark_risk).toBe(1);
    expect(sig('applepie.com').trademark_risk).toBe(0);
  });

  it('takes staff category percentages, clamped to 0-100, falling back to defaults', () => {
    expect(sig('cars.com', { auto: 40 }).category_percentage).toBe(40);
    expect(sig('cars.com', { auto: 400 }).category_percentage).toBe(100);
    expect(sig('cars.com', { auto: -5 }).category_percentage).toBe(0);
    expect(sig('cars.com').category_percentage).toBeGreaterThan(0);
  });

  it('scores sayable strings above consonant clusters', () => {
    expect(sig('tovala.com').bigram_logp_mean as number).toBeGreaterThan(
      sig('xqzkvbt.com').bigram_logp_mean as number,
    );
    expect(sig('tovala.com').is_pronounceable).toBe(true);
    expect(sig('xqzkvbt.com').is_pronounceable).toBe(false);
  });

  it('describes the extension and IDNs', () => {
    expect(sig('cars.co.uk')).toMatchObject({ tld_uk: true, tld_is_multi_label: true, tld_is_cctld: true });
    expect(sig('cars.xyz')).toMatchObject({ tld_xyz: true, tld_is_new_gtld: true });
    expect(sig('пример.com')).toMatchObject({ is_idn: true, script_cyrillic: true, unicode_length: 6 });
  });
});
