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
  });
});
