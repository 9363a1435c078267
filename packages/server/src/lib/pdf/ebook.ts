/**
 * The buyers' e-book as a PDF, on the certificate's PDF code (document.ts): a cover, then the guide
 * flowing over A4 pages with a page number in each footer. English uses the standard Helvetica; Chinese
 * embeds the CJK font findCjkFonts finds (only the glyphs used).
 */
import { ACCENT, type FontFile, INK, MUTED, newPdf } from './document.ts';

/** A guide's text: the cover, then sections of paragraphs and bullets. */
export interface EbookSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  /** Paragraphs after the bullets. */
  after?: string[];
}

export interface EbookContent {
  title: string;
  subtitle: string;
  edition: string;
  intro: string[];
  sections: EbookSection[];
  closing: string;
  pageText: (page: number, total: number) => string;
}

export interface EbookFonts {
  regular: FontFile;
  bold: FontFile;
}

const MARGIN = 64;

export async function renderEbookPdf(
  content: EbookContent,
  opts: { fonts?: EbookFonts; lang: string; siteUrl?: string; createdAt?: Date },
): Promise<Buffer> {
  const { doc, done } = newPdf({
    margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: opts.lang,
    displayTitle: true,
    info: {
      Title: content.title,
      Author: 'Domain Broker',
      Subject: content.subtitle,
      ...(opts.createdAt ? { CreationDate: opts.createdAt } : {}),
    },
  });
  let regular = 'Helvetica';
  let bold = 'Helvetica-Bold';
  if (opts.fonts) {
    doc.registerFont('body', opts.fonts.regular.path, opts.fonts.regular.family);
    doc.registerFont('body-bold', opts.fonts.bold.path, opts.fonts.bold.family);
    regular = 'body';
    bold = 'body-bold';
  }
  const width = doc.page.width - 2 * MARGIN;

  // Cover.
  doc.rect(0, 0, doc.page.width, 260).fill(ACCENT);
  doc
    .fillColor('#ffffff')
    .font(regular)
    .fontSize(10)
    .text('DOMAIN BROKER', MARGIN, 72, { characterSpacing: 3, width });
  doc.font(bold).fontSize(30).text(content.title, MARGIN, 110, { width, lineGap: 4 });
  doc.fillColor(INK).font(regular).fontSize(13).text(content.subtitle, MARGIN, 300, { width, lineGap: 5 });
  doc.moveDown(1.5);
  doc.fillColor(MUTED).fontSize(10.5).text(content.edition, { width });
  if (opts.siteUrl) doc.text(opts.siteUrl, { width });
  doc.moveDown(3);
  doc.fillColor(INK).fontSize(11.5);
  for (const p of content.intro) doc.text(p, { width, lineGap: 3, paragraphGap: 10 });

  // The guide.
  const paragraph = (text: string) =>
    doc.font(regular).fontSize(11).fillColor(INK).text(text, { width, lineGap: 3, paragraphGap: 8 });
  const bullet = (text: string) => {
    const y = doc.y;
    doc
      .font(regular)
      .fontSize(11)
      .fillColor(ACCENT)
      .text('•', MARGIN + 4, y, { width: 12 });
    doc.fillColor(INK).text(text, MARGIN + 20, y, { width: width - 20, lineGap: 3, paragraphGap: 6 });
    doc.x = MARGIN;
  };
  for (const [i, section] of content.sections.entries()) {
    // A new page for the first section and whenever a heading would sit alone at the foot of a page.
    if (i === 0 || doc.y > doc.page.height - 200) doc.addPage();
    else doc.moveDown(1);
    doc.font(bold).fontSize(16).fillColor(ACCENT).text(section.heading, MARGIN, doc.y, { width });
    doc.moveDown(0.5);
    for (const p of section.paragraphs ?? []) paragraph(p);
    for (const b of section.bullets ?? []) bullet(b);
    if (section.bullets?.length) doc.moveDown(0.4);
    for (const p of section.after ?? []) paragraph(p);
  }
  doc.moveDown(1.5);
  doc.font(bold).fontSize(11).fillColor(ACCENT).text(content.closing, MARGIN, doc.y, { width });

  // Footers: the page number on every page after the cover.
  const range = doc.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(content.pageText(i + 1, range.count), MARGIN, doc.page.height - 48, { width, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
