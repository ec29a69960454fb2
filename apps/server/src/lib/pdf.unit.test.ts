import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text';
import { drawCode128, drawTable, FONT, FONT_BOLD, pdfStream, renderPdf } from './pdf';

/** pdfkit and bwip-js load on the first document (lib/pdf): the first calls still answer whole files. */
describe('PDF documents', () => {
  it('renders a page with both fonts, a barcode and a table into one PDF file', async () => {
    const pdf = await renderPdf(async (doc) => {
      doc.font(FONT_BOLD).fontSize(10).text('Label');
      await drawCode128(doc, '123456', { width: 100, height: 30 });
      drawTable(doc, ['Docket'], [['123456']], [100]);
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('writes Welsh, Polish, Greek and Cyrillic letters as typed, in both faces, embedding the font', async () => {
    const typed = 'Tŷ Newydd, Ŵyn Street, Łódź, Αθήνα, Москва, Dvořák';
    const pdf = await renderPdf((doc) => {
      doc.font(FONT_BOLD).text(`Bold: ${typed}`);
      doc.font(FONT).text(`Regular: ${typed}`);
    });
    expect((await pdfText(pdf)).split('\n')).toEqual([`Bold: ${typed}`, `Regular: ${typed}`]);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('NotoSans-Bold');
    expect(raw).toContain('NotoSans-Regular');
  });

  it('draws a Code 128 barcode as its bars and spaces, centred in the box, with its text under them', async () => {
    const pdf = await renderPdf(
      async (doc) => {
        await drawCode128(doc, '123456', { width: 200, height: 50, align: 'center' });
        doc.text('after');
      },
      { compress: false, size: 'A6', margin: 18 },
    );
    const content = pdf.toString('latin1');
    const bars = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      w: Number(m[3]),
      h: Number(m[4]),
    }));
    // Code 128 set C: start C, 12, 34, 56, check value (105 + 12 + 2·34 + 3·56) mod 103 = 44, stop.
    const expected = '211232 112232 131123 331121 132131 2331112'.replace(/ /g, '').split('').map(Number);
    const module = bars[0]!.w / expected[0]!;
    const drawn = bars.flatMap((b, i) => {
      const next = bars[i + 1];
      return next ? [b.w / module, (next.x - b.x - b.w) / module] : [b.w / module];
    });
    expect(drawn.map((n) => Math.round(n * 100) / 100)).toEqual(expected);
    const total = expected.reduce((a, b) => a + b, 0) * module;
    expect(total).toBeLessThanOrEqual(200.01);
    // Centred on the A6 page (297.64 pt wide), every bar the same height.
    expect(bars[0]!.x + total / 2).toBeCloseTo(297.64 / 2, 0);
    expect(new Set(bars.map((b) => b.h)).size).toBe(1);
    // The text under the bars, then the next line.
    expect((await pdfText(pdf)).split('\n').filter(Boolean)).toEqual(['123456', 'after']);
  });

  it('streams a document as it is written', async () => {
    const stream = await pdfStream(async (doc) => {
      doc.text('Export');
    });
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  });
});
