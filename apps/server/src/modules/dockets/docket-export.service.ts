import { EXPORT_MAX_ROWS, type exportRequest, type ListRow } from '@courier/contracts';
import type { z } from 'zod';
import { streamDocument } from '../../documents/render';
import { csvStream } from '../../lib/csv';
import { formatUk } from '../../lib/dates';
import { assertRight, hasRight, type AuthContext } from '../auth/access';
import { sqlFilter, toListRows } from './docket-list.service';
import type { DocketDeps } from './dockets.service';
import { listDocketIds, listDockets, listDocketsByIds } from './docket-list.repository';
import type { FileOut } from './docket-file';

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

/**
 * The export's rows, a page at a time (at most EXPORT_MAX_ROWS), as the caller may see them: the
 * ids in list order by one query, then the rows of EXPORT_PAGE_ROWS ids at a time, so no page
 * re-reads the ones before it (as OFFSET did). A sort on a joined column reads its rows in one
 * statement and pages them here.
 */
async function* exportPages(
  auth: AuthContext,
  filter: ReturnType<typeof sqlFilter>,
): AsyncGenerator<ListRow[]> {
  if (filter.accountIds.length === 0) return;
  const all = { ...filter, limit: EXPORT_MAX_ROWS, offset: 0 };
  const ids = await listDocketIds(auth.db, all);
  if (ids === null) {
    const rows = await listDockets(auth.db, all);
    for (let i = 0; i < rows.length; i += EXPORT_PAGE_ROWS)
      yield await toListRows(auth, rows.slice(i, i + EXPORT_PAGE_ROWS));
    return;
  }
  for (let i = 0; i < ids.length; i += EXPORT_PAGE_ROWS) {
    const page = await listDocketsByIds(auth.db, ids.slice(i, i + EXPORT_PAGE_ROWS));
    yield await toListRows(auth, page);
  }
}

/**
 * docket/export (export right, spec "bookings…" §2): the current list filter as
 * booking-history.csv or booking-history.pdf, at most EXPORT_MAX_ROWS rows; the Total column
 * only with the price right. The file is streamed as its rows are read, EXPORT_PAGE_ROWS at a
 * time, so a long export neither holds memory nor keeps other calls waiting; the PDF is drawn in
 * the documents' worker thread (docket-export.pdf). Errors (rights,
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
  async function* batches() {
    for await (const page of exportPages(auth, filter)) yield page.map(line);
  }
  const body = await streamDocument(
    'docketExport',
    {
      title: `${auth.tenant.name}: ${title}`,
      subtitle: [req.dateStart && `${req.dateStart} – ${req.dateEnd}`, req.search && `Search: ${req.search}`]
        .filter(Boolean)
        .join('    '),
      headers,
      widths,
    },
    batches(),
  );
  return { body, type: 'application/pdf', filename: 'booking-history.pdf' };
}
