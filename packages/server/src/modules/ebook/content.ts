/**
 * The buyers' e-book (docs/product.md "After purchase"): "How to buy a domain someone else owns", in
 * English and Chinese. The text lives in content-en.ts and content-zh.ts; lib/pdf/ebook.ts lays it out.
 */

import type { EbookContent } from '#server/lib/pdf/ebook.ts';
import { EBOOK_EN } from './content-en.ts';
import { EBOOK_ZH } from './content-zh.ts';

export type { EbookContent, EbookSection } from '#server/lib/pdf/ebook.ts';

export const EBOOK_LOCALES = ['en', 'zh'] as const;
export type EbookLocale = (typeof EBOOK_LOCALES)[number];

export const EBOOK_CONTENT: Record<EbookLocale, EbookContent> = { en: EBOOK_EN, zh: EBOOK_ZH };

/** The file name the download carries (ASCII, so every browser keeps it). */
export const ebookFileName = (locale: EbookLocale) =>
  locale === 'en'
    ? 'how-to-buy-a-domain-someone-else-owns.pdf'
    : 'how-to-buy-a-domain-someone-else-owns-zh.pdf';
