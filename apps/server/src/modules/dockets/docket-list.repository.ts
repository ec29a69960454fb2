import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { likeEscape, type Executor } from '../../db/client';
import { isoOfPgTimestamptz } from '../../lib/dates';
import type { ListSortColumn } from '@courier/contracts';
import { prepared } from '../../db/prepared';
import { customers, dockets, docketStatuses } from '../../db/schema';
import { ownedBy } from './dockets.repository';
import { searchTrigrams } from './docket-search';
import { searchSamples } from './docket-search.repository';
import { LOOKUPS_VERSION } from './docket-lookups.repository';

/**
 * The booking list's queries (spec "bookings…" §2): one page of dockets filtered by account,
 * owner, recent or archive, search text and booked dates, sorted and paged in SQL (rule 4).
 */

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
  /** Trigram conditions of a rare search term (searchTrigrams), 0 for one condition. */
  keys: number;
  dates: boolean;
  column: ListSortColumn;
  direction: 'asc' | 'desc';
  /** The page's row count, written into the statement (a handful of values: 21, 51, the export's). */
  limit: number;
  /** The first page: offset 0 written into the statement, else the offset is a parameter. */
  firstPage: boolean;
}

/**
 * LIMIT and the first page's OFFSET as literals, not parameters. For a parameter the planner
 * guesses a tenth of the rows, so its generic plan looks dear and PostgreSQL plans the statement
 * again on every call (0.7-0.9 ms of planning for a 0.15 ms query, bench `recent`); with literals
 * the generic plan is costed as it runs and is kept. Drizzle writes an SQL object as it is.
 */
const literal = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n)))) as unknown as number;
const pageOf = (shape: ListShape) => ({
  limit: literal(shape.limit),
  offset: shape.firstPage ? literal(0) : sql.placeholder('offset'),
});

/** Sort columns that live on the dockets table itself. */
const DOCKET_SORTS: Partial<Record<ListSortColumn, SQLWrapper>> = {
  dck_docket: dockets.dck_docket,
  dck_booked: dockets.dck_booked,
  dck_cust_ref1: dockets.dck_cust_ref1,
  cust_total_price: dockets.dck_total_pence,
  from_town: dockets.dck_from_town,
  to_town: dockets.dck_to_town,
};

/**
 * How many of the tenant's newest docket numbers a list page first looks among (inNewestWindow):
 * the first pages of a busy account's list (page 1 needs 21 matches of the page's filter, about
 * 1 % of them); a page with fewer matches there falls back to a query planned for its values.
 */
export const NEWEST_WINDOW = 2000;

/**
 * The dockets numbered within NEWEST_WINDOW of the tenant's highest number: a start of the
 * newest-first order, read by one backward scan of the docket number index that stops at its
 * bound, whatever the page's values (the highest number is one look at the end of that index).
 */
const inNewestWindow = sql`${dockets.dck_docket} > (select max(${dockets.dck_docket}) from ${dockets}) - ${sql.raw(String(NEWEST_WINDOW))}`;

/**
 * A filter PostgreSQL estimates as one unknown test (half the rows) whatever its values: for the
 * newest window, whose plan is the same for every value, the generic plan then costs what a plan
 * for the values does and is kept after five runs, so the window is never planned again. As plain
 * conditions, a generic plan guessed that a date range matches 0.5 % of rows and looked dearer
 * than a plan for a 30-day range, which PostgreSQL therefore made on every call (0.3 ms).
 */
const opaque = (condition: SQL | undefined) =>
  condition ? sql`case when ${condition} then true else false end` : undefined;

/**
 * The list row as stored on the docket: its account, status and tariff by id (their names are
 * looked up in memory: docket-lookups.repository.ts, the caller's linked accounts, with the
 * version of the lookups the rows were read with) and its end addresses (kept on the docket). A sort on the account code or the status description joins
 * only that table, for the order.
 */
