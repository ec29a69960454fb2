import type { NameList } from '@courier/contracts';
import type { GeoIndex } from '../../lib/geo';
import type { TenantRegistry } from '../../db/tenants';
import type { AuthContext } from '../auth/access';
import { guestTenant } from '../auth/guest.service';
import { openDataIndex } from './providers/embedded';

/**
 * country/list (spec "bookings…" §7 Addresses and lookups): the default country first (spec
 * "access…" §9), then the UK's nations and crown dependencies, then Europe and the usual overseas
 * destinations, by name.
 */
export const COUNTRIES: readonly string[] = [
  'United Kingdom',
  ...[
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
    'Isle of Man',
    'Jersey',
    'Guernsey',
    'Ireland',
    'Austria',
    'Belgium',
    'Bulgaria',
    'Croatia',
    'Cyprus',
    'Czech Republic',
    'Denmark',
    'Estonia',
    'Finland',
    'France',
    'Germany',
    'Gibraltar',
    'Greece',
    'Hungary',
    'Iceland',
    'Italy',
    'Latvia',
    'Lithuania',
    'Luxembourg',
    'Malta',
    'Netherlands',
    'Norway',
    'Poland',
    'Portugal',
    'Romania',
    'Slovakia',
    'Slovenia',
    'Spain',
    'Sweden',
    'Switzerland',
    'Turkey',
    'Australia',
    'Canada',
    'China',
    'Hong Kong',
    'India',
    'Japan',
    'New Zealand',
    'Singapore',
    'South Africa',
    'United Arab Emirates',
    'United States',
  ].sort((a, b) => a.localeCompare(b, 'en-GB')),
];

/** country/list and quote/country/list. */
export const countryList = (): NameList => COUNTRIES.map((name) => ({ name }));

const counties = new WeakMap<GeoIndex, NameList>();

/**
 * county/list and quote/county/list: the distinct counties of the open data, title case and
 * sorted: the postal counties of its addresses and the districts its post codes lie in (the
 * county a post code search fills in), so every county a search gives is in the list.
 */
export function countyList(geo: GeoIndex): NameList {
  let list = counties.get(geo);
  if (list) return list;
  const names = new Set<string>();
  for (const r of openDataIndex(geo).results) {
    // Address counties are title-cased from the upper-case data; district names come properly cased.
    if (r.county) names.add(r.county);
    const district = geo.locate(r.postcode)?.county;
    if (district) names.add(district);
  }
  list = [...names].sort((a, b) => a.localeCompare(b, 'en-GB')).map((name) => ({ name }));
  counties.set(geo, list);
  return list;
}

/**
 * quote/country/list (public): the list, once the database is known (404 naming it otherwise) and
 * allows guests or the caller is signed in to it (401 otherwise).
 */
export async function guestCountryList(
  deps: { tenants: TenantRegistry },
  database: string,
  caller: AuthContext | undefined,
): Promise<NameList> {
  await guestTenant(deps, database, caller);
  return countryList();
}

/** quote/county/list (public): the list, under the same conditions as quote/country/list. */
export async function guestCountyList(
  deps: { tenants: TenantRegistry; geo: GeoIndex },
  database: string,
  caller: AuthContext | undefined,
): Promise<NameList> {
  await guestTenant(deps, database, caller);
  return countyList(deps.geo);
}
