import { describe, expect, it } from 'vitest';
import { code128Png, drawTable, pdfStream, renderPdf } from './pdf';

/** pdfkit and bwip-js load on the first document (lib/pdf): the first calls still answer whole files. */
describe('PDF documents', () => {
  it('renders a page with both fonts, a barcode and a table into one PDF file', async () => {
    const barcode = await code128Png('123456');
    expect(barcode.subarray(1, 4).toString('latin1')).toBe('PNG');
    const pdf = await renderPdf((doc) => {
      doc.font('Helvetica-Bold').fontSize(10).text('Label');
      doc.image(barcode, { fit: [100, 30] });
      drawTable(doc, ['Docket'], [['123456']], [100]);
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
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
