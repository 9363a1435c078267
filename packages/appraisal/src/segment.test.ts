import { describe, expect, it } from 'vitest';
import { segmentLabel, segmentWords, WORD_RANK } from './segment.ts';

describe('segmentWords', () => {
  it.each([
    ['privatejet', ['private', 'jet']],
    ['giftcard', ['gift', 'card']],
    ['thisisatest', ['this', 'is', 'a', 'test']],
    ['clarionhotelnashvilledowntown', ['clarion', 'hotel', 'nashville', 'downtown']],
    ['cars', ['cars']],
  ])('splits %s into words', (label, words) => {
    expect(segmentWords(label)).toEqual(words);
  });

  it('keeps digit runs whole and lets hyphens separate', () => {
    expect(segmentWords('cars-24')).toEqual(['cars', '24']);
    expect(segmentLabel('best4you').tokens.map((t) => t.kind)).toEqual(['word', 'digits', 'word']);
  });

  it('marks strings no word explains as unknown letters and makes them costly', () => {
    const random = segmentLabel('xkqzvbt');
    expect(random.tokens.some((t) => t.kind === 'unknown' || t.text.length <= 2)).toBe(true);
    expect(random.cost / 7).toBeGreaterThan(segmentLabel('hotelkey').cost / 8);
  });

  it('ranks common words ahead of rare ones', () => {
    expect(WORD_RANK.get('the')).toBe(1);
    expect(WORD_RANK.get('hotel') as number).toBeLessThan(WORD_RANK.get('clarion') as number);
  });
});
