import type { Readable } from 'node:stream';
import { EXPORT_MAX_ROWS, formatPounds, type exportRequest, type ListRow } from '@courier/contracts';
import type { z } from 'zod';
import { csvStream } from '../../lib/csv';
import { formatUk } from '../../lib/dates';
import { code128Png, drawRows, drawTable, pdfStream, renderPdf } from '../../lib/pdf';
import { assertRight, hasRight, type AuthContext } from '../auth/access';
import { docketForDocument } from './docket-detail.service';
import { sqlFilter, toListRow } from './docket-list.service';
import type { DocketDeps } from './dockets.service';
import { listDockets } from './dockets.repository';

/** A file to send: body, MIME type and download name. */
export interface FileOut {
  /** The whole file, or a stream of it as it is made. */
  body: Buffer | Readable;
  type: string;
  filename: string;
}

type Doc = Awaited<ReturnType<typeof docketForDocument>>;

const addressLines = (a: Doc['addresses'][number]) =>
  [
    a.dadd_companyname,
    a.dadd_build,
    a.dadd_street,
    a.dadd_locality,
    a.dadd_town,
    a.dadd_county,
    a.dadd_postalcode,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * Consignment Label (spec "bookings…" §2): one A6 page per docket with the docket number, the
 * addresses, the parcels and a Code 128 barcode of the docket number.
 */
export async function label(auth: AuthContext, dckId: number): Promise<FileOut> {
  const d = await docketForDocument(auth, dckId);
  const barcode = await code128Png(String(d.head.dck_docket));
  const pieces = d.parcels.reduce((n, p) => n + p.dpcl_quantity, 0);
  const weight = d.parcels.reduce((n, p) => n + p.dpcl_quantity * Number(p.dpcl_weight), 0);
  const body = await renderPdf(
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text(`${auth.tenant.name}`, { align: 'left' });
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`Consignment Label · ${d.head.ttyp_description} · ${formatUk(new Date(d.head.dck_booked))}`);
      doc.moveDown(0.5);
      doc.image(barcode, { fit: [250, 70], align: 'center' });
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').fontSize(12).text(`Docket ${d.head.dck_docket}`);
      d.addresses.forEach((a, i) => {
        doc.moveDown(0.4);
        const role = i === 0 ? 'Collect from' : a.dadd_addresstype === 1 ? 'Deliver to' : `Address ${i + 1}`;
        doc.font('Helvetica-Bold').fontSize(9).text(role);
        doc.font('Helvetica').fontSize(10).text(addressLines(a));
        if (a.dadd_name) doc.fontSize(8).text(`Contact: ${a.dadd_name}`);
      });
      doc.moveDown(0.5);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(`${pieces} piece${pieces === 1 ? '' : 's'} · ${weight.toFixed(1)} kg`);
      if (d.head.dck_cust_ref1) doc.font('Helvetica').fontSize(9).text(`Ref: ${d.head.dck_cust_ref1}`);
    },
    { size: 'A6', margin: 18 },
  );
  return { body, type: 'application/pdf', filename: `label-${d.head.dck_docket}.pdf` };
}

/**
 * report/docket (export right, spec "bookings…" §6, §7): the docket detail report, a PDF named
 * after the docket number; 404 'Docket not found' outside the caller's scope.
 */
