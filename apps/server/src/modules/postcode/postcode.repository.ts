import { and, asc, desc, eq, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ADDRESS_SEARCH_MAX } from '@courier/contracts';
import { likeEscape, type Executor } from '../../db/client';
import { customerAddresses as ca, docketAddresses as da, dockets } from '../../db/schema';
import { ownedBy } from '../dockets/dockets.repository';

/** What to look for among a tenant's known addresses, within the caller's accounts. */
export interface KnownAddressQuery {
  accountIds: number[];
  /**
   * A user limited to their own bookings (a self-registered guest on a shared account): only the
   * addresses of the dockets they booked or registered from, and of the address book only the
   * accounts' own address (type 0), never what other users of the account saved or booked.
   */
  ownerId?: number;
  /** Compact upper-case post code (exact) or its start (prefix); none for a search by words. */
  postcode?: { compact: string; prefix: boolean };
  /** Lower-case words every address must contain. */
  words: string[];
}

/** A known address in neutral field names. */
export interface KnownAddress {
  organisation: string;
  building: string;
  street: string;
  locality: string;
  town: string;
  county: string;
  country: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
}

const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** Post code (stored normalised, compared without spaces) and words, as SQL conditions. */
function conditions(q: KnownAddressQuery, postcode: SQLWrapper, text: SQLWrapper[]): SQL[] {
  const out: SQL[] = [];
  const compact = sql`upper(replace(${postcode}, ' ', ''))`;
  if (q.postcode)
    out.push(
      q.postcode.prefix
        ? sql`${compact} like ${likeEscape(q.postcode.compact) + '%'}`
        : sql`${compact} = ${q.postcode.compact}`,
    );
  const haystack = sql`concat_ws(' ', ${sql.join(text, sql`, `)})`;
  for (const w of q.words) out.push(sql`${haystack} ilike ${'%' + likeEscape(w) + '%'}`);
  return out;
}

/** The caller's address-book entries matching the query (default delivery addresses first). */
export function addressBookMatches(db: Executor, q: KnownAddressQuery): Promise<KnownAddress[]> {
  return db
    .select({
      organisation: ca.cadd_coname,
      building: ca.cadd_build,
      street: ca.cadd_street,
      locality: ca.cadd_locality,
      town: ca.cadd_town,
      county: ca.cadd_county,
      country: ca.cadd_country,
      postcode: ca.cadd_postalcode,
      latitude: ca.cadd_latitude,
      longitude: ca.cadd_longitude,
    })
    .from(ca)
    .where(
      and(
        sql`${ca.cadd_cust_id} = any(${intArray(q.accountIds)}::int[])`,
        q.ownerId === undefined ? undefined : eq(ca.cadd_address_type, 0),
        ...conditions(q, ca.cadd_postalcode, [
          ca.cadd_coname,
          ca.cadd_build,
          ca.cadd_street,
          ca.cadd_locality,
          ca.cadd_town,
          ca.cadd_county,
        ]),
      ),
    )
    .orderBy(desc(ca.cadd_default_delivery), asc(ca.cadd_coname), asc(ca.cadd_id))
    .limit(ADDRESS_SEARCH_MAX);
}

/**
 * Distinct addresses of the dockets of the caller's accounts at a post code (or post code start),
 * most recently booked first. Needs a post code: words alone would read every past address.
 */
export function docketAddressMatches(
  db: Executor,
  q: KnownAddressQuery & { postcode: NonNullable<KnownAddressQuery['postcode']> },
): Promise<KnownAddress[]> {
  const fields = {
    organisation: da.dadd_companyname,
    building: da.dadd_build,
    street: da.dadd_street,
    locality: da.dadd_locality,
    town: da.dadd_town,
    county: da.dadd_county,
    country: da.dadd_country,
    postcode: da.dadd_postalcode,
  };
  return db
    .select({ ...fields, latitude: max(da.dadd_latitude), longitude: max(da.dadd_longitude) })
    .from(da)
    .innerJoin(dockets, eq(dockets.dck_id, da.dadd_dck_id))
    .where(
      and(
        sql`${dockets.dck_cust_id} = any(${intArray(q.accountIds)}::int[])`,
        q.ownerId === undefined ? undefined : ownedBy(q.ownerId),
        ...conditions(q, da.dadd_postalcode, [
          da.dadd_companyname,
          da.dadd_build,
          da.dadd_street,
          da.dadd_locality,
          da.dadd_town,
          da.dadd_county,
        ]),
      ),
    )
    .groupBy(...Object.values(fields))
    .orderBy(desc(max(da.dadd_dck_id)))
    .limit(ADDRESS_SEARCH_MAX);
}
