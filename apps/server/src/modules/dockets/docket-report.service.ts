import { formatPounds } from '@courier/contracts';
import { formatUk } from '../../lib/dates';
import { drawCode128, drawTable, FONT, FONT_BOLD, renderPdf } from '../../lib/pdf';
import { assertRight, type AuthContext } from '../auth/access';
import { docketForDocument } from './docket-detail.service';
import { addressLines, type FileOut } from './docket-file';

/**
 * report/docket (export right, spec "bookings…" §6, §7): the docket detail report, a PDF named
 * after the docket number; 404 'Docket not found' outside the caller's scope.
 */
export async function docketReport(auth: AuthContext, dckId: number): Promise<FileOut> {
  assertRight(auth, 'export');
  const d = await docketForDocument(auth, dckId);
  const h = d.head;
  const body = await renderPdf(async (doc) => {
    doc.font(FONT_BOLD).fontSize(18).text(auth.tenant.name);
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
  });
  return { body, type: 'application/pdf', filename: `${h.dck_docket}.pdf` };
}
