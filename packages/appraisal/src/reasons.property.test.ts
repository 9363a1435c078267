/**
 * The texts of an appraisal never contradict the figures and signals they explain
 * (docs/appraisal-engine.md, "Reasons"): checked over thousands of generated names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AppraisalResult, applyManualValue, appraise, segmentWords } from './index.ts';

// Words buyers know, so that generated names are often whole phrases (dream + home) as well as strings.
const WORDS = [
  'dream',
  'home',
  'sunny',
  'bakery',
  'strength',
  'cloud',
  'kitchen',
  'best',
  'insurance',
  'quotes',
  'shop',
  'car',
  'blue',
  'garden',
  'crypto',
  'health',
  'night',
  'school',
  'rhythm',
  'twelfth',
  'apple',
  'max',
  'zen',
];
const letters = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), { minLength: 1, maxLength: 8 })
  .map((a) => a.join(''));
const digits = fc.integer({ min: 0, max: 99_999 }).map(String);
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 3, arbitrary: letters },
  { weight: 1, arbitrary: digits },
);
const label = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { maxLength: 4 }))
  .map(([parts, dashes]) => parts.reduce((acc, p, i) => (i > 0 && dashes[i] ? `${acc}-${p}` : acc + p), ''))
  .filter((l) => l.length <= 63 && !/^..--/.test(l));
const tld = fc.constantFrom('com', 'net', 'org', 'io', 'ai', 'co', 'xyz', 'de', 'co.uk', 'shop', 'museum');
const domain = fc.tuple(label, tld).map(([l, t]) => `${l}.${t}`);

const SOUND = /^(Easy to pronounce|Hard to pronounce|Easy to say as English words|No letters)/;
const num = (v: number | boolean | undefined) => v as number;

/** The one reason about how the name sounds. */
function soundReason(r: AppraisalResult): string {
  const found = r.description.filter((d) => SOUND.test(d));
  expect(found).toHaveLength(1);
  return found[0] as string;
}

/** Every reason agrees with the signal it explains. */
function expectCoherentReasons(r: AppraisalResult): void {
  const s = r.signals;
  const sld = r.domain
    .slice(0, r.domain.length - r.tld.length - 1)
    .split('.')
    .pop() as string;
  const tokens = segmentWords(sld);

  const sound = soundReason(r);
  expect(sound.startsWith('Easy to pronounce')).toBe(s.is_pronounceable === true);
  expect(sound.startsWith('No letters')).toBe(s.is_pronounceable !== true && num(s.letter_count) === 0);
  if (s.is_english_word === true || s.all_words_english === true)
    expect(sound.startsWith('Hard to pronounce')).toBe(false);
  const run = sound.match(/(\d+) consonants in a row/);
  if (run) {
    expect(Number(run[1])).toBe(s.max_consonant_run);
    expect(Number(run[1])).toBeGreaterThan(3);
  }
  const pair = sound.match(/"([a-z]{2})"( where the words meet)? is a letter pair/);
  if (pair) {
    expect(num(s.rare_bigram_count)).toBeGreaterThan(0);
    expect(sld).toContain(pair[1]);
    expect(tokens.some((t) => t.includes(pair[1] as string))).toBe(pair[2] === undefined);
  }
  const edge = sound.match(/few English words (start with|end in) "([a-z])"/);
  if (edge) {
    expect(num(s.rare_bigram_count)).toBeGreaterThan(0);
    const at = edge[1] === 'start with' ? `(^|[^a-z])${edge[2]}` : `${edge[2]}($|[^a-z])`;
    expect(sld).toMatch(new RegExp(at));
  }

  for (const d of r.description) {
    const len = d.match(/^(\d+) characters?: /);
    if (len) expect(Number(len[1])).toBe(s.length);
    const hy = d.match(/^(\d+) hyphens?: /);
    if (hy) expect(Number(hy[1])).toBe(s.hyphen_count);
    const dg = d.match(/^(\d+) digits? mixed with letters/);
    if (dg) expect(Number(dg[1])).toBe(s.digit_count);
    if (d.startsWith('Letters only')) expect([s.hyphen_count, s.digit_count]).toEqual([0, 0]);
    const quoted = d.match(
      /^(?:Two words|\d+ words|Words joined with digits or hyphens|Reads as) \("?([^")]+)"?\)?/,
    );
    if (quoted && !d.startsWith('Reads as')) expect(quoted[1]).toBe(tokens.join(' '));
    if (d.startsWith('.')) expect(d.startsWith(`.${r.tld}:`)).toBe(true);
  }
}

/** The suggested list price lies inside the value range, or the List text says it is above it on purpose. */
function expectListPriceExplained(r: AppraisalResult): void {
  const list = r.appraisalTypes.find((t) => t.type === 'List');
  expect(list?.value).toBe(r.saw_appraised_value);
  expect(r.saw_appraised_value).toBeGreaterThanOrEqual(r.range.low);
  if (r.saw_appraised_value > r.range.high) expect(list?.info).toMatch(/above the value range on purpose/);
  else expect(list?.info).not.toMatch(/above the value range/);
}

describe('appraisal texts: properties', () => {
  it('no reason contradicts the signal it explains', () => {
    fc.assert(
      fc.property(domain, (d) => expectCoherentReasons(appraise(d))),
      { numRuns: 4000 },
    );
  }, 120_000);

  it('the list price is inside the range or explained against it, also after a manual value', () => {
    fc.assert(
      fc.property(domain, fc.integer({ min: 1, max: 50_000_000 }), (d, manual) => {
        const r = appraise(d);
        expectListPriceExplained(r);
        expectListPriceExplained(applyManualValue(r, manual));
      }),
      { numRuns: 4000 },
    );
  }, 120_000);

  it('dreamhome.com is not "hard to pronounce (up to 2 consonants in a row)"', () => {
    const r = appraise('dreamhome.com');
    expect(soundReason(r)).toBe(
      'Easy to say as English words, but harder to spell from hearing ("mh" where the words meet is a letter pair English rarely uses)',
    );
    expectCoherentReasons(r);
  });

  it('sunnybakery.com explains a list price above its value range', () => {
    const r = appraise('sunnybakery.com');
    expect(r.saw_appraised_value).toBeGreaterThan(r.range.high);
    expectListPriceExplained(r);
  });

  it('an all-digit name is said digit by digit, not "hard to pronounce (up to 0 consonants)"', () => {
    expect(soundReason(appraise('8888.com'))).toMatch(/^No letters: said digit by digit/);
  });
});
