/** The e-book's text: both languages in step, and English printable in the standard PDF fonts. */
import { describe, expect, it } from 'vitest';
import { EBOOK_CONTENT } from './content.ts';

const allText = (locale: 'en' | 'zh') => {
  const c = EBOOK_CONTENT[locale];
  return [
    c.title,
    c.subtitle,
    c.edition,
    c.closing,
    ...c.intro,
    ...c.sections.flatMap((s) => [
      s.heading,
      ...(s.paragraphs ?? []),
      ...(s.bullets ?? []),
      ...(s.after ?? []),
    ]),
  ];
};

describe('e-book content', () => {
  it('has the same sections, paragraphs and bullets in English and Chinese', () => {
    const shape = (locale: 'en' | 'zh') =>
      EBOOK_CONTENT[locale].sections.map((s) => [s.paragraphs?.length, s.bullets?.length, s.after?.length]);
    expect(shape('zh')).toEqual(shape('en'));
    expect(EBOOK_CONTENT.zh.intro).toHaveLength(EBOOK_CONTENT.en.intro.length);
  });

  it('keeps the English text within what Helvetica (WinAnsi) prints', () => {
    const outside = allText('en')
      .join('')
      .replace(/[\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/g, '');
    expect(outside).toBe('');
  });

  it("states the product's own figures: the fee, the commission, five domains with four alternates", () => {
    const en = allText('en').join(' ');
    expect(en).toContain('19.95 USD');
    expect(en).toContain('the greater of 15% of the purchase price or 250 USD');
    expect(en).toContain('up to five domains: the one you start with and up to four alternatives');
    const zh = allText('zh').join(' ');
    expect(zh).toContain('19.95 美元');
    expect(zh).toContain('最多四个备选域名');
  });
});
