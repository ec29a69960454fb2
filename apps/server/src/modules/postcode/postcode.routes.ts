import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  databaseRequest,
  distanceRequest,
  distanceResponse,
  nameList,
  postcodeListRequest,
  postcodeListResponse,
  quotePostcodeListRequest,
} from '@courier/contracts';
import type { GeoIndex } from '../../lib/geo';
import type { TenantRegistry } from '../../db/tenants';
import { searchForGuest, searchForUser } from './address-search.service';
import { countryList, countyList, guestCountryList, guestCountyList } from './lookups';
import { distanceFor } from './postcode.service';
import { EmbeddedAddressProvider } from './providers/embedded';
import type { AddressProvider } from './providers/provider';

/** Public address searches allowed per address per minute (the quote wizard). */
export const QUOTE_SEARCH_RATE_MAX = 60;

export interface PostcodeDeps {
  geo: GeoIndex;
  tenants: TenantRegistry;
  /** The address search's provider; the embedded open data by default. */
  addressProvider?: AddressProvider;
}

/**
 * postcode/distance, postcode/list, quote/postcode/list and the country and county lookups
 * (spec "access…" §7 Postcode and Lookups, "bookings…" §7 Addresses and lookups).
 */
export function postcodeRoutes(deps: PostcodeDeps): FastifyPluginAsyncZod {
  const embedded = new EmbeddedAddressProvider(deps.geo);
  const search = { ...deps, embedded, addressProvider: deps.addressProvider ?? embedded };
  return async (app) => {
    app.post(
      '/api/postcode/distance',
      { schema: { body: distanceRequest, response: { 200: distanceResponse } } },
      async (req) => distanceFor(await req.authenticate(), deps.geo, req.body),
    );
    app.post(
      '/api/postcode/list',
      { schema: { body: postcodeListRequest, response: { 200: postcodeListResponse } } },
      async (req) => searchForUser(await req.authenticate(), search, req.body.address, req.log),
    );
    app.post(
      '/api/quote/postcode/list',
      {
        schema: { body: quotePostcodeListRequest, response: { 200: postcodeListResponse } },
        config: { rateLimit: { max: QUOTE_SEARCH_RATE_MAX, timeWindow: '1 minute' } },
      },
      async (req) => searchForGuest(search, req.body, await req.authenticateOptional(), req.log),
    );
    app.post('/api/country/list', { schema: { response: { 200: nameList } } }, async (req) => {
      await req.authenticate();
      return countryList();
    });
    app.post(
      '/api/quote/country/list',
      { schema: { body: databaseRequest, response: { 200: nameList } } },
      async (req) => guestCountryList(deps, req.body.database, await req.authenticateOptional()),
    );
    app.post('/api/county/list', { schema: { response: { 200: nameList } } }, async (req) => {
      await req.authenticate();
      return countyList(deps.geo);
    });
    app.post(
      '/api/quote/county/list',
      { schema: { body: databaseRequest, response: { 200: nameList } } },
      async (req) => guestCountyList(deps, req.body.database, await req.authenticateOptional()),
    );
  };
}
