import { z } from 'zod';
import { str, databaseName } from './common';

/** POST /api/postcode/distance body; `ttyp_tariff` picks the vehicle whose speed gives the time. */
export const distanceRequest = z.object({
  origin: str().min(1).max(10),
  destination: str().min(1).max(10),
  ttyp_tariff: z.number().int().min(1).max(11).optional(),
});
export type DistanceRequest = z.infer<typeof distanceRequest>;

/** Distance in miles (two decimals), time in whole minutes. */
export const distanceResponse = z.object({ distance: z.number(), time: z.number().int() });
export type DistanceResponse = z.infer<typeof distanceResponse>;

/** The address fields a search may give (spec "access…" §7 Postcode): only the non-empty ones are sent. */
const queryField = (max: number) => str().trim().max(max, `must be at most ${max} characters`).optional();
export const addressQuery = z.object({
  organisation: queryField(110),
  building: queryField(110),
  street: queryField(110),
  locality: queryField(110),
  town: queryField(110),
  county: queryField(110),
  country: queryField(110),
  postcode: queryField(20),
});
export type AddressQueryInput = z.infer<typeof addressQuery>;

/** postcode/list body; a signed-in search uses the session's database, `database` is ignored. */
export const postcodeListRequest = z.object({
  address: addressQuery,
  database: databaseName().optional(),
});
export type PostcodeListRequest = z.infer<typeof postcodeListRequest>;

/** quote/postcode/list body (public): the database names the tenant. */
export const quotePostcodeListRequest = postcodeListRequest.extend({ database: databaseName() });
export type QuotePostcodeListRequest = z.infer<typeof quotePostcodeListRequest>;

/**
 * Where a search result came from: the caller's address book, the caller's past dockets, the open
 * data, the post code itself, or the name of a commercial provider (e.g. 'getaddress').
 */
export const ADDRESS_SOURCES = ['addressbook', 'docket', 'open-data', 'postcode'] as const;

/**
 * One address search result, full length: the screens truncate with truncateAddress().
 * `building` is the dwelling and sub-dwelling joined by a comma (spec "access…" §2 Address detail).
 */
export const addressResult = z.object({
  organisation: z.string(),
  dwelling: z.string(),
  subdwelling: z.string(),
  building: z.string(),
  street: z.string(),
  locality: z.string(),
  town: z.string(),
  county: z.string(),
  country: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  source: z.string(),
});
export type AddressResult = z.infer<typeof addressResult>;

/** At most this many results per search. */
export const ADDRESS_SEARCH_MAX = 100;

/** postcode/list answer; `message` ('No matching addresses found', an info) when there is none. */
export const postcodeListResponse = z.object({
  addresses: z.array(addressResult).max(ADDRESS_SEARCH_MAX),
  message: z.string().optional(),
});
export type PostcodeListResponse = z.infer<typeof postcodeListResponse>;

/** country/list and county/list answers (the public quote/* ones take databaseRequest). */
export const nameList = z.array(z.object({ name: z.string() }));
export type NameList = z.infer<typeof nameList>;
