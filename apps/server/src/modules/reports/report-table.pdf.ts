import { drawTable, FONT, FONT_BOLD, type PdfDocument } from '../../lib/pdf';

/** What a report's PDF shows: its title, its dates as typed, the column titles and the rows' cells. */
export interface ReportTableData {
  title: string;
  dateStart: string;
  dateEnd: string;
  headers: string[];
  lines: string[][];
}

/**
 * report/export's PDF (spec "bookings…" §2 Report viewer), drawn from its data alone (it runs in
 * the documents' worker thread): a landscape A4 table of the report's rows in equal columns, then
 * the count of rows.
 */
export const reportTableDocument: PdfDocument<ReportTableData> = {
  options: { layout: 'landscape' },
  draw(doc, { title, dateStart, dateEnd, headers, lines }) {
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.font(FONT_BOLD).fontSize(14).text(title);
    doc.font(FONT).fontSize(9).text(`${dateStart} – ${dateEnd}`).moveDown(0.5);
    drawTable(
      doc,
      headers,
      lines,
      headers.map(() => width / headers.length),
    );
    doc.moveDown(0.5).text(`${lines.length} rows`, doc.page.margins.left);
  },
};