function listRows(db: Executor, column: ListSortColumn) {
  const select = db
    .select({
      dck_id: dockets.dck_id,
      dck_docket: dockets.dck_docket,
      dck_cust_ref1: dockets.dck_cust_ref1,
      dck_cust_id: dockets.dck_cust_id,
      // As the ISO text the API answers, straight from PostgreSQL's text (no Date in between).
      dck_booked: sql<string>`${dockets.dck_booked}`.mapWith(isoOfPgTimestamptz),
      dck_total_pence: dockets.dck_total_pence,
      from_town: dockets.dck_from_town,
      from_postcode: dockets.dck_from_postcode,
      to_town: dockets.dck_to_town,
      to_postcode: dockets.dck_to_postcode,
      dck_status: dockets.dck_status,
      dck_tariff: dockets.dck_tariff,
      tracking_reference: dockets.tracking_reference,
      lookups_version: LOOKUPS_VERSION,
    })
    .from(dockets)
    .$dynamic();
  const query =
    column === 'cust_acc_code'
      ? select.innerJoin(customers, eq(customers.cust_id, dockets.dck_cust_id))
      : column === 'dsts_description'
        ? select.innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
        : select;
  const sorts: Record<ListSortColumn, SQLWrapper> = {
    dck_docket: dockets.dck_docket,
    dck_booked: dockets.dck_booked,
    dck_cust_ref1: dockets.dck_cust_ref1,
    cust_acc_code: customers.cust_acc_code,
    from_town: dockets.dck_from_town,
    to_town: dockets.dck_to_town,
    dsts_description: docketStatuses.dsts_description,
    cust_total_price: dockets.dck_total_pence,
  };
  return { query, sort: sorts[column] };
}

/** The filter of a page: the caller's accounts, recent or archive, search text, booked dates. */
function listWhere(shape: ListShape): SQL | undefined {
  const archived = archivedSql(archiveCutoff(sql`${sql.placeholder('now')}::timestamptz`));
  return and(
    sql`${dockets.dck_cust_id} = any(${sql.placeholder('accounts')}::int[])`,
    shape.own ? ownedBy(sql`${sql.placeholder('owner')}::int`) : undefined,
    shape.archive ? archived : sql`not ${archived}`,
    shape.search ? searchWhere(shape.keys) : undefined,
    shape.dates
      ? sql`${dockets.dck_booked} >= ${sql.placeholder('from')}::timestamptz and ${dockets.dck_booked} < ${sql.placeholder('to')}::timestamptz`
      : undefined,
  );
}

/**
 * The search: `dck_search like '%term%'`, or for a rare term one indexed condition per trigram
 * (placeholders k0…) and the whole term checked on the rows only (docket-search.ts): `|| ''` keeps
 * the planner from making it a key of the index scan too.
 */
function searchWhere(keys: number): SQL {
  if (keys === 0) return sql`${dockets.dck_search} like ${sql.placeholder('search')}`;
  const trigrams = Array.from(
    { length: keys },
    (_, i) => sql`${dockets.dck_search} like ${sql.placeholder(`k${i}`)}`,
  );
  return sql.join(
    [sql`(${dockets.dck_search} || '') like ${sql.placeholder('search')}`, ...trigrams],
    sql` and `,
  );
}

/** Sort by the chosen column, then by docket number in the same direction. */
const orderOf = (shape: ListShape, column: SQLWrapper) => {
  const dir = shape.direction === 'asc' ? asc : desc;
  return shape.column === 'dck_docket' ? [dir(dockets.dck_docket)] : [dir(column), dir(dockets.dck_docket)];
};

/**
 * One statement: filter, sort and page the full rows (every shape but dockets-only searches), of
 * all dockets or, with `window`, of the newest (inNewestWindow).
 */
function buildList(db: Executor, name: string, shape: ListShape, window = false) {
  const { query, sort } = listRows(db, shape.column);
  const page = pageOf(shape);
  return query
    .where(window ? and(inNewestWindow, opaque(listWhere(shape))) : listWhere(shape))
    .orderBy(...orderOf(shape, sort))
    .limit(page.limit)
    .offset(page.offset)
    .prepare(name);
}

export type ListRecord = Awaited<ReturnType<ReturnType<typeof buildList>['execute']>>[number];

