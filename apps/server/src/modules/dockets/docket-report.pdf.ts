import { formatPounds } from '@courier/contracts';
import { formatUk } from '../../lib/dates';
import { drawCode128, drawTable, FONT, FONT_BOLD, type PdfDocument } from '../../lib/pdf';
import type { LabelData } from './docket-label.pdf';
import { addressLines } from './docket-file';

/**
 * The docket detail report (spec "bookings…" §6), drawn from its data alone (it runs in the
 * documents' worker thread): the booking's head, its addresses with their barcodes, its parcels and
 * a Code 128 barcode of the docket number, on A4.
 */
export const docketReportDocument: PdfDocument<LabelData> = {
  options: {},
  async draw(doc, { tenantName, docket: d }) {
    const h = d.head;
    doc.font(FONT_BOLD).fontSize(18).text(tenantName);
    doc.fontSize(14).text(`BOOKING ${h.dck_docket}`);
    doc.font(FONT).fontSize(10);
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
    doc.moveDown();
    await drawCode128(doc, String(h.dck_docket), { width: 200, height: 50 });
  },
};
