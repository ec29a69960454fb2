import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { likeEscape, queryRows, type Executor } from '../../db/client';
import type { ListSortColumn } from '@courier/contracts';
import { prepared } from '../../db/prepared';
import type { DocketScope } from '../auth/access';
import {
  barcodes,
  customerReferences,
  customers,
  docketAddresses,
  dockets,
  docketStatuses,
  parcels,
  tariffTypes,
} from '../../db/schema';

export type NewDocket = Omit<typeof dockets.$inferInsert, 'dck_id' | 'dck_docket'>;
export type NewAddress = Omit<typeof docketAddresses.$inferInsert, 'dadd_id' | 'dadd_dck_id'> & {
  barcodes: string[];
};
export type NewParcel = Omit<typeof parcels.$inferInsert, 'dpcl_id' | 'dpcl_dck_id'>;

/** Next docket number of this tenant (its own sequence). */
export async function nextDocketNumber(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: string }>(db, sql`select nextval('dck_docket_seq') as n`);
  return Number(rows[0]!.n);
}

/** Inserts a docket with its addresses, barcodes and parcels; call inside a transaction. */
export async function insertDocket(
  db: Executor,
  docket: NewDocket & { dck_docket: number },
  addresses: NewAddress[],
  parcelRows: NewParcel[],
): Promise<number> {
  const [row] = await db.insert(dockets).values(docket).returning({ dck_id: dockets.dck_id });
  const dckId = row!.dck_id;
  const addrIds = await db
    .insert(docketAddresses)
    .values(addresses.map(({ barcodes: _b, ...a }) => ({ ...a, dadd_dck_id: dckId })))
    .returning({ dadd_id: docketAddresses.dadd_id, dadd_seq: docketAddresses.dadd_seq });
  const bySeq = new Map(addrIds.map((a) => [a.dadd_seq, a.dadd_id]));
  const codes = addresses.flatMap((a) =>
    a.barcodes.map((b) => ({ dab_dck_id: dckId, dab_dadd_id: bySeq.get(a.dadd_seq)!, dab_barcode: b })),
  );
  if (codes.length) await db.insert(barcodes).values(codes);
  await db.insert(parcels).values(parcelRows.map((p) => ({ ...p, dpcl_dck_id: dckId })));
  return dckId;
}

