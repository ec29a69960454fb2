import type { PdfDocument, PdfStreamDocument } from '../lib/pdf';
import { docketExportDocument } from '../modules/dockets/docket-export.pdf';
import { docketReportDocument } from '../modules/dockets/docket-report.pdf';
import { labelDocument } from '../modules/dockets/docket-label.pdf';
import { reportTableDocument } from '../modules/reports/report-table.pdf';

/**
 * The documents the worker thread draws (documents/pdf.worker), by the name a caller of
 * renderDocument gives: each is drawn from its data alone.
 */
export const DOCUMENTS = {
  label: labelDocument,
  docketReport: docketReportDocument,
  reportTable: reportTableDocument,
};

/** The documents it draws as their data comes (streamDocument), by name. */
export const STREAMED_DOCUMENTS = {
  docketExport: docketExportDocument,
};

export type DocumentKind = keyof typeof DOCUMENTS;
/** The data a kind of document is drawn from. */
export type DocumentData<K extends DocumentKind> =
  (typeof DOCUMENTS)[K] extends PdfDocument<infer T> ? T : never;

export type StreamedKind = keyof typeof STREAMED_DOCUMENTS;
/** What a kind of streamed document starts from, and each of its rows. */
export type StreamedHead<K extends StreamedKind> =
  (typeof STREAMED_DOCUMENTS)[K] extends PdfStreamDocument<infer H, unknown> ? H : never;
export type StreamedRow<K extends StreamedKind> =
  (typeof STREAMED_DOCUMENTS)[K] extends PdfStreamDocument<unknown, infer R> ? R : never;