/** The ids of one page, from the dockets table alone (cheap to plan for each search value). */
function buildPageIds(db: Executor, name: string, shape: ListShape, column: SQLWrapper) {
  const page = pageOf(shape);
  return db
    .select({ dck_id: dockets.dck_id })
    .from(dockets)
    .where(listWhere(shape))
    .orderBy(...orderOf(shape, column))
    .limit(page.limit)
    .offset(page.offset)
    .prepare(name);
}

/** The full rows of the given ids, planned once. */
const buildRowsByIds = (db: Executor, name: string) =>
  listRows(db, 'dck_docket')
    .query.where(sql`${dockets.dck_id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare(name);

/** The statement shape and parameters of a filter; `trigrams` of a rare search term (searchTrigrams). */
function shapeOf(f: ListFilter, trigrams: string[] | null) {
  const keys = trigrams ?? [];
  const shape: ListShape = {
    own: f.ownerId !== undefined,
    archive: f.archive,
    search: Boolean(f.search),
    keys: keys.length,
    dates: Boolean(f.from && f.to),
    column: f.sort.column,
    direction: f.sort.direction,
    limit: f.limit,
    firstPage: f.offset === 0,
  };
  const params = {
    accounts: `{${f.accountIds.join(',')}}`,
    owner: f.ownerId ?? null,
    now: f.now.toISOString(),
    search: '%' + likeEscape(f.search.toLowerCase()) + '%',
    from: f.from?.toISOString() ?? null,
    to: f.to?.toISOString() ?? null,
    offset: f.offset,
    ...Object.fromEntries(keys.map((t, i) => [`k${i}`, `%${t}%`])),
  };
  const name = `docket_list_${shape.own ? 'o' : ''}${shape.archive ? 'a' : 'r'}${shape.search ? `s${shape.keys}` : ''}${shape.dates ? 'd' : ''}_${shape.column}_${shape.direction}_${shape.limit}${shape.firstPage ? '_p1' : ''}`;
  return { shape, params, name };
}

/** shapeOf, with the trigrams of a search term read against the tenant's statistics sample. */
async function searchShapeOf(db: Executor, f: ListFilter) {
  const term = f.search.toLowerCase();
  return shapeOf(f, term ? searchTrigrams(term, await searchSamples(db)) : null);
}

/**
 * PostgreSQL guesses 10 elements for an array parameter. Fewer ids made each custom plan look
 * cheaper than the generic one, so the statement was planned on every call (0.3-0.5 ms, a rare
 * search's page); padded to this with the last id (no row twice: ids filter the dockets), the
 * generic plan is kept after five runs.
 */
const PLANNED_IDS = 10;

/** The list rows of the given docket ids, in the order of the ids (ids not found are left out). */
export async function listDocketsByIds(db: Executor, ids: number[]): Promise<ListRecord[]> {
  if (ids.length === 0) return [];
  const padded = ids.concat(Array<number>(Math.max(0, PLANNED_IDS - ids.length)).fill(ids.at(-1)!));
  const rows = await prepared(db, 'docket_list_rows', buildRowsByIds).execute({
    ids: `{${padded.join(',')}}`,
  });
  const byId = new Map(rows.map((r) => [r.dck_id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/**
 * The server-side name of a shape's statement, or '' (unnamed) for one planned for each value:
 * - a common search term, whose plan depends on it;
 * - the docket number order: read in that order, a page of a big account is quick, but one of an
 *   account with few matching dockets reads through every other account's; planned for the
 *   values, PostgreSQL takes the account's own index there. Newest first, a busy account's
 *   page is read from the newest dockets (listDockets), a statement planned once per connection.
 * A rare term's trigrams (two or more) always plan as the trigram index, so its statement is
 * named, and PostgreSQL keeps the generic plan after five runs; with one trigram a generic plan
 * could guess it common and read the dockets in order. Other sorts read every match to sort them.
 */
const statementName = (shape: ListShape, name: string) =>
  shape.keys < 2 && (shape.search || shape.column === 'dck_docket') ? '' : name;

/**
 * Whether a page can be read from the newest dockets (inNewestWindow): newest docket first, not a
 * rare term (its trigrams find it sooner), and the page inside the window.
 */
const windowed = (shape: ListShape, offset: number) =>
  shape.column === 'dck_docket' &&
  shape.direction === 'desc' &&
  shape.keys < 2 &&
  offset + shape.limit <= NEWEST_WINDOW;

/**
 * Filters whose page the newest window lately did not hold, per tenant database (filter: the
 * statement and its values but the time; value: until when, ms): for a minute their pages go
 * straight to the query on all dockets, so that a small account does not read the window in vain
 * on every call. At most MISSES_KEPT filters per database; the oldest are forgotten first.
 */
let windowMisses = new WeakMap<Executor, Map<string, number>>();

/** Forgets every remembered miss (tests: each starts with the window tried). */
export function forgetWindowMisses(): void {
  windowMisses = new WeakMap();
}
const MISS_KEPT_MS = 60_000;
const MISSES_KEPT = 10_000;

/** The miss memory's key of a shaped filter: its statement and values, without `now`. */
const missKey = ({ name, params }: Shaped) => JSON.stringify([name, { ...params, now: undefined }]);

function missedLately(db: Executor, key: string): boolean {
  const until = windowMisses.get(db)?.get(key);
  return until !== undefined && until > Date.now();
}

function rememberMiss(db: Executor, key: string): void {
  let misses = windowMisses.get(db);
  if (!misses) windowMisses.set(db, (misses = new Map()));
  misses.delete(key);
  misses.set(key, Date.now() + MISS_KEPT_MS);
  if (misses.size > MISSES_KEPT) misses.delete(misses.keys().next().value!);
}

type Shaped = Awaited<ReturnType<typeof searchShapeOf>>;

/** The page's ids from the dockets table alone, or null when the sort needs the joined rows. */
async function pageIds(db: Executor, { shape, params, name }: Shaped): Promise<number[] | null> {
  const docketSort = DOCKET_SORTS[shape.column];
  if (!docketSort) return null;
  const ids = await prepared(db, `${name}_ids`, (d, n) =>
    buildPageIds(d, statementName(shape, n), shape, docketSort),
  ).execute(params);
  return ids.map((r) => r.dck_id);
}

/**
 * The ids of a filter's dockets in list order (`limit` from `offset`), read from the dockets table
 * alone when the sort column is the docket's own, or null when the sort needs the joined rows.
 * A common search term and the docket-number order are planned for their values (statementName);
 * a rare term searches the trigram index by its trigrams (docket-search.ts); other shapes are
 * named prepared statements.
 */
export async function listDocketIds(db: Executor, f: ListFilter): Promise<number[] | null> {
  return pageIds(db, await searchShapeOf(db, f));
}

/**
 * One page of bookings, sorted (by docket number within ties), searched, filtered and paged in SQL.
 * Newest first, the page is first looked for among the tenant's newest docket numbers (inNewestWindow),
 * a named statement whose plan does not depend on the values: when they hold the whole page it is exact, as the
 * window is the start of the same order. Otherwise (a small account, an old date range, a rare
 * term, another sort; a filter the window missed within the minute skips it) the query runs on all dockets (statementName: planned for its values where
 * the plan depends on them). A search there chooses its page's ids on the dockets table alone
 * (listDocketIds) and then reads the rows by id with a prepared statement; sorts on joined columns
 * stay a single statement.
 */
export async function listDockets(db: Executor, f: ListFilter): Promise<ListRecord[]> {
  const shaped = await searchShapeOf(db, f);
  const { shape, params, name } = shaped;
  const miss = windowed(shape, f.offset) ? missKey(shaped) : undefined;
  if (miss !== undefined && !missedLately(db, miss)) {
    const rows = await prepared(db, `${name}_w`, (d, n) => buildList(d, n, shape, true)).execute(params);
    if (rows.length === shape.limit) return rows;
    rememberMiss(db, miss);
  }
  if (shape.search) {
    const ids = await pageIds(db, shaped);
    if (ids) return listDocketsByIds(db, ids);
  }
  return prepared(db, name, (d, n) => buildList(d, statementName(shape, n), shape)).execute(params);
}
