import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AddressSortColumn, CustomerAddress } from '@courier/contracts';
import { likeEscape, type Executor } from '../../db/client';
import { customerAddresses as ca, customers } from '../../db/schema';

export type AddressValues = Omit<typeof ca.$inferInsert, 'cadd_id'>;

const columns = {
  cadd_id: ca.cadd_id,
  cadd_cust_id: ca.cadd_cust_id,
  cust_acc_code: customers.cust_acc_code,
  cust_name: customers.cust_name,
  cadd_coname: ca.cadd_coname,
  cadd_build: ca.cadd_build,
  cadd_street: ca.cadd_street,
  cadd_locality: ca.cadd_locality,
  cadd_town: ca.cadd_town,
  cadd_county: ca.cadd_county,
  cadd_country: ca.cadd_country,
  cadd_postalcode: ca.cadd_postalcode,
  cadd_latitude: ca.cadd_latitude,
  cadd_longitude: ca.cadd_longitude,
  cadd_address_type: ca.cadd_address_type,
  cadd_default_delivery: ca.cadd_default_delivery,
};

/** `{1,2}`: a Postgres int array literal of the caller's accounts. */
const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
const inAccounts = (ids: number[]) => sql`${ca.cadd_cust_id} = any(${intArray(ids)}::int[])`;

const select = (db: Executor) =>
  db.select(columns).from(ca).innerJoin(customers, eq(customers.cust_id, ca.cadd_cust_id));

/** One address, only when it belongs to one of `accountIds`. */
export async function addressById(
  db: Executor,
  caddId: number,
  accountIds: number[],
): Promise<CustomerAddress | undefined> {
  const rows = await select(db)
    .where(and(eq(ca.cadd_id, caddId), inAccounts(accountIds)))
    .limit(1);
  return rows[0] as CustomerAddress | undefined;
}

/** An account's addresses (of one type when given): default delivery first, then by company name. */
export function addressesOfAccount(db: Executor, custId: number, type?: number): Promise<CustomerAddress[]> {
  return select(db)
    .where(and(eq(ca.cadd_cust_id, custId), type === undefined ? undefined : eq(ca.cadd_address_type, type)))
    .orderBy(desc(ca.cadd_default_delivery), asc(sql`lower(${ca.cadd_coname})`), asc(ca.cadd_id)) as Promise<
    CustomerAddress[]
  >;
}

const SORT: Record<AddressSortColumn, SQL> = {
  cust_acc_code: sql`lower(${customers.cust_acc_code})`,
  cadd_coname: sql`lower(${ca.cadd_coname})`,
  cadd_build: sql`lower(${ca.cadd_build})`,
  cadd_street: sql`lower(${ca.cadd_street})`,
  cadd_town: sql`lower(${ca.cadd_town})`,
  cadd_county: sql`lower(${ca.cadd_county})`,
  cadd_country: sql`lower(${ca.cadd_country})`,
  cadd_postalcode: sql`${ca.cadd_postalcode}`,
};

/** The searched text columns: account code and name and every shown address column. */
const SEARCHED = [
  customers.cust_acc_code,
  customers.cust_name,
  ca.cadd_coname,
  ca.cadd_build,
  ca.cadd_street,
  ca.cadd_locality,
  ca.cadd_town,
  ca.cadd_county,
  ca.cadd_country,
  ca.cadd_postalcode,
];

export interface AddressPageQuery {
  accountIds: number[];
  /** Only the accounts' own addresses (type 0): for a user limited to their own bookings. */
  accountAddressOnly?: boolean;
  search: string;
  sort: { column: AddressSortColumn; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/** A page of the address book over the caller's accounts, searched, sorted and paged in SQL. */
export function addressPage(db: Executor, q: AddressPageQuery): Promise<CustomerAddress[]> {
  const pattern = `%${likeEscape(q.search)}%`;
  const search = q.search
    ? sql`(${sql.join(
        SEARCHED.map((c) => sql`${c} ilike ${pattern}`),
        sql` or `,
      )} or replace(${ca.cadd_postalcode}, ' ', '') ilike ${`%${likeEscape(q.search.replace(/\s+/g, ''))}%`})`
    : undefined;
  const order = q.sort.direction === 'desc' ? desc : asc;
  return select(db)
    .where(
      and(inAccounts(q.accountIds), q.accountAddressOnly ? eq(ca.cadd_address_type, 0) : undefined, search),
    )
    .orderBy(order(SORT[q.sort.column]), asc(ca.cadd_id))
    .limit(q.limit)
    .offset(q.offset) as Promise<CustomerAddress[]>;
}

/** Inserts an address; returns its id. */
export async function insertAddress(db: Executor, values: AddressValues): Promise<number> {
  const [row] = await db.insert(ca).values(values).returning({ cadd_id: ca.cadd_id });
  return row!.cadd_id;
}

/** Updates an address's fields (not its type). */
export async function updateAddress(db: Executor, caddId: number, values: AddressValues): Promise<void> {
  await db.update(ca).set(values).where(eq(ca.cadd_id, caddId));
}

export async function deleteAddress(db: Executor, caddId: number): Promise<void> {
  await db.delete(ca).where(eq(ca.cadd_id, caddId));
}
