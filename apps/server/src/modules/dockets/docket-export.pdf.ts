import { drawRows, FONT, FONT_BOLD, type PdfStreamDocument } from '../../lib/pdf';

/** The top of docket/export's PDF: its title and filter line, the column titles and widths (points). */
export interface ExportHead {
  title: string;
  subtitle: string;
  headers: string[];
  widths: number[];
}

/**
 * docket/export's PDF (spec "bookings…" §2 Download PDF), drawn in the documents' worker thread
 * as its rows come, a page of the list at a time: the title, the filter, a landscape table of the
 * rows' cells, then the count of bookings.
 */
export const docketExportDocument: PdfStreamDocument<ExportHead, string[]> = {
  options: { layout: 'landscape' },
  async draw(doc, { title, subtitle, headers, widths }, batches) {
    doc.font(FONT_BOLD).fontSize(14).text(title);
    doc
      .font(FONT)
      .fontSize(9)
      .text(subtitle || ' ');
    doc.moveDown(0.5);
    drawRows(doc, [headers], widths, true);
    let count = 0;
    for await (const rows of batches) {
      drawRows(doc, rows, widths);
      count += rows.length;
    }
    doc.moveDown(0.5);
    doc.font(FONT).fontSize(9).text(`${count} bookings`, doc.page.margins.left);
  },
};
