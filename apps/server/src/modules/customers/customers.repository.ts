import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { customerContacts, customerReferences, customers, serviceTypes, tariffTypes } from '../../db/schema';
import { forgetting } from '../../db/live-session-cache';

const tf = (column: AnyPgColumn) => sql<'T' | 'F'>`${column}`;

/** The labels and required flags of references 1–6 and cust_ref5_fromlist (spec "bookings…" §3 Customer). */
const REFERENCE_COLUMNS = {
  cust_ref1_lbl: customers.cust_ref1_lbl,
  cust_ref1_req: tf(customers.cust_ref1_req),
  cust_ref2_lbl: customers.cust_ref2_lbl,
  cust_ref2_req: tf(customers.cust_ref2_req),
  cust_ref3_lbl: customers.cust_ref3_lbl,
  cust_ref3_req: tf(customers.cust_ref3_req),
  cust_ref4_lbl: customers.cust_ref4_lbl,
  cust_ref4_req: tf(customers.cust_ref4_req),
  cust_ref5_lbl: customers.cust_ref5_lbl,
  cust_ref5_req: tf(customers.cust_ref5_req),
  cust_ref6_lbl: customers.cust_ref6_lbl,
  cust_ref6_req: tf(customers.cust_ref6_req),
  cust_ref5_fromlist: tf(customers.cust_ref5_fromlist),
};

/** Accounts among `ids`, by account code. */
export function customersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      cust_id: customers.cust_id,
      cust_name: customers.cust_name,
      cust_acc_code: customers.cust_acc_code,
      cust_mop: customers.cust_mop,
      cust_maintariff: customers.cust_maintariff,
      cust_mainservice: customers.cust_mainservice,
      ...REFERENCE_COLUMNS,
    })
    .from(customers)
    .where(and(inArray(customers.cust_id, ids), eq(customers.cust_onhold, 'F')))
    .orderBy(asc(customers.cust_acc_code));
}

export const listServiceTypes = (db: Executor) =>
  db.select().from(serviceTypes).orderBy(asc(serviceTypes.styp_id));

export const listTariffTypes = (db: Executor) =>
  db
    .select({ ttyp_tariff: tariffTypes.ttyp_tariff, ttyp_description: tariffTypes.ttyp_description })
    .from(tariffTypes)
    .orderBy(asc(tariffTypes.ttyp_tariff));

export async function tariffById(db: Executor, id: number) {
  const rows = await prepared(db, 'tariff_by_id', (d, name) =>
    d
      .select()
      .from(tariffTypes)
      .where(eq(tariffTypes.ttyp_tariff, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return rows[0];
}

export async function serviceTypeById(db: Executor, id: string) {
  const rows = await prepared(db, 'service_type_by_id', (d, name) =>
    d
      .select()
      .from(serviceTypes)
      .where(eq(serviceTypes.styp_id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return rows[0];
}

/** Reference list entries of an account, by reference type then description. */
export const referencesOf = (db: Executor, custId: number) =>
  db
    .select({
      cref_id: customerReferences.cref_id,
      cref_description: customerReferences.cref_description,
      cref_ref_type: customerReferences.cref_ref_type,
    })
    .from(customerReferences)
    .where(eq(customerReferences.cref_cust_id, custId))
    .orderBy(
      asc(customerReferences.cref_ref_type),
      asc(customerReferences.cref_description),
      asc(customerReferences.cref_id),
    );

/** Contacts of an account, by name. */
export const contactsOf = (db: Executor, custId: number) =>
  db
    .select({
      ccnt_id: customerContacts.ccnt_id,
      ccnt_name: customerContacts.ccnt_name,
      ccnt_telephone: customerContacts.ccnt_telephone,
      ccnt_email: customerContacts.ccnt_email,
    })
    .from(customerContacts)
    .where(eq(customerContacts.ccnt_cust_id, custId))
    .orderBy(asc(customerContacts.ccnt_name), asc(customerContacts.ccnt_id));

/** One account's quote fields when it exists and is not on hold. */
export async function quoteAccount(db: Executor, custId: number) {
  const rows = await db
    .select({
      cust_id: customers.cust_id,
      cust_name: customers.cust_name,
      cust_mop: customers.cust_mop,
      cust_maintariff: customers.cust_maintariff,
    })
    .from(customers)
    .where(and(eq(customers.cust_id, custId), eq(customers.cust_onhold, 'F')))
    .limit(1);
  return rows[0];
}

/** Whether account `custId` exists (on hold or not). */
export async function customerExists(db: Executor, custId: number): Promise<boolean> {
  const rows = await db
    .select({ id: customers.cust_id })
    .from(customers)
    .where(eq(customers.cust_id, custId))
    .limit(1);
  return rows.length === 1;
}

/**
 * Every field customer/post edits, with the account's name and code; undefined for an account of no
 * one. `lock` holds the row until the caller's transaction ends, so two saves of one account queue.
 */
export async function customerDetailOf(db: Executor, custId: number, lock = false) {
  const query = db
    .select({
      cust_id: customers.cust_id,
      cust_name: customers.cust_name,
      cust_acc_code: customers.cust_acc_code,
      ...REFERENCE_COLUMNS,
      cust_mop: sql<'A' | 'O' | 'S'>`${customers.cust_mop}`,
      cust_maintariff: customers.cust_maintariff,
      cust_mainservice: customers.cust_mainservice,
      cust_pod_mandatory: sql<'P' | 'N'>`${customers.cust_pod_mandatory}`,
      cust_max_delay: customers.cust_max_delay,
      cust_web_tracking: customers.cust_web_tracking,
      cust_web_quicktracking: customers.cust_web_quicktracking,
    })
    .from(customers)
    .where(eq(customers.cust_id, custId))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Writes the edited fields of account `custId` (inside the caller's transaction). A signed-in
 * user's session carries its accounts' names and method of payment: kept reads are forgotten.
 */
export async function updateCustomerFields(
  db: Executor,
  custId: number,
  fields: Partial<typeof customers.$inferInsert>,
): Promise<void> {
  await forgetting(() => db.update(customers).set(fields).where(eq(customers.cust_id, custId)));
}

/** Replaces the values of reference `refType` of account `custId` (inside the caller's transaction). */
export async function replaceReferences(
  db: Executor,
  custId: number,
  refType: number,
  values: string[],
): Promise<void> {
  await db
    .delete(customerReferences)
    .where(and(eq(customerReferences.cref_cust_id, custId), eq(customerReferences.cref_ref_type, refType)));
  if (values.length)
    await db
      .insert(customerReferences)
      .values(values.map((d) => ({ cref_cust_id: custId, cref_ref_type: refType, cref_description: d })));
}

/** Locks account `custId`'s row until the caller's transaction ends, so two saves of its lists queue. */
export async function lockCustomer(db: Executor, custId: number): Promise<boolean> {
  const rows = await db
    .select({ id: customers.cust_id })
    .from(customers)
    .where(eq(customers.cust_id, custId))
    .for('update');
  return rows.length === 1;
}
