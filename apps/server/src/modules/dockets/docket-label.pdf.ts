import { formatUk } from '../../lib/dates';
import { drawCode128, FONT, FONT_BOLD, type PdfDocument } from '../../lib/pdf';
import type { docketForDocument } from './docket-detail.service';
import { addressLines } from './docket-file';

/** What a label shows: the tenant's name and the docket as docketForDocument reads it. */
export interface LabelData {
  tenantName: string;
  docket: Awaited<ReturnType<typeof docketForDocument>>;
}

/**
 * Consignment Label (spec "bookings…" §2), drawn from its data alone (it runs in the documents'
 * worker thread): one A6 page with the docket number, the addresses, the parcels and a Code 128
 * barcode of the docket number.
 */
export const labelDocument: PdfDocument<LabelData> = {
  options: { size: 'A6', margin: 18 },
  async draw(doc, { tenantName, docket: d }) {
    const pieces = d.parcels.reduce((n, p) => n + p.dpcl_quantity, 0);
    const weight = d.parcels.reduce((n, p) => n + p.dpcl_quantity * Number(p.dpcl_weight), 0);
    doc.font(FONT_BOLD).fontSize(16).text(tenantName, { align: 'left' });
    doc
      .font(FONT)
      .fontSize(9)
      .text(`Consignment Label · ${d.head.ttyp_description} · ${formatUk(new Date(d.head.dck_booked))}`);
    doc.moveDown(0.5);
    await drawCode128(doc, String(d.head.dck_docket), { width: 250, height: 60, align: 'center' });
    doc.moveDown(0.5);
    doc.font(FONT_BOLD).fontSize(12).text(`Docket ${d.head.dck_docket}`);
    d.addresses.forEach((a, i) => {
      doc.moveDown(0.4);
      const role = i === 0 ? 'Collect from' : a.dadd_addresstype === 1 ? 'Deliver to' : `Address ${i + 1}`;
      doc.font(FONT_BOLD).fontSize(9).text(role);
      doc.font(FONT).fontSize(10).text(addressLines(a));
      if (a.dadd_name) doc.fontSize(8).text(`Contact: ${a.dadd_name}`);
    });
    doc.moveDown(0.5);
    doc
      .font(FONT_BOLD)
      .fontSize(10)
      .text(`${pieces} piece${pieces === 1 ? '' : 's'} · ${weight.toFixed(1)} kg`);
    if (d.head.dck_cust_ref1) doc.font(FONT).fontSize(9).text(`Ref: ${d.head.dck_cust_ref1}`);
  },
};
