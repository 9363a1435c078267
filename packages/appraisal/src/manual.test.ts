import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyManualValue, appraise, formatUsd, MANUAL_REASON, roundQuote } from './index.ts';

describe('roundQuote', () => {
  it.each([
    [0.2, 1],
    [42.4, 42],
    [99.5, 100],
    [123, 120],
    [1_850, 1_900],
    [123_456, 120_000],
  ])('%d -> %d', (v, want) => expect(roundQuote(v)).toBe(want));

  it('keeps two significant figures from 100 up', () => {
    fc.assert(
      fc.property(fc.double({ min: 100, max: 1e9, noNaN: true }), (v) => {
        const r = roundQuote(v);
        expect(Math.abs(r - v) / v).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(String(r).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('applyManualValue', () => {
  const engine = appraise('cloudkitchen.co');

  it('sets the market value and moves every figure with it', () => {
    const r = applyManualValue(engine, 12_000);
    const k = 12_000 / engine.appraised_value;
    expect(r.appraised_value).toBe(12_000);
    expect(r.saw_appraised_value).toBe(Math.max(12_000, roundQuote(engine.saw_appraised_value * k)));
    expect(r.saw_appraised_value_formatted).toBe(formatUsd(r.saw_appraised_value));
    expect(r.appraisalTypes.map((t) => [t.type, t.value])).toEqual([
      ['Wholesale', Math.min(12_000, roundQuote((engine.appraisalTypes[0]?.value ?? 0) * k))],
      ['Market', 12_000],
      ['List', r.saw_appraised_value],
    ]);
    expect(r.range).toEqual({ low: 9_600, high: 14_400 });
    expect(r.confidence).toBe('high');
    expect(r.manualReviewRequire).toBe(false);
    expect(r.description).toEqual([MANUAL_REASON, ...engine.description]);
    expect(r.signals).toBe(engine.signals);
  });

  it('never lets wholesale pass the market value, nor the list price fall below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000_000 }), (v) => {
        const r = applyManualValue(engine, v);
        const wholesale = r.appraisalTypes.find((t) => t.type === 'Wholesale')?.value ?? 0;
        expect(wholesale).toBeGreaterThanOrEqual(1);
        expect(wholesale).toBeLessThanOrEqual(v);
        expect(r.saw_appraised_value).toBeGreaterThanOrEqual(v);
        expect(r.range.low).toBeLessThanOrEqual(v);
        expect(r.range.high).toBeGreaterThanOrEqual(v);
      }),
    );
  });
});
