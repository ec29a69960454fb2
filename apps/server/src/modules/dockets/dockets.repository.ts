import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client';
import { namedQuery, namedSql, prepared, type NamedStatement } from '../../db/prepared';
import type { DocketScope } from '../auth/access';
import {
  barcodes,
  customers,
  docketAddresses,
  dockets,
  docketStatuses,
  parcels,
  tariffTypes,
} from '../../db/schema';

/** A docket to insert; the columns it keeps of its addresses are insertBooking's (addressColumnsOf). */
export type NewDocket = Omit<typeof dockets.$inferInsert, 'dck_id' | 'dck_docket' | keyof AddressColumns>;
export type NewAddress = Omit<typeof docketAddresses.$inferInsert, 'dadd_id' | 'dadd_dck_id'> & {
  barcodes: string[];
};
export type NewParcel = Omit<typeof parcels.$inferInsert, 'dpcl_id' | 'dpcl_dck_id'>;

/** Next docket number of this tenant (its own sequence). */
export async function nextDocketNumber(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: string }>(db, sql`select nextval('dck_docket_seq') as n`);
  return Number(rows[0]!.n);
}

/** The columns a docket keeps of its addresses (addressColumnsOf). */
export type AddressColumns = Pick<
  typeof dockets.$inferSelect,
  'dck_last_deadline' | 'dck_from_town' | 'dck_from_postcode' | 'dck_to_town' | 'dck_to_postcode'
>;

/**
 * What a docket keeps of its addresses, from its first (lowest dadd_seq, collection) and last
 * (highest, delivery) address: the last deadline (the on-time report reads it) and both ends' town
 * and post code (the booking list and tracking read them). Null when there is no address. Every
 * write of a docket's addresses sets these from this.
 */
export function addressColumnsOf(
  addresses: readonly Pick<NewAddress, 'dadd_seq' | 'dadd_deadline' | 'dadd_town' | 'dadd_postalcode'>[],
): AddressColumns {
  type A = (typeof addresses)[number];
  const pick = (better: (a: A, b: A) => boolean) =>
    addresses.reduce<A | undefined>((a, b) => (a === undefined || better(b, a) ? b : a), undefined);
  const first = pick((b, a) => b.dadd_seq < a.dadd_seq);
  const last = pick((b, a) => b.dadd_seq > a.dadd_seq);
  return {
    dck_last_deadline: last?.dadd_deadline ?? null,
    dck_from_town: first ? (first.dadd_town ?? '') : null,
    dck_from_postcode: first?.dadd_postalcode ?? null,
    dck_to_town: last ? (last.dadd_town ?? '') : null,
    dck_to_postcode: last?.dadd_postalcode ?? null,
  };
}

/** The columns of a row to insert: its keys with a value (undefined ones take the column's default). */
function columnsOf(row: object): string[] {
  const cols = Object.entries(row)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  // Keys are our own schema's column names (the rows are typed), never input: checked all the same.
  for (const c of cols) if (!/^[a-z][a-z0-9_]*$/.test(c)) throw new Error(`not a column name: ${c}`);
  return cols;
}

/** A docket to book in one statement (insertBooking): no number yet, and its search text without it. */
export type BookingDocket = Omit<NewDocket, 'dck_search'>;

/**
 * Books a docket in one statement (one round trip, inside the caller's transaction): its number
 * from dck_docket_seq, the docket with its search text (`search`, after the number) and the
 * columns it keeps of its addresses (addressColumnsOf), its addresses, their barcodes, its parcels
 * and the audit row (unit 'docket', `process`, detail `{ dck_docket }`). Each table's rows come as JSON (json_populate_record[set],
 * typed by the table itself); a row's keys without a value take their column's default.
 * Answers the docket's id and number.
 */
export async function insertBooking(
  db: Executor,
  b: {
    docket: BookingDocket;
    search: string;
    addresses: NewAddress[];
    parcels: NewParcel[];
    audit: { user: string; process: string };
  },
): Promise<{ dck_id: number; dck_docket: number }> {
  const rows = b.addresses.map(({ barcodes: _b, ...a }) => a);
  const codes = b.addresses.flatMap((a) => a.barcodes.map((code) => ({ seq: a.dadd_seq, code })));
  const list = (cols: string[], prefix = '') => cols.map((c) => `${prefix}"${c}"`).join(', ');
  const docket = { ...b.docket, ...addressColumnsOf(b.addresses) };
  const d = columnsOf(docket);
  const a = columnsOf(rows[0] ?? {});
  const p = columnsOf(b.parcels[0] ?? {});
  const [row] = await namedSql<{ dck_id: number; dck_docket: string }>(
    db,
    'insert_booking',
    sql`with n as (select nextval('dck_docket_seq')::bigint as dck_docket),
      d as (
        insert into dockets (dck_docket, dck_search, ${sql.raw(list(d))})
        select n.dck_docket, concat_ws(' ', n.dck_docket::text, nullif(${b.search}::text, '')),
               ${sql.raw(list(d, 'j.'))}
          from n, json_populate_record(null::dockets, ${JSON.stringify(docket)}::json) j
        returning dck_id, dck_docket),
      a as (
        insert into docket_addresses (dadd_dck_id, ${sql.raw(list(a))})
        select d.dck_id, ${sql.raw(list(a, 'j.'))}
          from d, json_populate_recordset(null::docket_addresses, ${JSON.stringify(rows)}::json) j
        returning dadd_id, dadd_seq),
      b as (
        insert into barcodes (dab_dck_id, dab_dadd_id, dab_barcode)
        select d.dck_id, a.dadd_id, x.code
          from d cross join rows from (json_to_recordset(${JSON.stringify(codes)}::json) as (seq int, code text))
                 with ordinality as x(seq, code, n)
          join a on a.dadd_seq = x.seq
         order by x.n),
      p as (
        insert into parcels (dpcl_dck_id, ${sql.raw(list(p))})
        select d.dck_id, ${sql.raw(list(p, 'j.'))}
          from d, json_populate_recordset(null::parcels, ${JSON.stringify(b.parcels)}::json) j),
      l as (
        insert into audit_log (log_user, log_unit, log_process, log_type, log_detail)
        select ${b.audit.user}, 'docket', ${b.audit.process}, 'info', jsonb_build_object('dck_docket', d.dck_docket)
          from d)
      select dck_id, dck_docket from d`,
  );
  return { dck_id: row!.dck_id, dck_docket: Number(row!.dck_docket) };
}

