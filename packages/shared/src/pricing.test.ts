import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyerCommission,
  centsToOfferAmount,
  centsToUsd,
  formatUsd,
  INITIAL_FEE_CENTS,
  isLowBudget,
  LOW_BUDGET_BELOW_CENTS,
  offerAmountToCents,
  PRICE_TEXT,
  percentOf,
  registrarCommissionShare,
  registrarFeeShare,
  SUGGESTED_MINIMUM_BUDGET_CENTS,
  sellerCommission,
  usdToCents,
  WRITTEN_APPRAISAL_FROM_CENTS,
} from './pricing.ts';

describe('the prices the product states', () => {
  it('prints them the way every text does', () => {
    expect(formatUsd(INITIAL_FEE_CENTS)).toBe('19.95');
    expect(formatUsd(WRITTEN_APPRAISAL_FROM_CENTS)).toBe('299');
    expect(formatUsd(LOW_BUDGET_BELOW_CENTS)).toBe('500');
    expect(formatUsd(SUGGESTED_MINIMUM_BUDGET_CENTS)).toBe('2,000');
    expect(formatUsd(100_000)).toBe('1,000');
    expect(formatUsd(123_456_789)).toBe('1,234,567.89');
    expect(formatUsd(5)).toBe('0.05');
    expect(formatUsd(0)).toBe('0');
  });

  it('puts the initial fee on the wire as 19.95 (B6)', () => {
    expect(centsToUsd(INITIAL_FEE_CENTS)).toBe(19.95);
    expect(usdToCents(19.95)).toBe(INITIAL_FEE_CENTS);
  });
});

describe('buyer commission (A19)', () => {
  it('is 20% on top of the negotiated price for a registrar-referred buyer, with no minimum', () => {
    expect(buyerCommission(1_000_000, 'registrar')).toEqual({
      cents: 200_000,
      rule: 'percent',
      percent: 20,
      minimumCents: 0,
    });
    expect(buyerCommission(50_000, 'registrar').cents).toBe(10_000);
  });

  it('is the greater of 15% and 250 USD for a direct buyer', () => {
    expect(buyerCommission(1_000_000, 'direct')).toMatchObject({ cents: 150_000, rule: 'percent' });
    expect(buyerCommission(100_000, 'direct')).toMatchObject({ cents: 25_000, rule: 'minimum' });
    // 15% of 1,666.67 USD is 250.00: the break-even point goes to the percentage.
    expect(buyerCommission(166_667, 'direct')).toMatchObject({ cents: 25_000, rule: 'percent' });
  });

  it('has a 1,000 USD minimum for social-media handles (A17)', () => {
    expect(buyerCommission(100_000, 'direct', 'social-handle')).toMatchObject({
      cents: 100_000,
      rule: 'minimum',
    });
    expect(buyerCommission(10_000_000, 'direct', 'social-handle').cents).toBe(1_500_000);
  });

  it('never falls below its minimum nor below its percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (price) => {
        const c = buyerCommission(price, 'direct');
        expect(c.cents).toBe(Math.max(Math.round(price * 0.15), 25_000));
        expect(Number.isSafeInteger(c.cents)).toBe(true);
      }),
    );
  });

  it('matches the seller agreement for sellers', () => {
    expect(sellerCommission(2_000_000)).toMatchObject({ cents: 300_000, rule: 'percent' });
    expect(sellerCommission(0)).toMatchObject({ cents: 25_000, rule: 'minimum' });
  });
});

describe('registrar shares (A20)', () => {
  it('default to 20% of the fee and 20% of our commission', () => {
    expect(registrarFeeShare()).toBe(399); // 20% of 19.95 = 3.99
    expect(registrarCommissionShare(200_000)).toBe(40_000);
    expect(registrarFeeShare(50)).toBe(998); // 9.975 rounds half up
    expect(registrarCommissionShare(200_000, 0)).toBe(0);
  });

  it('refuse a negative percentage or an amount that is not whole cents', () => {
    expect(() => percentOf(100, -1)).toThrow(RangeError);
    expect(() => percentOf(1.5, 10)).toThrow(RangeError);
  });
});

describe('low budget (A13)', () => {
  it('is an offer under 500 USD or none', () => {
    expect(isLowBudget(undefined)).toBe(true);
    expect(isLowBudget(null)).toBe(true);
    expect(isLowBudget(49_999)).toBe(true);
    expect(isLowBudget(50_000)).toBe(false);
  });
});

describe('offerAmount on the wire (B6)', () => {
  it('reads the spec string forms', () => {
    expect(offerAmountToCents('1500')).toBe(150_000);
    expect(offerAmountToCents(' 2000.5 ')).toBe(200_050);
    expect(offerAmountToCents('2000.05')).toBe(200_005);
    expect(offerAmountToCents(1500)).toBe(150_000);
    for (const bad of ['', ' ', '-1', '1e3', '12.345', 'abc', '1,000', '.5', 'NaN', 'Infinity'])
      expect(offerAmountToCents(bad), bad).toBeUndefined();
    expect(usdToCents(-1)).toBeUndefined();
    expect(usdToCents(19.955)).toBeUndefined();
    expect(usdToCents(Number.NaN)).toBeUndefined();
  });

  it('writes whole dollars without decimals', () => {
    expect(centsToOfferAmount(150_000)).toBe('1500');
    expect(centsToOfferAmount(200_050)).toBe('2000.50');
    expect(centsToOfferAmount(7)).toBe('0.07');
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(offerAmountToCents(centsToOfferAmount(cents))).toBe(cents);
        expect(usdToCents(centsToUsd(cents))).toBe(cents);
      }),
    );
  });
});

describe('PRICE_TEXT', () => {
  it('holds the figures every page prints', () => {
    expect(PRICE_TEXT).toEqual({
      initialFee: '19.95',
      writtenAppraisalFrom: '299',
      lowBudgetBelow: '500',
      suggestedMinimumBudget: '2,000',
      registrarCommissionPercent: '20%',
      directCommissionPercent: '15%',
      directCommissionMinimum: '250',
      socialHandleMinimum: '1,000',
      sellerCommissionPercent: '15%',
      sellerCommissionMinimum: '250',
    });
  });
});
