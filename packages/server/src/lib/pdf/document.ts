/**
 * What every PDF of the product shares: pdfkit on A4, the house colours, and the rendered bytes as one
 * Buffer. The certificate (certificate.ts) and the buyers' e-book (ebook.ts) are built on it.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';

export const INK = '#14213d';
export const ACCENT = '#0b5cad';
export const MUTED = '#5c6b80';

export type Pdf = InstanceType<typeof PDFDocument>;

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export function newPdf(options: PDFKit.PDFDocumentOptions): { doc: Pdf; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A font file, and for a collection (.ttc) the PostScript name of the face to use. */
export interface FontFile {
  path: string;
  family?: string;
}

/**
 * Chinese text needs a CJK font: the standard PDF fonts have no Chinese glyphs. Debian's and Alpine's
 * Noto Sans CJK packages (fonts-noto-cjk, font-noto-cjk) are looked for, or the file CJK_FONT_PATH
 * names. pdfkit embeds only the glyphs a document uses.
 */
const CJK_CANDIDATES: { regular: FontFile; bold: FontFile }[] = [
  {
    regular: {
      path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      family: 'NotoSansCJKsc-Regular',
    },
    bold: { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
  {
    regular: { path: '/usr/share/fonts/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
    bold: { path: '/usr/share/fonts/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
];

/** The CJK faces to use, or undefined when none is installed. `override` is CJK_FONT_PATH. */
export function findCjkFonts(override?: string): { regular: FontFile; bold: FontFile } | undefined {
  if (override) {
    if (!existsSync(override)) return undefined;
    const face: FontFile = override.toLowerCase().endsWith('.ttc')
      ? { path: override, family: 'NotoSansCJKsc-Regular' }
      : { path: override };
    return { regular: face, bold: face };
  }
  for (const c of CJK_CANDIDATES)
    if (existsSync(c.regular.path))
      return { regular: c.regular, bold: existsSync(c.bold.path) ? c.bold : c.regular };
  return undefined;
}
