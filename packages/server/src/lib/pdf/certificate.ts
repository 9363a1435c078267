/**
 * The appraisal certificate: one A4 page rendered with pdfkit's built-in Helvetica (no font files,
 * nothing read from disk). Domains are ASCII (IDNs are shown in their xn-- form) and the engine's
 * reasons are English, which the standard fonts' WinAnsi encoding covers.
 */
import { ACCENT, INK, MUTED, newPdf } from './document.ts';

export interface CertificateInput {
  certificateId: string;
  domain: string;
  appraisedValue: number;
  listPrice: number;
  range: { low: number; high: number };
  confidence: string;
  types: { type: string; value: number }[];
  reasons: string[];
  issuedAt: Date;
  /** Who asked for it, printed as "Prepared for". */
  name?: string | null;
  manualValue?: boolean;
  /** Where the page is published (printed in the footer). */
  siteUrl?: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const money = (v: number) => usd.format(v);
const dateText = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Characters outside WinAnsi would print as garbage in the standard fonts: replace them. */
const safe = (s: string) =>
  s.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/g, '?');

export async function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const { doc, done } = newPdf({
    margin: 56,
    info: {
      Title: `Appraisal certificate: ${input.domain}`,
      Author: 'Domain Broker',
      Subject: `Certificate ${input.certificateId}`,
      CreationDate: input.issuedAt,
    },
  });

  const width = doc.page.width - 112;
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .strokeColor(ACCENT)
    .stroke();

  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text('DOMAIN BROKER', 56, 64, { characterSpacing: 3, width, align: 'center' });
  doc.moveDown(0.6);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text('Certificate of Appraisal', { width, align: 'center' });
  doc.moveDown(1.2);
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(MUTED)
    .text('This certifies that the domain name', { width, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(30)
    .fillColor(ACCENT)
    .text(safe(input.domain), { width, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(MUTED)
    .text('has an estimated market value of', { width, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(36)
    .fillColor(INK)
    .text(money(input.appraisedValue), { width, align: 'center' });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(MUTED)
    .text(`Range ${money(input.range.low)} to ${money(input.range.high)}, ${input.confidence} confidence`, {
      width,
      align: 'center',
    });
  doc.moveDown(1.2);

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(MUTED)
      .text(label, 56, y, { width: width / 2 });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, 56 + width / 2, y, { width: width / 2, align: 'right' });
    doc.moveDown(0.35);
  };
  row('Suggested list price', money(input.listPrice));
  for (const t of input.types)
    if (t.type !== 'Market' && t.type !== 'List') row(`${t.type} value`, money(t.value));
  row('Appraisal date', dateText(input.issuedAt));
  row('Certificate ID', input.certificateId);
  if (input.name) row('Prepared for', safe(input.name).slice(0, 80));
  if (input.manualValue) row('Reviewed by', 'a Domain Broker appraiser');

  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text('Why this value', 56, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10.5).fillColor(INK);
  for (const reason of input.reasons.slice(0, 8)) {
    doc.text(`•  ${safe(reason)}`, { width, paragraphGap: 3 });
  }

  const footerY = doc.page.height - 110;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'An automated appraisal computed from more than 216 data points about the name, its extension and comparable sales. ' +
        'It is an opinion of value, not an offer to buy or sell. For a written appraisal by a broker, contact Domain Broker.' +
        (input.siteUrl ? `  ${input.siteUrl}` : ''),
      56,
      footerY,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}
