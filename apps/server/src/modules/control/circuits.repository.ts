import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { CircuitColumn, CircuitField } from '@courier/contracts';
import { likeEscape, queryRows, type Db, type Executor } from '../../db/client';
import { forgetEpoch, keepLiveSession, keptLiveSession } from '../../db/live-session-cache';
import { namedQuery, prepared, type NamedStatement } from '../../db/prepared';
import { circuits, circuitUsers } from '../../db/schema';

/** What a circuit selects (see the circuits table): each non-empty list must hold the docket's value. */
export interface CircuitSelection {
  cir_circ_code: string;
  cir_statuses: string[];
  cir_cust_ids: number[];
  cir_serv_types: string[];
  cir_postcode_areas: string[];
  cir_window_hours: number | null;
}

/** A circuit as linked to one user. */
export interface LinkedCircuit extends CircuitSelection {
  cir_id: number;
  cir_name: string;
  cir_selectfields: string;
  cir_countdown_minutes: number;
  acia_update: string;
  acia_refresh: number | null;
}

const linkedColumns = {
  cir_id: circuits.cir_id,
  cir_circ_code: circuits.cir_circ_code,
  cir_name: circuits.cir_name,
  cir_selectfields: circuits.cir_selectfields,
  cir_statuses: circuits.cir_statuses,
  cir_cust_ids: circuits.cir_cust_ids,
  cir_serv_types: circuits.cir_serv_types,
  cir_postcode_areas: circuits.cir_postcode_areas,
  cir_window_hours: circuits.cir_window_hours,
  cir_countdown_minutes: circuits.cir_countdown_minutes,
  acia_update: circuitUsers.acia_update,
  acia_refresh: circuitUsers.acia_refresh,
};

const buildCircuitsOfUser = (db: Executor, name: string) =>
  db
    .select(linkedColumns)
    .from(circuitUsers)
    .innerJoin(circuits, eq(circuits.cir_id, circuitUsers.acia_cir_id))
    .where(eq(circuitUsers.acia_ausr_id, sql.placeholder('ausrId')))
    .orderBy(asc(circuits.cir_name), asc(circuits.cir_circ_code))
    .prepare(name);

/**
 * The circuits linked to a user, by name. A named prepared statement: every board page, status
 * change and event stream reads it, and building and planning it cost more than running it.
 */
export function circuitsOfUser(db: Executor, ausrId: number): Promise<LinkedCircuit[]> {
  return prepared(db, 'circuits_of_user', buildCircuitsOfUser).execute({ ausrId });
}

/** Never: a kept circuit list ends with its LIVE_SESSION_CACHE_MS, not with a session. */
const NO_EXPIRY = new Date(8.64e15);

/**
 * The codes of the circuits linked to a user of tenant `tenantName`, sorted, joined by commas: what
 * a control user's live stream hears, compared before each of its events (events.service). Kept as
 * live-session reads are (db/live-session-cache: a second, forgotten by every write through
 * `forgetting`, the user's links included), so a busy board's events do not each cost a query.
 */
export async function keptCircuitCodes(db: Db, tenantName: string, ausrId: number): Promise<string> {
  const key = `circuits of user ${ausrId} of ${tenantName}`;
  const kept = keptLiveSession<string>(db, key, new Date());
  if (kept !== undefined) return kept;
  const epoch = forgetEpoch();
  const codes = (await circuitsOfUser(db, ausrId))
    .map((c) => c.cir_circ_code)
    .sort()
    .join(',');
  return keepLiveSession(db, key, codes, NO_EXPIRY, epoch);
}

/** Every circuit of the tenant with what it selects (a tenant has tens, not thousands). */
export function allCircuits(db: Executor): Promise<CircuitSelection[]> {
  return db
    .select({
      cir_circ_code: circuits.cir_circ_code,
      cir_statuses: circuits.cir_statuses,
      cir_cust_ids: circuits.cir_cust_ids,
      cir_serv_types: circuits.cir_serv_types,
      cir_postcode_areas: circuits.cir_postcode_areas,
      cir_window_hours: circuits.cir_window_hours,
    })
    .from(circuits);
}

