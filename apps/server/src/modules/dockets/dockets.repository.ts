import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
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

/** A docket to insert; dck_last_deadline is insertDocket's, taken from the addresses. */
export type NewDocket = Omit<typeof dockets.$inferInsert, 'dck_id' | 'dck_docket' | 'dck_last_deadline'>;
export type NewAddress = Omit<typeof docketAddresses.$inferInsert, 'dadd_id' | 'dadd_dck_id'> & {
  barcodes: string[];
};
export type NewParcel = Omit<typeof parcels.$inferInsert, 'dpcl_id' | 'dpcl_dck_id'>;

/** Next docket number of this tenant (its own sequence). */
export async function nextDocketNumber(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: string }>(db, sql`select nextval('dck_docket_seq') as n`);
  return Number(rows[0]!.n);
}

/**
 * The deadline of the last address (highest dadd_seq) or null: what dockets.dck_last_deadline holds
 * (the on-time report reads it). Every write of a docket's addresses sets it from this.
 */
export function lastDeadlineOf(
  addresses: readonly Pick<NewAddress, 'dadd_seq' | 'dadd_deadline'>[],
): Date | null {
  const last = addresses.reduce<(typeof addresses)[number] | undefined>(
    (a, b) => (a === undefined || b.dadd_seq > a.dadd_seq ? b : a),
    undefined,
  );
  return last?.dadd_deadline ?? null;
}

/**
 * Inserts a docket with its addresses, barcodes and parcels, and its last address's deadline as
 * dck_last_deadline; call inside a transaction.
 */
export async function insertDocket(
  db: Executor,
  docket: NewDocket & { dck_docket: number },
  addresses: NewAddress[],
  parcelRows: NewParcel[],
): Promise<number> {
  const [row] = await db
    .insert(dockets)
    .values({ ...docket, dck_last_deadline: lastDeadlineOf(addresses) })
    .returning({ dck_id: dockets.dck_id });
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

/** First (collection) and last (delivery) address of the outer docket, as lateral subqueries. */
export function endAddresses(db: Executor) {
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

/** The dockets one user booked or registered from (the own-bookings scope). */
export const ownedBy = (owner: SQLWrapper | number) =>
  sql`(${dockets.dck_ausr_id} = ${owner} or ${dockets.dck_registered_ausr_id} = ${owner})`;

function buildTrack(db: Executor, name: string) {
  const { fa, la } = endAddresses(db);
  return db
    .select({
      dck_id: dockets.dck_id,
      dck_docket: dockets.dck_docket,
      tracking_reference: dockets.tracking_reference,
      dsts_description: docketStatuses.dsts_description,
      dsts_complete: docketStatuses.dsts_complete,
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

/** Reference labels, required flags and the ref-5 list of an account (spec "bookings…" §5 references). */
export async function customerRefRules(db: Executor, custId: number) {
  const [c] = await prepared(db, 'customer_ref_rules', (d, name) =>
    d
      .select({
        ...getTableColumns(customers),
        list5: sql<string[]>`array(select ${customerReferences.cref_description} from ${customerReferences}
          where ${customerReferences.cref_cust_id} = ${customers.cust_id} and ${customerReferences.cref_ref_type} = 5)`,
      })
      .from(customers)
      .where(eq(customers.cust_id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute({ id: custId });
  return c;
}