/** Filter of a booking list page. Accounts are the caller's linked accounts (never empty here). */
export interface ListFilter {
  accountIds: number[];
  /** Only the dockets this user booked or registered from (own-bookings users). */
  ownerId?: number;
  archive: boolean;
  /** Now; the archive cut-off is now minus the general.ArchiveDays setting (default 14 days). */
  now: Date;
  search: string;
  /** Booked at or after `from` and before `to` (UK day bounds), when given. */
  from?: Date;
  to?: Date;
  sort: { column: ListSortColumn; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/** First (collection) and last (delivery) address of the outer docket, as lateral subqueries. */
function endAddresses(db: Executor) {
  const end = (alias: 'fa' | 'la', order: typeof asc) =>
    db
      .select({
        town: sql<string>`${docketAddresses.dadd_town}`.as(`${alias}_town`),
        postcode: sql<string>`${docketAddresses.dadd_postalcode}`.as(`${alias}_postcode`),
      })
      .from(docketAddresses)
      .where(eq(docketAddresses.dadd_dck_id, dockets.dck_id))
      .orderBy(order(docketAddresses.dadd_seq))
      .limit(1)
      .as(alias);
  return { fa: end('fa', asc), la: end('la', desc) };
}

/** Days after which a docket moves to history even when not complete (setting general.ArchiveDays). */
export const DEFAULT_ARCHIVE_DAYS = 14;

/** Now minus the archive window, read from the settings inside the same query. */
const archiveCutoff = (now: SQL) => sql`(${now} - make_interval(days => coalesce((
  select case when sett_value ~ '^[0-9]{1,4}$' then sett_value::int end from settings
   where sett_group = 'general' and sett_key = 'ArchiveDays' and sett_cust_id = 0), ${sql.raw(String(DEFAULT_ARCHIVE_DAYS))})))`;

/** Recent = not complete and booked after the archive cut-off; archive = the rest. */
const archivedSql = (before: SQL) =>
  sql`(${dockets.dck_status} in (select dsts_id from docket_statuses where dsts_complete = 'T') or ${dockets.dck_booked} < ${before})`;

/** The statement variant a filter needs; each is prepared once per tenant. */
interface ListShape {
  own: boolean;
  archive: boolean;
  search: boolean;
  dates: boolean;
  column: ListSortColumn;
  direction: 'asc' | 'desc';
}

/** Sort columns that live on the dockets table itself. */
const DOCKET_SORTS: Partial<Record<ListSortColumn, SQLWrapper>> = {
  dck_docket: dockets.dck_docket,
  dck_booked: dockets.dck_booked,
  dck_cust_ref1: dockets.dck_cust_ref1,
  cust_total_price: dockets.dck_total_pence,
};

/** The list row: the docket, its account code, status, vehicle and end addresses. */
function listRows(db: Executor) {
  const { fa, la } = endAddresses(db);
  const query = db
    .select({
      dck_id: dockets.dck_id,
      dck_docket: dockets.dck_docket,
      dck_cust_ref1: dockets.dck_cust_ref1,
      cust_acc_code: customers.cust_acc_code,
      dck_booked: dockets.dck_booked,
      dck_total_pence: dockets.dck_total_pence,
      from_town: fa.town,
      from_postcode: fa.postcode,
      to_town: la.town,
      to_postcode: la.postcode,
      dsts_description: docketStatuses.dsts_description,
      dsts_color: docketStatuses.dsts_color,
      dsts_font_color: docketStatuses.dsts_font_color,
      ttyp_description: tariffTypes.ttyp_description,
      tracking_reference: dockets.tracking_reference,
    })
    .from(dockets)
    .innerJoin(customers, eq(customers.cust_id, dockets.dck_cust_id))
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .innerJoin(tariffTypes, eq(tariffTypes.ttyp_tariff, dockets.dck_tariff))
    .leftJoinLateral(fa, sql`true`)
    .leftJoinLateral(la, sql`true`);
  const sorts: Record<ListSortColumn, SQLWrapper> = {
    dck_docket: dockets.dck_docket,
    dck_booked: dockets.dck_booked,
    dck_cust_ref1: dockets.dck_cust_ref1,
    cust_acc_code: customers.cust_acc_code,
    from_town: fa.town,
    to_town: la.town,
    dsts_description: docketStatuses.dsts_description,
    cust_total_price: dockets.dck_total_pence,
  };
  return { query, sorts };
}

/** The dockets one user booked or registered from (the own-bookings scope). */
export const ownedBy = (owner: SQLWrapper | number) =>
  sql`(${dockets.dck_ausr_id} = ${owner} or ${dockets.dck_registered_ausr_id} = ${owner})`;

/** The filter of a page: the caller's accounts, recent or archive, search text, booked dates. */
function listWhere(shape: ListShape): SQL | undefined {
  const archived = archivedSql(archiveCutoff(sql`${sql.placeholder('now')}::timestamptz`));
  return and(
    sql`${dockets.dck_cust_id} = any(${sql.placeholder('accounts')}::int[])`,
    shape.own ? ownedBy(sql`${sql.placeholder('owner')}::int`) : undefined,
    shape.archive ? archived : sql`not ${archived}`,
    shape.search ? sql`${dockets.dck_search} like ${sql.placeholder('search')}` : undefined,
    shape.dates
      ? sql`${dockets.dck_booked} >= ${sql.placeholder('from')}::timestamptz and ${dockets.dck_booked} < ${sql.placeholder('to')}::timestamptz`
      : undefined,
  );
}

/** Sort by the chosen column, then by docket number in the same direction. */
const orderOf = (shape: ListShape, column: SQLWrapper) => {
  const dir = shape.direction === 'asc' ? asc : desc;
  return shape.column === 'dck_docket' ? [dir(dockets.dck_docket)] : [dir(column), dir(dockets.dck_docket)];
};

/** One statement: filter, sort and page the full rows (every shape but dockets-only searches). */
function buildList(db: Executor, name: string, shape: ListShape) {
  const { query, sorts } = listRows(db);
  return query
    .where(listWhere(shape))
    .orderBy(...orderOf(shape, sorts[shape.column]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

export type ListRecord = Awaited<ReturnType<ReturnType<typeof buildList>['execute']>>[number];

/** The ids of one page, from the dockets table alone (cheap to plan for each search value). */
const buildPageIds = (db: Executor, shape: ListShape, column: SQLWrapper) =>
  db
    .select({ dck_id: dockets.dck_id })
    .from(dockets)
    .where(listWhere(shape))
    .orderBy(...orderOf(shape, column))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('');

/** The full rows of the given ids, planned once. */
const buildRowsByIds = (db: Executor, name: string) =>
  listRows(db)
    .query.where(sql`${dockets.dck_id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare(name);

/**
 * One page of bookings, sorted (by docket number within ties), searched, filtered and paged in SQL.
 * Without a search every shape is one generic prepared statement. A search needs a plan made for
 * its value (the trigram index for a rare word, the docket-number order for a common one), so its
 * page is chosen by an unnamed, per-value planned statement on the dockets table alone and the
 * rows are then read by id with a prepared one; sorts on joined columns stay a single statement.
 */
export async function listDockets(db: Executor, f: ListFilter): Promise<ListRecord[]> {
  const shape: ListShape = {
    own: f.ownerId !== undefined,
    archive: f.archive,
    search: Boolean(f.search),
    dates: Boolean(f.from && f.to),
    column: f.sort.column,
    direction: f.sort.direction,
  };
  const params = {
    accounts: `{${f.accountIds.join(',')}}`,
    owner: f.ownerId ?? null,
    now: f.now.toISOString(),
    search: '%' + likeEscape(f.search.toLowerCase()) + '%',
    from: f.from?.toISOString() ?? null,
    to: f.to?.toISOString() ?? null,
    limit: f.limit,
    offset: f.offset,
  };
  const name = `docket_list_${shape.own ? 'o' : ''}${shape.archive ? 'a' : 'r'}${shape.search ? 's' : ''}${shape.dates ? 'd' : ''}_${shape.column}_${shape.direction}`;
  const docketSort = DOCKET_SORTS[shape.column];
  if (!shape.search || !docketSort)
    return prepared(db, name, (d, n) => buildList(d, shape.search ? '' : n, shape)).execute(params);
  const ids = await prepared(db, `${name}_ids`, (d) => buildPageIds(d, shape, docketSort)).execute(params);
  if (ids.length === 0) return [];
  const rows = await prepared(db, 'docket_list_rows', buildRowsByIds).execute({
    ids: `{${ids.map((r) => r.dck_id).join(',')}}`,
  });
  const byId = new Map(rows.map((r) => [r.dck_id, r]));
  return ids.map((r) => byId.get(r.dck_id)!).filter(Boolean);
}

function buildTrack(db: Executor, name: string) {
  const { fa, la } = endAddresses(db);
  return db
    .select({
      dck_docket: dockets.dck_docket,
      tracking_reference: dockets.tracking_reference,
      dsts_description: docketStatuses.dsts_description,
      dck_booked: dockets.dck_booked,
      from_town: fa.town,
      from_postcode: fa.postcode,
      to_town: la.town,
      to_postcode: la.postcode,
    })
    .from(dockets)
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .leftJoinLateral(fa, sql`true`)
    .leftJoinLateral(la, sql`true`)
    .where(eq(dockets.tracking_reference, sql.placeholder('ref')))
    .limit(1)
    .prepare(name);
}

export type TrackRecord = Awaited<ReturnType<ReturnType<typeof buildTrack>['execute']>>[number];

/** The order summary of one tracking reference, or undefined. */
export async function findByTrackingReference(db: Executor, ref: string): Promise<TrackRecord | undefined> {
  const rows = await prepared(db, 'docket_track', buildTrack).execute({ ref });
  return rows[0];
}

export async function docketById(db: Executor, dckId: number) {
  const rows = await db.select().from(dockets).where(eq(dockets.dck_id, dckId)).limit(1);
  return rows[0];
}

/** A docket with its account and tariff names, only when it is within the caller's scope. */
export async function docketDetail(db: Executor, dckId: number, scope: DocketScope) {
  const rows = await db
    .select({
      docket: dockets,
      cust_acc_code: customers.cust_acc_code,
      cust_name: customers.cust_name,
      cust_ref1_lbl: customers.cust_ref1_lbl,
      cust_ref2_lbl: customers.cust_ref2_lbl,
      cust_ref3_lbl: customers.cust_ref3_lbl,
      cust_ref4_lbl: customers.cust_ref4_lbl,
      cust_ref5_lbl: customers.cust_ref5_lbl,
      cust_ref6_lbl: customers.cust_ref6_lbl,
      ttyp_description: tariffTypes.ttyp_description,
      dsts_description: docketStatuses.dsts_description,
    })
    .from(dockets)
    .innerJoin(customers, eq(customers.cust_id, dockets.dck_cust_id))
    .innerJoin(tariffTypes, eq(tariffTypes.ttyp_tariff, dockets.dck_tariff))
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .where(
      and(
        eq(dockets.dck_id, dckId),
        inArray(dockets.dck_cust_id, scope.accountIds),
        scope.ownerId === undefined ? undefined : ownedBy(scope.ownerId),
      ),
    )
    .limit(1);
  return rows[0];
}

export const addressesOf = (db: Executor, dckId: number) =>
  db
    .select()
    .from(docketAddresses)
    .where(eq(docketAddresses.dadd_dck_id, dckId))
    .orderBy(asc(docketAddresses.dadd_seq));

export const barcodesOf = (db: Executor, dckId: number) =>
  db.select().from(barcodes).where(eq(barcodes.dab_dck_id, dckId)).orderBy(asc(barcodes.dab_id));

export const parcelsOf = (db: Executor, dckId: number) =>
  db.select().from(parcels).where(eq(parcels.dpcl_dck_id, dckId)).orderBy(asc(parcels.dpcl_id));

/** Reference labels, required flags and the ref-5 list of an account (spec "bookings…" §5 references). */
export async function customerRefRules(db: Executor, custId: number) {
  const [c] = await db.select().from(customers).where(eq(customers.cust_id, custId)).limit(1);
  if (!c) return undefined;
  const list = await db
    .select({ d: customerReferences.cref_description })
    .from(customerReferences)
    .where(and(eq(customerReferences.cref_cust_id, custId), eq(customerReferences.cref_ref_type, 5)));
  return { ...c, list5: list.map((r) => r.d) };
}