/** A PostgreSQL array literal of strings, each quoted: `{"a","b\"c"}`. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => '\\' + c)}"`).join(',')}}`;
const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** The area of the collection post code (its leading letters: 'M', 'WA'), over the `fa` alias. */
const COLLECTION_AREA = sql`substring(upper(fa.dadd_postalcode) from '^[A-Z]{1,2}')`;

/** The values of a circuit's selection as its SQL takes them, by name. */
type SelectionValues = {
  statuses: string;
  custIds: string;
  servTypes: string;
  areas: string;
  now: string;
  windowHours: number;
};

/** How a selection's value enters its SQL: a bound parameter, or a prepared statement's placeholder. */
type ValueOf = <K extends keyof SelectionValues>(name: K, value: SelectionValues[K]) => SQL;
const bound: ValueOf = (_name, value) => sql`${value}`;
const placeholder: ValueOf = (name) => sql`${sql.placeholder(name)}`;

/** The selection's values as bound parameters or placeholders take them (arrays as literals). */
function selectionValues(c: CircuitSelection, now: Date): SelectionValues {
  return {
    statuses: textArray(c.cir_statuses),
    custIds: intArray(c.cir_cust_ids),
    servTypes: textArray(c.cir_serv_types),
    areas: textArray(c.cir_postcode_areas.map((a) => a.toUpperCase())),
    now: now.toISOString(),
    windowHours: c.cir_window_hours ?? 0,
  };
}

