import { type ListResponse, type ListRow, type listFilter } from '@courier/contracts';
import type { z } from 'zod';
import { validationError } from '../../lib/app-error';
import { ukDayRange } from '../../lib/dates';
import { assertRight, docketScope, type AuthContext } from '../auth/access';
import type { DocketDeps } from './dockets.service';
import { shownPounds } from '../pricing/price-view';
import { listDockets, type ListFilter, type ListRecord } from './docket-list.repository';
import { docketLookups } from './docket-lookups.repository';

type Filter = z.output<typeof listFilter>;

/**
 * The SQL filter of a list or export: the caller's accounts, the archive flag, the search and
 * the DD/MM/YYYY day range. History needs both dates (spec "bookings…" §2: 'History needs both
 * dates before it loads'); sorting by price needs the price right.
 */
export function sqlFilter(
  auth: AuthContext,
  deps: DocketDeps,
  f: Filter,
): Omit<ListFilter, 'limit' | 'offset'> {
  assertRight(auth, 'history');
  const { from, to, fields } = ukDayRange(f.dateStart, f.dateEnd);
  if (f.archive && !f.dateStart) fields.dateStart = 'dateStart is required';
  if (f.archive && !f.dateEnd) fields.dateEnd = 'dateEnd is required';
  if (Object.keys(fields).length) throw validationError(fields);
  if (f.sort.column === 'cust_total_price') assertRight(auth, 'price');
  return {
    ...docketScope(auth),
    archive: f.archive,
    now: deps.clock.now(),
    search: f.search,
    from,
    // The end day is inclusive: up to the start of the next UK day.
    to,
    sort: f.sort,
  };
}

/**
 * List records as the API shows them: the account code from the caller's linked accounts (a list
 * holds only theirs), status and vehicle from the tenant's lookups as of the rows' read
 * (docketLookups; an id they lack has an empty name), totals only with the price right and never
 * negative.
 */
export async function toListRows(auth: AuthContext, records: ListRecord[]): Promise<ListRow[]> {
  if (records.length === 0) return [];
  const lookups = await docketLookups(auth.db, records[0]!.lookups_version);
  const codes = new Map(auth.accounts.map((a) => [a.cust_id, a.cust_acc_code]));
  return records.map((r) => {
    const status = lookups.statuses.get(r.dck_status);
    return {
      dck_id: r.dck_id,
      dck_docket: Number(r.dck_docket),
      dck_cust_ref1: r.dck_cust_ref1,
      cust_acc_code: codes.get(r.dck_cust_id) ?? '',
      dck_booked: r.dck_booked,
      from_town: r.from_town ?? '',
      from_postcode: r.from_postcode ?? '',
      to_town: r.to_town ?? '',
      to_postcode: r.to_postcode ?? '',
      dsts_description: status?.dsts_description ?? '',
      dsts_color: status?.dsts_color ?? '#ffffff',
      dsts_font_color: status?.dsts_font_color ?? '#000000',
      ttyp_description: lookups.tariffs.get(r.dck_tariff) ?? '',
      tracking_reference: r.tracking_reference,
      cust_total_price: shownPounds(auth, r.dck_total_pence),
    };
  });
}

/**
 * docket/list (history right, spec "bookings…" §2 Booking list and history): 20 or 50 rows a page,
 * newest docket first by default, only the caller's accounts.
 */
export async function list(
  auth: AuthContext,
  deps: DocketDeps,
  req: Filter & { page: number; pageSize: 20 | 50 },
): Promise<ListResponse> {
  const filter = sqlFilter(auth, deps, req);
  if (filter.accountIds.length === 0)
    return { rows: [], page: req.page, pageSize: req.pageSize, hasMore: false };
  const records = await listDockets(auth.db, {
    ...filter,
    limit: req.pageSize + 1,
    offset: (req.page - 1) * req.pageSize,
  });
  return {
    rows: await toListRows(auth, records.slice(0, req.pageSize)),
    page: req.page,
    pageSize: req.pageSize,
    hasMore: records.length > req.pageSize,
  };
}