/** The dockets one user booked or registered from (the own-bookings scope). */
export const ownedBy = (owner: SQLWrapper | number) =>
  sql`(${dockets.dck_ausr_id} = ${owner} or ${dockets.dck_registered_ausr_id} = ${owner})`;

function buildTrack(db: Executor, name: string) {
  return db
    .select({
      dck_id: dockets.dck_id,
      dck_docket: dockets.dck_docket,
      tracking_reference: dockets.tracking_reference,
      dsts_description: docketStatuses.dsts_description,
      dsts_color: docketStatuses.dsts_color,
      dsts_font_color: docketStatuses.dsts_font_color,
      dsts_complete: docketStatuses.dsts_complete,
      dck_booked: dockets.dck_booked,
      from_town: dockets.dck_from_town,
      from_postcode: dockets.dck_from_postcode,
      to_town: dockets.dck_to_town,
      to_postcode: dockets.dck_to_postcode,
    })
    .from(dockets)
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
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
    .where(and(eq(dockets.dck_id, dckId), inScope(scope)))
    .limit(1);
  return rows[0];
}

/** The condition of a docket scope: the linked accounts and, for an own-bookings user, their own. */
export const inScope = (scope: DocketScope) =>
  and(
    inArray(dockets.dck_cust_id, scope.accountIds),
    scope.ownerId === undefined ? undefined : ownedBy(scope.ownerId),
  );

/** Whether the docket of a tracking reference (upper case) is in `scope`. */
export async function trackedInScope(db: Executor, ref: string, scope: DocketScope): Promise<boolean> {
  const rows = await db
    .select({ dck_id: dockets.dck_id })
    .from(dockets)
    .where(and(eq(dockets.tracking_reference, ref), inScope(scope)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The head of a docket (id, number, first reference) when it is in `scope`, or in the tenant at
 * all for 'tenant' (control room and administrators); undefined otherwise.
 */
export async function docketHead(db: Executor, dckId: number, scope: DocketScope | 'tenant') {
  const rows = await db
    .select({ dck_id: dockets.dck_id, dck_docket: dockets.dck_docket, dck_cust_ref1: dockets.dck_cust_ref1 })
    .from(dockets)
    .where(and(eq(dockets.dck_id, dckId), scope === 'tenant' ? undefined : inScope(scope)))
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

/** A tariff's rates, as tariff_types holds them (pence, mph). */
type TariffRate = typeof tariffTypes.$inferSelect;

/** The reference fields of an account a booking is checked against (spec "bookings…" §5 references). */
const REF_FIELDS = [
  ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`cust_ref${n}_lbl`, `cust_ref${n}_req`] as const),
  'cust_ref5_fromlist',
] as const;

/** An account's reference labels ('Reference N'), required flags ('T'/'F') and its ref-5 list. */
export type RefRules = Record<(typeof REF_FIELDS)[number], string> & { list5: string[] };

/** What a booking is checked and priced with (BookingContext), for a booking's account, tariff and service. */
export interface BookingContextRow {
  /** [group, key, value] of the tenant's settings (sett_cust_id 0) in the groups asked for. */
  settings: [string, string, string][];
  /** The account's reference rules, null when there is no such account. */
  refs: RefRules | null;
  /** The tariff's rates (pence, mph), null when there is no such tariff. */
  tariff: TariffRate | null;
  /** Whether the service type exists. */
  service_type: boolean;
}

const bookingContextStatement: NamedStatement = {
  name: 'booking_context',
  text: `select
    coalesce((select json_agg(json_build_array(sett_group, sett_key, sett_value))
                from settings where sett_cust_id = 0 and sett_group = any($1::text[])), '[]') as settings,
    (select json_build_object(${REF_FIELDS.map((f) => `'${f}', c.${f}`).join(', ')},
              'list5', array(select r.cref_description from customer_references r
                              where r.cref_cust_id = c.cust_id and r.cref_ref_type = 5))
       from customers c where c.cust_id = $2) as refs,
    (select row_to_json(t) from tariff_types t where t.ttyp_tariff = $3) as tariff,
    exists(select 1 from service_types where styp_id = $4) as service_type`,
};

/**
 * Everything a booking is checked and priced with, in one statement (one round trip, one
 * snapshot) instead of one each: the settings of `groups`, the account's reference rules, the
 * tariff and whether the service type exists (docket/price, docket/post, the card checkout and a
 * paid quote's booking all read it before every booking).
 */
export async function readBookingContext(
  db: Db,
  q: { groups: readonly string[]; custId: number; tariff: number; servType: string },
): Promise<BookingContextRow> {
  const [row] = await namedQuery<BookingContextRow>(db, bookingContextStatement, [
    `{${q.groups.join(',')}}`,
    q.custId,
    q.tariff,
    q.servType,
  ]);
  return row!;
}