export async function docketReport(auth: AuthContext, dckId: number): Promise<FileOut> {
  assertRight(auth, 'export');
  const d = await docketForDocument(auth, dckId);
  const h = d.head;
  const body = await renderPdf(async (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(auth.tenant.name);
    doc.fontSize(14).text(`BOOKING ${h.dck_docket}`);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Account: ${h.cust_acc_code} ${h.cust_name}`);
    doc.text(`Booked: ${formatUk(new Date(h.dck_booked))}    Status: ${h.dsts_description}`);
    doc.text(
      `Service: ${h.dck_serv_type}    Vehicle: ${h.ttyp_description}    Distance: ${h.dck_distance.toFixed(1)} miles`,
    );
    doc.text(`Tracking Reference: ${h.tracking_reference}`);
    const refs = [
      h.dck_cust_ref1,
      h.dck_cust_ref2,
      h.dck_cust_ref3,
      h.dck_cust_ref4,
      h.dck_cust_ref5,
      h.dck_cust_ref6,
    ].filter(Boolean);
    if (refs.length) doc.text(`References: ${refs.join(' / ')}`);
    if (h.cust_total_price !== null)
      doc.text(
        `Total: ${formatPounds(Math.round(h.cust_total_price * 100))} (VAT ${formatPounds(Math.round((h.netvat ?? 0) * 100))})`,
      );
    doc.moveDown();
    drawTable(
      doc,
      ['Address', 'Type', 'Address', 'Contact', 'Barcodes'],
      d.addresses.map((a, i) => [
        `Address ${i + 1}`,
        a.dadd_addresstype === 0 ? 'Collect' : 'Deliver',
        addressLines(a),
        [a.dadd_name, a.dadd_telephone].filter(Boolean).join(' '),
        d.barcodes
          .filter((b) => b.dab_dadd_id === a.dadd_id)
          .map((b) => b.dab_barcode)
          .join(', '),
      ]),
      [60, 50, 230, 90, 85],
    );
    doc.moveDown();
    drawTable(
      doc,
      ['Quantity', 'Weight (kg)', 'Description'],
      d.parcels.map((p) => [String(p.dpcl_quantity), Number(p.dpcl_weight).toFixed(2), p.dpcl_description]),
      [80, 80, 355],
    );
    doc.image(await code128Png(String(h.dck_docket)), { fit: [200, 60] });
  });
  return { body, type: 'application/pdf', filename: `${h.dck_docket}.pdf` };
}

const CSV_HEADERS = [
  'Docket No',
  'Date',
  'Reference',
  'Account',
  'From',
  'From Postcode',
  'To',
  'To Postcode',
  'Vehicle',
  'Status',
];
const cells = (r: ListRow) => [
  String(r.dck_docket),
  formatUk(new Date(r.dck_booked)),
  r.dck_cust_ref1,
  r.cust_acc_code,
  r.from_town,
  r.from_postcode,
  r.to_town,
  r.to_postcode,
  r.ttyp_description,
  r.dsts_description,
];

/** Rows read per query of an export: memory stays flat and other requests run in between. */
export const EXPORT_PAGE_ROWS = 500;

/** The export's rows, a page at a time (at most EXPORT_MAX_ROWS), as the caller may see them. */
async function* exportPages(
  auth: AuthContext,
  filter: ReturnType<typeof sqlFilter>,
): AsyncGenerator<ListRow[]> {
  if (filter.accountIds.length === 0) return;
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_PAGE_ROWS) {
    const limit = Math.min(EXPORT_PAGE_ROWS, EXPORT_MAX_ROWS - offset);
    const page = await listDockets(auth.db, { ...filter, limit, offset });
    if (page.length) yield page.map((r) => toListRow(auth, r));
    if (page.length < limit) return;
  }
}

/**
 * docket/export (export right, spec "bookings…" §2): the current list filter as
 * booking-history.csv or booking-history.pdf, at most EXPORT_MAX_ROWS rows; the Total column
 * only with the price right. The file is streamed as its rows are read, EXPORT_PAGE_ROWS at a
 * time, so a long export neither holds memory nor keeps other calls waiting. Errors (rights,
 * filter) are thrown before anything is sent.
 */
export async function exportList(
  auth: AuthContext,
  deps: DocketDeps,
  req: z.output<typeof exportRequest>,
): Promise<FileOut> {
  assertRight(auth, 'export');
  const filter = sqlFilter(auth, deps, req);
  const price = hasRight(auth, 'price');
  const headers = price ? [...CSV_HEADERS, 'Total'] : CSV_HEADERS;
  const line = (r: ListRow) =>
    price ? [...cells(r), r.cust_total_price === null ? '' : r.cust_total_price.toFixed(2)] : cells(r);
  if (req.format === 'csv') {
    async function* lines() {
      yield headers;
      for await (const page of exportPages(auth, filter)) yield* page.map(line);
    }
    return { body: csvStream(lines()), type: 'text/csv; charset=utf-8', filename: 'booking-history.csv' };
  }
  const title = req.archive ? 'Your Booking History' : 'Your Recent Bookings';
  const widths = price
    ? [48, 70, 62, 50, 70, 52, 70, 52, 55, 90, 45]
    : [52, 75, 70, 55, 80, 55, 80, 55, 60, 100];
  const body = pdfStream(
    async (doc) => {
      doc.font('Helvetica-Bold').fontSize(14).text(`${auth.tenant.name}: ${title}`);
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(
          [req.dateStart && `${req.dateStart} – ${req.dateEnd}`, req.search && `Search: ${req.search}`]
            .filter(Boolean)
            .join('    ') || ' ',
        );
      doc.moveDown(0.5);
      drawRows(doc, [headers], widths, true);
      let count = 0;
      for await (const page of exportPages(auth, filter)) {
        drawRows(doc, page.map(line), widths);
        count += page.length;
      }
      doc.moveDown(0.5);
      doc.font('Helvetica').fontSize(9).text(`${count} bookings`, doc.page.margins.left);
    },
    { layout: 'landscape' },
  );
  return { body, type: 'application/pdf', filename: 'booking-history.pdf' };
}
