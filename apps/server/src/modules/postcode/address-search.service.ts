import type { FastifyBaseLogger } from 'fastify';
import {
  ADDRESS_MSG,
  type AddressQueryInput,
  type AddressResult,
  type PostcodeListResponse,
  type QuotePostcodeListRequest,
} from '@courier/contracts';
import type { GeoIndex } from '../../lib/geo';
import type { TenantRegistry } from '../../db/tenants';
import { docketScope, type AuthContext } from '../auth/access';
import { guestTenant } from '../auth/guest.service';
import { assertAnyRight } from '../customers/customers.service';
import {
  addressResult,
  asTextSearch,
  combineResults,
  hasWords,
  haystackOf,
  parseQuery,
} from './address-search';
import type { SearchQuery } from './address-search';
import * as repo from './postcode.repository';
import type { AddressProvider } from './providers/provider';

/** What the address search needs: the post code data and the providers. */
export interface AddressSearchDeps {
  geo: GeoIndex;
  tenants: TenantRegistry;
  /** The configured provider (getAddress.io when ADDRESS_API_KEY is set). */
  addressProvider: AddressProvider;
  /** The open data: the fallback, and the provider of searches the configured one cannot answer. */
  embedded: AddressProvider;
}

/**
 * The caller's tenant and accounts whose known addresses a search may show (none for guests);
 * `ownerId` for a user limited to their own bookings (repo.KnownAddressQuery).
 */
interface Scope {
  auth: AuthContext;
  accountIds: number[];
  ownerId?: number;
}

/** The caller's address book and past docket addresses matching the query. */
async function knownAddresses(geo: GeoIndex, scope: Scope, q: SearchQuery): Promise<AddressResult[]> {
  if (scope.accountIds.length === 0 || q.kind === 'empty') return [];
  const base = { accountIds: scope.accountIds, ownerId: scope.ownerId, words: q.words };
  const postcode = q.kind === 'text' ? undefined : { compact: q.compact, prefix: q.kind === 'outcode' };
  const [book, past] = await Promise.all([
    repo.addressBookMatches(scope.auth.db, { ...base, postcode }),
    postcode ? repo.docketAddressMatches(scope.auth.db, { ...base, postcode }) : [],
  ]);
  const toResult = (source: string) => (a: repo.KnownAddress) => {
    const place = a.latitude === null || a.longitude === null ? geo.locate(a.postcode) : null;
    return addressResult({
      ...a,
      dwelling: a.building,
      latitude: place?.lat ?? a.latitude,
      longitude: place?.lon ?? a.longitude,
      source,
    });
  };
  return [...book.map(toResult('addressbook')), ...past.map(toResult('docket'))];
}

/** The configured provider's answer; on its failure the embedded data's (logged, never a 502). */
async function providerAddresses(
  deps: AddressSearchDeps,
  q: SearchQuery,
  log: FastifyBaseLogger,
): Promise<AddressResult[]> {
  const provider =
    q.kind === 'postcode' || !deps.addressProvider.fullPostcodeOnly ? deps.addressProvider : deps.embedded;
  if (provider === deps.embedded) return deps.embedded.search(q);
  try {
    return await provider.search(q);
  } catch (err) {
    log.warn(
      { provider: provider.name, reason: (err as Error).message },
      'address provider failed; using the open data',
    );
    return deps.embedded.search(q);
  }
}

/** One search: known addresses first, then the provider's, then the post code itself. */
async function runSearch(
  deps: AddressSearchDeps,
  q: SearchQuery,
  scope: Scope | null,
  log: FastifyBaseLogger,
): Promise<AddressResult[]> {
  const [known, found] = await Promise.all([
    scope ? knownAddresses(deps.geo, scope, q) : [],
    providerAddresses(deps, q, log),
  ]);
  // Providers may not filter: every source meets the same words.
  const matching = [...known, ...found].filter((r) => hasWords(haystackOf(r), q.words));
  const place = q.kind === 'postcode' ? deps.geo.locate(q.normalised) : null;
  return combineResults(matching, place);
}

/**
 * The address search of spec "access…" §7 Postcode. A post code (or its start) finds the
 * addresses there, filtered by the words of organisation, building and street (and, for a start,
 * town and county); when an invalid or unknown post code finds nothing, the words alone are tried.
 * 'No matching addresses found' when nothing matches.
 */
async function search(
  deps: AddressSearchDeps,
  input: AddressQueryInput,
  scope: Scope | null,
  log: FastifyBaseLogger,
): Promise<PostcodeListResponse> {
  const q = parseQuery(input);
  let addresses = await runSearch(deps, q, scope, log);
  // An invalid or unknown post code must not hide what the words alone would find.
  const badPostcode =
    (q.kind === 'empty' && q.fields.postcode !== '') ||
    (q.kind === 'postcode' && deps.geo.locate(q.normalised) === null);
  const text = badPostcode && addresses.length === 0 ? asTextSearch(q) : undefined;
  if (text) addresses = await runSearch(deps, text, scope, log);
  return addresses.length ? { addresses } : { addresses: [], message: ADDRESS_MSG.noMatch };
}

/**
 * postcode/list (booking or addressbook right): the tenant's known addresses of the caller's
 * accounts too (their docket scope: a user limited to their own bookings finds only their own
 * bookings' addresses and the accounts' own address).
 */
export function searchForUser(
  auth: AuthContext,
  deps: AddressSearchDeps,
  input: AddressQueryInput,
  log: FastifyBaseLogger,
): Promise<PostcodeListResponse> {
  assertAnyRight(auth, ['booking', 'addressbook']);
  return search(deps, input, { auth, ...docketScope(auth) }, log);
}

/**
 * quote/postcode/list (public, the quote wizard): open data and the post code only, never a
 * tenant's addresses; only where the database allows guests or the caller is signed in to it.
 */
export async function searchForGuest(
  deps: AddressSearchDeps,
  req: QuotePostcodeListRequest,
  caller: AuthContext | undefined,
  log: FastifyBaseLogger,
): Promise<PostcodeListResponse> {
  await guestTenant(deps, req.database, caller);
  return search(deps, req.address, null, log);
}
