import type { Readable } from 'node:stream';
import type PDFDocument from 'pdfkit';
import type bwipjs from 'bwip-js/node';
import { lazy } from './lazy';

/** A module's default export (the CommonJS module itself when it has none). */
const defaultOf = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;

/**
 * pdfkit and bwip-js load on the first document, not at start: together with their fonts' metrics
 * about 40 MB of a process's memory that a server making no label or report never needs (the
 * first document pays about 100 ms for it).
 */
const pdfkit = lazy(() => import('pdfkit').then(defaultOf<typeof PDFDocument>));
const bwip = lazy(() => import('bwip-js/node').then(defaultOf<typeof bwipjs>));

const newDocument = async (options: PDFKit.PDFDocumentOptions) => {
  const Document = await pdfkit();
  return new Document({ size: 'A4', margin: 40, ...options });
};

/** A pdfkit document collected into one Buffer. */
export async function renderPdf(
  build: (doc: PDFKit.PDFDocument) => void | Promise<void>,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  const doc = await newDocument(options);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve(build(doc)).then(
      () => doc.end(),
      (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))),
    );
  });
}

/** A Code 128 barcode as PNG (bwip-js), with its text under the bars. */
export async function code128Png(text: string): Promise<Buffer> {
  const encoder = await bwip();
  return encoder.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
}

/** A simple table: header row, then rows; wraps to new pages. Widths in points. */
export function drawTable(
  doc: PDFKit.PDFDocument,
  headers: string[],
  rows: string[][],
  widths: number[],
): void {
  drawRows(doc, [headers], widths, true);
  drawRows(doc, rows, widths);
}

/**
 * More rows of a table drawn by drawTable (a page of an export at a time), in the same columns.
 * A cell that fits its column on one line (most do) is measured by its width alone and drawn
 * without line breaking: wrapping every cell twice (to measure, then to draw) was most of an
 * export's time.
 */
export function drawRows(doc: PDFKit.PDFDocument, rows: string[][], widths: number[], bold = false): void {
  const left = doc.page.margins.left;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  const lineHeight = doc.currentLineHeight(true);
  const drawRow = (cells: string[]) => {
    const y = doc.y;
    const fits = cells.map((c, i) => doc.widthOfString(c) <= widths[i]! - 4);
    const height =
      Math.max(
        ...cells.map((c, i) => (fits[i] ? lineHeight : doc.heightOfString(c, { width: widths[i]! - 4 }))),
      ) + 4;
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      return drawRow(cells);
    }
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 2, fits[i] ? { lineBreak: false } : { width: widths[i]! - 4 });
      x += widths[i]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(x, y + height)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  for (const r of rows) drawRow(r);
}

/**
 * A PDF as a stream: the document is sent as `build` writes it, page by page, so a long export
 * is never held whole in memory and other requests run between its awaits. A failing `build`
 * destroys the stream with its error.
 */
export async function pdfStream(
  build: (doc: PDFKit.PDFDocument) => Promise<void>,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Readable> {
  const doc = await newDocument(options);
  build(doc).then(
    () => doc.end(),
    (e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))),
  );
  return doc;
}
