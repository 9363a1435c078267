import { buyerCommission, INITIAL_FEE_CENTS, PRICE_TEXT } from '@domain-broker/shared/pricing';
import { describe, expect, it } from 'vitest';
import { copyFor, en, zh } from './copy.ts';

describe('copy', () => {
  it('picks Chinese for zh tags and English for everything else', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-TW', 'ZH-hk']) expect(copyFor(tag)).toBe(zh);
    for (const tag of ['en', 'en-US', 'fr', '', 'zhx']) expect(copyFor(tag)).toBe(en);
  });

  it('keeps the spec texts verbatim in English', () => {
    expect(en.cta).toBe('Get Started');
    expect(en.searchButton).toBe('Search');
    expect(en.emptyDomain).toBe('Please Enter Domain Name');
    expect(en.commission).toContain('20% commission on top of the negotiated price');
    expect(en.fee).toContain('19.95 USD');
  });

  it('has every Chinese text filled in, with the same number of steps', () => {
    for (const [key, value] of Object.entries(zh)) {
      if (typeof value === 'string') expect(value, key).not.toBe('');
    }
    expect(zh.steps).toHaveLength(en.steps.length);
    expect(zh.taken('a.com')).toContain('a.com');
    for (const t of [en, zh]) {
      expect(t.available('a.com')).toContain('a.com');
      expect(t.unknown('a.com')).toContain('a.com');
      expect(t.availableLead('Demo Registrar')).toContain('Demo Registrar');
    }
  });

  it("states the shared pricing module's figures for a registrar-referred buyer, in both languages", () => {
    // the commission a referred buyer is charged (checkout) is the one the widget states
    const percent = `${buyerCommission(100_000, 'registrar').percent}%`;
    expect(PRICE_TEXT.registrarCommissionPercent).toBe(percent);
    expect(PRICE_TEXT.initialFee).toBe(String(INITIAL_FEE_CENTS / 100));
    for (const t of [en, zh]) {
      expect(t.commission).toContain(percent);
      expect(t.steps.at(-1)).toContain(percent);
      expect(t.fee).toContain(PRICE_TEXT.initialFee);
    }
    // and no other percentage or price anywhere in the frame's texts
    const texts = JSON.stringify([en, zh, en.taken('x'), zh.taken('x')]);
    expect(texts.match(/\d+(\.\d+)?%/g)?.every((m) => m === percent)).toBe(true);
  });
});
