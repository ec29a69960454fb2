import { z } from 'zod';
import { ADDRESS_BOOK_LIMITS } from './address-fields';
import { dbId, tf, str } from './common';

/**
 * Address book (spec "access…" §2 Address list and detail, §3 Customer address, §5). Its field
 * lengths, and the truncation of address search results, come from address-fields.ts.
 */

/** A customer address as the API answers it, with its account's code and name. */
export const customerAddress = z.object({
  cadd_id: z.number().int(),
  cadd_cust_id: z.number().int(),
  cust_acc_code: z.string(),
  cust_name: z.string(),
  cadd_coname: z.string(),
  cadd_build: z.string(),
  cadd_street: z.string(),
  cadd_locality: z.string(),
  cadd_town: z.string(),
  cadd_county: z.string(),
  cadd_country: z.string(),
  cadd_postalcode: z.string(),
  cadd_latitude: z.number().nullable(),
  cadd_longitude: z.number().nullable(),
  /** 0 is the main (account) address. */
  cadd_address_type: z.number().int(),
  cadd_default_delivery: tf,
});
export type CustomerAddress = z.infer<typeof customerAddress>;

/** Sortable columns of the address list: Account, Address (company), Building, Street, Town, County, Country, Postcode. */
export const ADDRESS_SORT_COLUMNS = [
  'cust_acc_code',
  'cadd_coname',
  'cadd_build',
  'cadd_street',
  'cadd_town',
  'cadd_county',
  'cadd_country',
  'cadd_postalcode',
] as const;
export type AddressSortColumn = (typeof ADDRESS_SORT_COLUMNS)[number];

/** Page sizes of the address list: 20, or 50 with infinite scroll (spec "access…" §9). */
export const ADDRESS_PAGE_SIZES = [20, 50] as const;

/**
 * customer/address/list body: one object, three forms, told apart by which fields are present:
 * - `{cadd_id}` → that address (404 'Address not found' when missing or not the caller's);
 * - `{cadd_cust_id, cadd_address_type?}` → that account's addresses (of that type; 0 = main address);
 * - otherwise the address-book page `{page, pageSize, search, sort}` over all the caller's accounts.
 */
export const addressListRequest = z.object({
  cadd_id: dbId.optional(),
  cadd_cust_id: dbId.optional(),
  cadd_address_type: z.number().int().min(0).max(9).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z
    .union([z.literal(20), z.literal(50)])
    .default(20)
    .describe('20, or 50 with infinite scroll'),
  search: str().trim().max(100).default(''),
  sort: z
    .object({ column: z.enum(ADDRESS_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .default({ column: 'cadd_coname', direction: 'asc' }),
});
export type AddressListRequest = z.input<typeof addressListRequest>;
export type AddressListQuery = z.output<typeof addressListRequest>;

/** One page of the address list; `hasMore` tells infinite scroll to ask for the next page. */
export const addressPage = z.object({
  rows: z.array(customerAddress),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type AddressPage = z.infer<typeof addressPage>;

/** customer/address/list answer: one address, an account's addresses, or a page (see the request). */
export const addressListResponse = z.union([customerAddress, z.array(customerAddress), addressPage]);
export type AddressListResponse = z.infer<typeof addressListResponse>;

const field = (max: number) =>
  str().trim().max(max, `must be at most ${max} characters`).optional().default('');

/**
 * customer/address/post body: create (no cadd_id) or update (cadd_id) an address of a linked
 * account. Longer values than the address book limits are refused (400 naming the field).
 */
export const addressPostRequest = z.object({
  cadd_id: dbId.optional(),
  cadd_cust_id: dbId,
  cadd_coname: field(ADDRESS_BOOK_LIMITS.cadd_coname),
  cadd_build: field(ADDRESS_BOOK_LIMITS.cadd_build),
  cadd_street: field(ADDRESS_BOOK_LIMITS.cadd_street),
  cadd_locality: field(ADDRESS_BOOK_LIMITS.cadd_locality),
  cadd_town: field(ADDRESS_BOOK_LIMITS.cadd_town),
  cadd_county: field(ADDRESS_BOOK_LIMITS.cadd_county),
  cadd_country: field(ADDRESS_BOOK_LIMITS.cadd_country),
  cadd_postalcode: field(ADDRESS_BOOK_LIMITS.cadd_postalcode),
  cadd_latitude: z.number().min(-90).max(90).nullable().optional(),
  cadd_longitude: z.number().min(-180).max(180).nullable().optional(),
  cadd_default_delivery: tf.default('F'),
});
export type AddressPostRequest = z.input<typeof addressPostRequest>;
export type AddressPostData = z.output<typeof addressPostRequest>;

/** customer/address/delete body. */
export const addressDeleteRequest = z.object({ cadd_id: dbId });
export type AddressDeleteRequest = z.infer<typeof addressDeleteRequest>;
export const addressDeleteResponse = z.object({ cadd_id: z.number().int() });