/** The condition of `selects`, its values entered by `val`. */
function selection(c: CircuitSelection, now: Date, status: SQL, val: ValueOf): SQL {
  const v = selectionValues(c, now);
  const parts: SQL[] = [sql`true`];
  if (c.cir_statuses.length) parts.push(sql`${status} = any(${val('statuses', v.statuses)}::bpchar[])`);
  if (c.cir_cust_ids.length) parts.push(sql`d.dck_cust_id = any(${val('custIds', v.custIds)}::int[])`);
  if (c.cir_serv_types.length)
    parts.push(sql`d.dck_serv_type = any(${val('servTypes', v.servTypes)}::text[])`);
  if (c.cir_postcode_areas.length)
    parts.push(sql`${COLLECTION_AREA} = any(${val('areas', v.areas)}::text[])`);
  if (c.cir_window_hours !== null)
    parts.push(
      sql`d.dck_booked >= ${val('now', v.now)}::timestamptz - make_interval(hours => ${val('windowHours', v.windowHours)}::int)`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * The SQL condition "circuit `c` selects docket `d`" (aliases `d` dockets, `fa` its collection
 * address) at `now`: only the circuit's non-empty criteria, so the planner sees plain filters.
 */
export const selects = (c: CircuitSelection, now: Date, status: SQL = sql`d.dck_status`): SQL =>
  selection(c, now, status, bound);

/** The first (collection) address of `d` as `fa`: booking order starts at 0 (dadd_seq). */
const COLLECTION = sql`left join docket_addresses fa on fa.dadd_dck_id = d.dck_id and fa.dadd_seq = 0`;
/** The last (delivery) address of `d`, as the lateral `la`. */
const DELIVERY = sql`left join lateral (
  select dadd_companyname, dadd_town, dadd_postalcode, dadd_deadline
    from docket_addresses where dadd_dck_id = d.dck_id order by dadd_seq desc limit 1) la on true`;

/** Statuses before collection: the countdown watches the collection deadline, later the delivery's. */
const DUE = sql`(case when d.dck_status in ('W', 'O', 'G') then fa.dadd_deadline else la.dadd_deadline end)`;

/** The SQL of each circuit field (selected under the field's name). */
const FIELD_SQL: Record<CircuitField, SQL> = {
  dck_docket: sql`d.dck_docket`,
  dck_booked: sql`d.dck_booked`,
  cust_acc_code: sql`c.cust_acc_code`,
  cust_name: sql`c.cust_name`,
  dck_cust_ref1: sql`d.dck_cust_ref1`,
  dck_serv_type: sql`d.dck_serv_type`,
  ttyp_description: sql`t.ttyp_description`,
  dck_contact: sql`d.dck_contact`,
  dsts_description: sql`s.dsts_description`,
  dck_status_time: sql`d.dck_status_time`,
  drv_driver: sql`d.drv_driver`,
  drv_name: sql`v.drv_name`,
  from_companyname: sql`fa.dadd_companyname`,
  from_town: sql`fa.dadd_town`,
  from_postcode: sql`fa.dadd_postalcode`,
  from_ready: sql`fa.dadd_ready`,
  from_deadline: sql`fa.dadd_deadline`,
  to_companyname: sql`la.dadd_companyname`,
  to_town: sql`la.dadd_town`,
  to_postcode: sql`la.dadd_postalcode`,
  to_deadline: sql`la.dadd_deadline`,
};

/** A page of a circuit's dockets: its selection and columns, the filter text, the sort and the page. */
export interface CircuitPageQuery {
  circuit: CircuitSelection & { cir_countdown_minutes: number };
  /** The circuit's columns (its selectfields): the cells of each row. */
  columns: readonly CircuitColumn[];
  now: Date;
  /** Text the docket's search text must contain ('' for none). */
  search: string;
  sort: { column: CircuitField; direction: 'asc' | 'desc' };
  pageSize: number;
  offset: number;
}

/**
 * A page of a circuit as the board takes it: `rows`, the JSON text of its rows (circuitDocketRow
 * each, built by PostgreSQL), and whether more rows follow.
 */
export interface CircuitPage {
  rows: string;
  hasMore: boolean;
}

/** The joins a sort on each field needs beside the dockets table (the page's ids are chosen with them). */
const JOIN_OF: Partial<Record<CircuitField, 'c' | 't' | 's' | 'v' | 'fa' | 'la'>> = {
  cust_acc_code: 'c',
  cust_name: 'c',
  ttyp_description: 't',
  dsts_description: 's',
  drv_name: 'v',
  from_companyname: 'fa',
  from_town: 'fa',
  from_postcode: 'fa',
  from_ready: 'fa',
  from_deadline: 'fa',
  to_companyname: 'la',
  to_town: 'la',
  to_postcode: 'la',
  to_deadline: 'la',
};
const JOINS = {
  c: sql`join customers c on c.cust_id = d.dck_cust_id`,
  t: sql`join tariff_types t on t.ttyp_tariff = d.dck_tariff`,
  s: sql`join docket_statuses s on s.dsts_id = d.dck_status`,
  v: sql`left join drivers v on v.drv_driver = d.drv_driver`,
  // Every docket has its collection address (a booking runs from a collection to a delivery): an
  // inner join lets a sort by its deadline read the partial index of collection deadlines in order.
  fa: sql`join docket_addresses fa on fa.dadd_dck_id = d.dck_id and fa.dadd_seq = 0`,
  la: DELIVERY,
};

/** A timestamptz as Date.toISOString() writes it (UTC, milliseconds, 'Z'); null stays null. */
const isoOf = (x: SQL) => sql`to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A cell by its column's kind: dates as ISO text, numbers as JSON numbers, the rest as text. */
const cellOf = (c: CircuitColumn): SQL =>
  c.kind === 'date'
    ? isoOf(FIELD_SQL[c.field])
    : c.kind === 'number'
      ? sql`(${FIELD_SQL[c.field]})::numeric`
      : sql`(${FIELD_SQL[c.field]})::text`;

/** json_build_object of [key, value] pairs (keys are our own field names, never input). */
const jsonObject = (pairs: [string, SQL][]): SQL =>
  sql`json_build_object(${sql.join(
    pairs.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

/**
 * One row of the board as JSON in the answer's final shape (circuitDocketRow) over the aliases of
 * the row joins: the board's fields, the colours, the due time and the countdown flag (due by the
 * placeholder `now` plus `minutes`), and `cells` with only the circuit's columns. PostgreSQL
 * builds what is sent: Node neither parses nor maps the rows (that was most of its work per page).
 */
function rowJson(columns: readonly CircuitColumn[]): SQL {
  return jsonObject([
    ['dck_id', sql`d.dck_id`],
    ['dck_docket', sql`d.dck_docket::numeric`],
    ['dck_status', sql`d.dck_status`],
    ['dsts_description', sql`s.dsts_description`],
    ['dsts_color', sql`s.dsts_color`],
    ['dsts_font_color', sql`s.dsts_font_color`],
    ['drv_driver', sql`d.drv_driver`],
    [
      'countdown',
      sql`(s.dsts_complete <> 'T' and ${DUE} is not null
        and ${DUE} <= ${sql.placeholder('now')}::timestamptz + make_interval(mins => ${sql.placeholder('minutes')}::int))`,
    ],
    ['due', isoOf(DUE)],
    [
      'cells',
      columns.length ? jsonObject(columns.map((c): [string, SQL] => [c.field, cellOf(c)])) : sql`'{}'::json`,
    ],
  ]);
}

/** A short key of a column list, for the names of the statements built for it. */
const columnsKey = (columns: readonly CircuitColumn[]) =>
  createHash('sha1')
    .update(columns.map((c) => `${c.field}:${c.kind}`).join(','))
    .digest('hex')
    .slice(0, 10);

/** Every join of a board row: status, account, vehicle, driver, collection and delivery address. */
const ROW_JOINS = sql`${JOINS.s} ${JOINS.c} ${JOINS.t} ${JOINS.v} ${COLLECTION} ${DELIVERY}`;

/** The board's rows of the given docket ids in their order, as JSON text: prepared once per column list. */
const rowsByIds = (db: Executor, columns: readonly CircuitColumn[]) =>
  prepared(db, `circuit_rows_${columnsKey(columns)}`, (d, name) =>
    d
      .select({
        rows: sql<string>`coalesce(json_agg(${rowJson(columns)}
          order by array_position(${sql.placeholder('ids')}::int[], d.dck_id)), '[]')::text`,
      })
      .from(sql`dockets d ${ROW_JOINS}`)
      .where(sql`d.dck_id = any(${sql.placeholder('ids')}::int[])`)
      .prepare(name),
  );

/** What decides the text of a page query: its selection's non-empty criteria, columns, sort, size and offset. */
type PageShape = Pick<CircuitPageQuery, 'circuit' | 'columns' | 'sort' | 'pageSize' | 'offset' | 'search'>;

/** ORDER BY of a page: the sort field (nulls last), then docket number. */
const orderOf = (sort: CircuitPageQuery['sort']): SQL => {
  const dir = sql.raw(sort.direction === 'asc' ? 'asc' : 'desc');
  return sort.column === 'dck_docket'
    ? sql`d.dck_docket ${dir}`
    : sql`${FIELD_SQL[sort.column]} ${dir} nulls last, d.dck_docket ${dir}`;
};

/**
 * The ids of a page and of the row after it (whether more follow), from the dockets table and
 * only the joins its filter and sort need. Limit and
 * offset are literals, never parameters: for a parameter the planner guesses a tenth of the rows and
 * a generic plan goes parallel (75 ms instead of 0.2 ms at 150,000 dockets).
 */
function pageIds(q: PageShape, now: Date, val: ValueOf): SQL {
  const needed = new Set<keyof typeof JOINS>();
  const sortJoin = JOIN_OF[q.sort.column];
  if (sortJoin) needed.add(sortJoin);
  if (q.circuit.cir_postcode_areas.length) needed.add('fa');
  const joins = sql.join(
    (Object.keys(JOINS) as (keyof typeof JOINS)[]).filter((j) => needed.has(j)).map((j) => JOINS[j]),
    sql` `,
  );
  const int = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n))));
  return sql`select d.dck_id from dockets d ${joins}
       where ${selection(q.circuit, now, sql`d.dck_status`, val)}
         ${q.search ? sql`and d.dck_search like ${'%' + likeEscape(q.search.toLowerCase()) + '%'}` : sql``}
       order by ${orderOf(q.sort)}
       limit ${int(q.pageSize + 1)} offset ${int(q.offset)}`;
}

/**
 * The name of the prepared first page of this shape: its criteria (s statuses, c accounts, t service
 * types, a areas, w window), sort, page size and columns. A handful per tenant: circuits share shapes, and only
 * unfiltered first pages are prepared.
 */
const firstPageName = (q: PageShape) => {
  const c = q.circuit;
  const criteria =
    (c.cir_statuses.length ? 's' : '') +
    (c.cir_cust_ids.length ? 'c' : '') +
    (c.cir_serv_types.length ? 't' : '') +
    (c.cir_postcode_areas.length ? 'a' : '') +
    (c.cir_window_hours !== null ? 'w' : '');
  return `circuit_page_${criteria || 'all'}_${q.sort.column}_${q.sort.direction}_${q.pageSize}_${columnsKey(q.columns)}`;
};

/**
 * The first page in one statement, prepared by circuitDockets: its ids (planned once, as a generic
 * plan: the selection's values are placeholders, limit and offset literals), then their rows by
 * the same statement's joins, as one JSON text in the page's order, and whether more follow.
 */
export const firstPageSelect = (db: Executor, q: PageShape) => {
  const size = sql.raw(String(Math.max(0, Math.trunc(q.pageSize))));
  return db
    .select({
      rows: sql<string>`coalesce(json_agg(p.row order by p.n) filter (where p.n <= ${size}), '[]')::text`,
      has_more: sql<boolean>`count(*) > ${size}`,
    })
    .from(
      sql`(select ${rowJson(q.columns)} as row, row_number() over (order by ${orderOf(q.sort)}) as n
             from (${pageIds(q, new Date(0), placeholder)}) p join dockets d on d.dck_id = p.dck_id ${ROW_JOINS}) p`,
    );
};

/** The values of firstPageSelect's placeholders for a page query, by name. */
export const firstPageValues = (q: CircuitPageQuery) => ({
  ...selectionValues(q.circuit, q.now),
  minutes: q.circuit.cir_countdown_minutes,
});

/**
 * One page of the dockets a circuit selects (its rows as JSON text, see rowJson), filtered, sorted
 * (nulls last, then by docket number) and paged in SQL, with the countdown flag: not complete and due within the circuit's minutes or
 * past. The unfiltered first page, what every board shows and refreshes, is one prepared statement
 * per shape (firstPageName): one round trip and no planning. Other pages and filtered ones choose
 * their ids by a query planned for its values (a search term's selectivity decides between the
 * trigram index and the sort order), then read the rows of those ids by a prepared statement.
 */
export async function circuitDockets(db: Executor, q: CircuitPageQuery): Promise<CircuitPage> {
  if (q.search === '' && q.offset === 0) {
    const statement = prepared(db, firstPageName(q), (db, name) => firstPageSelect(db, q).prepare(name));
    const [page] = await statement.execute(firstPageValues(q));
    return { rows: page!.rows, hasMore: page!.has_more };
  }
  const ids = await queryRows<{ dck_id: number }>(db, pageIds(q, q.now, bound));
  if (ids.length === 0) return { rows: '[]', hasMore: false };
  const [page] = await rowsByIds(db, q.columns).execute({
    ids: `{${ids
      .slice(0, q.pageSize)
      .map((r) => r.dck_id)
      .join(',')}}`,
    now: q.now.toISOString(),
    minutes: q.circuit.cir_countdown_minutes,
  });
  return { rows: page!.rows, hasMore: ids.length > q.pageSize };
}

/** Dockets a circuit selects, per status. */
export async function circuitCounts(
  db: Executor,
  circuit: CircuitSelection,
  now: Date,
): Promise<{ dck_status: string; n: number }[]> {
  const rows = await queryRows<{ dck_status: string; n: string }>(
    db,
    sql`select d.dck_status, count(*) as n from dockets d ${circuit.cir_postcode_areas.length ? COLLECTION : sql``}
         where ${selects(circuit, now)} group by d.dck_status order by d.dck_status`,
  );
  return rows.map((r) => ({ dck_status: r.dck_status, n: Number(r.n) }));
}

/** `case when … then code end` per circuit: the codes of those selecting `d` (null for the others). */
const selectingCases = (among: readonly CircuitSelection[], now: Date, status?: SQL) =>
  sql.join(
    among.map((c) => sql`case when ${selects(c, now, status)} then ${c.cir_circ_code}::text end`),
    sql`, `,
  );

/**
 * The codes of the `among` circuits that select docket `dckId` now (none for an unknown docket);
 * with `asStatus`, those that would select it were it in that status.
 */
export async function circuitsSelecting(
  db: Executor,
  dckId: number,
  among: readonly CircuitSelection[],
  now: Date,
  asStatus?: string,
): Promise<string[]> {
  if (among.length === 0) return [];
  const status = asStatus === undefined ? undefined : sql`${asStatus}::bpchar`;
  const rows = await queryRows<{ codes: string[] }>(
    db,
    sql`select array_remove(array[${selectingCases(among, now, status)}], null) as codes
          from dockets d ${COLLECTION} where d.dck_id = ${dckId}`,
  );
  return rows[0]?.codes ?? [];
}

/**
 * circuitsSelecting for several dockets in one query: docket id → the codes of the `among` circuits
 * selecting it now (a docket no circuit selects, or an unknown one, maps to none).
 */
export async function circuitsSelectingEach(
  db: Executor,
  dckIds: readonly number[],
  among: readonly CircuitSelection[],
  now: Date,
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (among.length === 0 || dckIds.length === 0) return found;
  const rows = await queryRows<{ dck_id: number; codes: string[] }>(
    db,
    sql`select d.dck_id, array_remove(array[${selectingCases(among, now)}], null) as codes
          from dockets d ${COLLECTION} where d.dck_id = any(${`{${dckIds.join(',')}}`}::int[])`,
  );
  for (const r of rows) found.set(r.dck_id, r.codes);
  return found;
}

/**
 * SQL text (for raw statements): the sorted codes (text[]) of every circuit of the tenant selecting
 * docket `d` (alias of dockets) at the timestamptz `nowParam` (e.g. '$4'). The criteria of
 * `selects` read from the circuits table instead of from Node, so a statement needs neither the
 * circuits first nor a query per docket; the test keeps the two in step.
 */
export const selectingCodesSql = (nowParam: string): string => `(
  select coalesce(array_agg(c.cir_circ_code::text order by c.cir_circ_code collate "C"), '{}')
    from circuits c
   where (cardinality(c.cir_statuses) = 0 or d.dck_status = any(c.cir_statuses::bpchar[]))
     and (cardinality(c.cir_cust_ids) = 0 or d.dck_cust_id = any(c.cir_cust_ids))
     and (cardinality(c.cir_serv_types) = 0 or d.dck_serv_type::text = any(c.cir_serv_types))
     and (cardinality(c.cir_postcode_areas) = 0
          or (select substring(upper(fa.dadd_postalcode) from '^[A-Z]{1,2}') from docket_addresses fa
               where fa.dadd_dck_id = d.dck_id and fa.dadd_seq = 0)
             = any(array(select upper(a) from unnest(c.cir_postcode_areas) a)))
     and (c.cir_window_hours is null
          or d.dck_booked >= ${nowParam}::timestamptz - make_interval(hours => c.cir_window_hours)))`;

const selectingEachStatement: NamedStatement = {
  name: 'circuits_selecting_each_sql',
  text: `select d.dck_id, ${selectingCodesSql('$2')} as codes from dockets d where d.dck_id = any($1::int[])`,
};

/** circuitsSelectingEach over every circuit of the tenant, by selectingCodesSql (docket id → sorted codes). */
export async function allCircuitsSelectingEach(
  db: Db,
  dckIds: readonly number[],
  now: Date,
): Promise<Map<number, string[]>> {
  const rows = await namedQuery<{ dck_id: number; codes: string[] }>(db, selectingEachStatement, [
    dckIds,
    now,
  ]);
  return new Map(rows.map((r) => [r.dck_id, r.codes]));
}
