/**
 * The buyers' e-book download (docs/product.md "After purchase"; decision A11): for paid buyers only (a
 * lead paid and not refunded or canceled), two downloads per user, counted on the server.
 *
 * The count is checked and the download recorded in one transaction that first locks the user's row,
 * so parallel requests of one user are taken one after the other and a third can never slip through.
 * The PDF is rendered before that transaction: a rendering failure does not use up a download.
 */
import { AppError } from '@domain-broker/shared/errors';
import { count, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ebookDownloads, users } from '#server/db/schema/index.ts';
import { findCjkFonts } from '#server/lib/pdf/document.ts';
import { renderEbookPdf } from '#server/lib/pdf/ebook.ts';
import { hasPaidLead } from '../leads/service.ts';
import { EBOOK_CONTENT, type EbookLocale, ebookFileName } from './content.ts';

/** Downloads per user (docs/product.md "Business constants and limits"). */
export const EBOOK_DOWNLOADS_PER_USER = 2;

/** The text never changes while the server runs: each language is rendered once and kept. */
const rendered = new Map<string, Promise<Buffer>>();

export function ebookPdf(locale: EbookLocale, opts: { cjkFontPath?: string; siteUrl?: string } = {}) {
  const key = `${locale}|${opts.cjkFontPath ?? ''}|${opts.siteUrl ?? ''}`;
  let pdf = rendered.get(key);
  if (!pdf) {
    let fonts: ReturnType<typeof findCjkFonts>;
    if (locale === 'zh') {
      fonts = findCjkFonts(opts.cjkFontPath);
      if (!fonts) throw new AppError('EBOOK_UNAVAILABLE');
    }
    pdf = renderEbookPdf(EBOOK_CONTENT[locale], { lang: locale, fonts, siteUrl: opts.siteUrl });
    // A failed render is not kept: the next request tries again.
    pdf.catch(() => rendered.delete(key));
    rendered.set(key, pdf);
  }
  return pdf;
}

export interface EbookDownload {
  pdf: Buffer;
  fileName: string;
  /** Downloads this user has left after this one. */
  remaining: number;
}

export async function downloadEbook(
  db: Db,
  userUid: string,
  locale: EbookLocale,
  now: Date,
  opts: { cjkFontPath?: string; siteUrl?: string } = {},
): Promise<EbookDownload> {
  if (!(await hasPaidLead(db, userUid))) throw new AppError('EBOOK_PAID_ONLY');
  const pdf = await ebookPdf(locale, opts);
  const used = await db.transaction(async (tx) => {
    await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, userUid)).for('update');
    const [row] = await tx
      .select({ n: count() })
      .from(ebookDownloads)
      .where(eq(ebookDownloads.userUid, userUid));
    const n = Number(row?.n ?? 0);
    if (n >= EBOOK_DOWNLOADS_PER_USER) throw new AppError('EBOOK_LIMIT');
    await tx.insert(ebookDownloads).values({ userUid, locale, createdAt: now });
    return n + 1;
  });
  return { pdf, fileName: ebookFileName(locale), remaining: EBOOK_DOWNLOADS_PER_USER - used };
}
