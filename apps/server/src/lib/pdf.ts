import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type PDFDocument from 'pdfkit';
import type bwipjs from 'bwip-js/node';
import type * as Fontkit from 'fontkit';
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

/**
 * The documents' typeface, Noto Sans (regular and bold): every Latin, Greek and Cyrillic letter, so
 * that a Welsh house name (Tŷ Newydd), a Polish town (Łódź) or a Greek consignee prints as typed. pdfkit's standard Helvetica writes Windows-1252 only and garbled the rest. Each document
 * embeds the letters it uses (about 5 KB).
 */
export const FONT = 'Body';
export const FONT_BOLD = 'Body-Bold';

const fontFile = (path: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${path}`));

/**
 * The two faces, read and parsed once per process on the first document: parsed per document
 * (pdfkit's own way with a font file) a one-page label took 82 ms, against 4 ms so. Shared, the
 * font's glyphs keep the text they were first laid out from: a document's copy-and-paste text of a
 * ligature (fi) follows whichever spelling of it the process printed first (fi, or U+FB01).
 */
const fonts = lazy(async () => {
  const fontkit = defaultOf<typeof Fontkit>(await import('fontkit'));
  return {
    [FONT]: fontkit.create(fontFile('400Regular/NotoSans_400Regular.ttf')),
    [FONT_BOLD]: fontkit.create(fontFile('700Bold/NotoSans_700Bold.ttf')),
  };
});

/** An A4 document with 40 pt margins (unless `options` say otherwise), writing in FONT. */
const newDocument = async (options: PDFKit.PDFDocumentOptions) => {
  const [Document, faces] = await Promise.all([pdfkit(), fonts()]);
  // fontLayoutCache off: pdfkit keeps every distinct word's layout until the document ends, for an
  // embedded font: a 10,000-row export held tens of MB of them while its reader downloaded it.
  const doc = new Document({ size: 'A4', margin: 40, fontLayoutCache: false, ...options });
  // pdfkit takes a parsed fontkit font as well as a file (its types name only the file).
  for (const [name, face] of Object.entries(faces)) doc.registerFont(name, face as unknown as Buffer);
  return doc.font(FONT);
};

/**
 * A kind of document drawn from plain data (structured-cloneable: it is posted to the documents'
 * worker thread, documents/render): its page options and how it draws `data` on a new document.
 */
export interface PdfDocument<T> {
  options: PDFKit.PDFDocumentOptions;
  draw(doc: PDFKit.PDFDocument, data: T): void | Promise<void>;
}

/**
 * A kind of document drawn as its rows come (a long export): its page options and how it draws
 * `head` then each batch of rows of `batches`; sent as it is drawn (pdfStream).
 */
export interface PdfStreamDocument<H, R> {
  options: PDFKit.PDFDocumentOptions;
  draw(doc: PDFKit.PDFDocument, head: H, batches: AsyncIterable<R[]>): Promise<void>;
}

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

/** Widest bar module of a barcode (points, 0.7 mm): a short docket number is not stretched. */
const MAX_MODULE_PT = 2;
/** Size of the human-readable text under the bars (points). */
const BARCODE_TEXT_PT = 9;

/**
 * A Code 128 barcode of `text` drawn as vector bars at the document's current line, with its text
 * under the bars; the line moves below it (a new page first when it does not fit). bwip-js encodes
 * the symbol (its bar and space widths), pdfkit draws each bar as a rectangle: sharp at any printer
 * resolution, and about 0.1 ms where a PNG made and embedded per document took 4-5 ms of the event
 * loop (soak profile). `box` in points: at most `width` wide, `height` tall text included; `align`
 * 'center' centres it between the page margins.
 */
export async function drawCode128(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { width: number; height: number; align?: 'left' | 'center' },
): Promise<void> {
  const encoder = await bwip();
  const [symbol] = encoder.raw({ bcid: 'code128', text }) as { sbs: number[] }[];
  const widths = symbol!.sbs;
  const modules = widths.reduce((a, b) => a + b, 0);
  const module = Math.min(box.width / modules, MAX_MODULE_PT);
  const { left, right, bottom } = doc.page.margins;
  if (doc.y + box.height > doc.page.height - bottom) doc.addPage();
  const x0 = box.align === 'center' ? left + (doc.page.width - left - right - modules * module) / 2 : left;
  const y = doc.y;
  const barHeight = box.height - BARCODE_TEXT_PT - 2;
  let x = x0;
  // Bars and spaces alternate, a bar first.
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, y, w * module, barHeight);
    x += w * module;
  });
  doc.fillColor('black').fill();
  doc
    .font(FONT)
    .fontSize(BARCODE_TEXT_PT)
    .text(text, x0, y + barHeight + 2, { width: modules * module, align: 'center', lineBreak: false });
  doc.x = left;
  doc.y = y + box.height;
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
  doc.font(bold ? FONT_BOLD : FONT).fontSize(8);
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
