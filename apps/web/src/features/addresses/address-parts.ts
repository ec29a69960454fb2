import type { CustomerAddress, ResultField } from '@courier/contracts';

/**
 * An address in the address search's own terms (organisation, building, street … postcode and the
 * coordinates): the one shape a search result, an address-book entry and a booking address meet in.
 */
export type AddressParts = Record<ResultField, string> & {
  latitude: number | null;
  longitude: number | null;
};

/** An address-book entry (cadd_*) as address parts. */
export const partsOfCustomerAddress = (c: CustomerAddress): AddressParts => ({
  organisation: c.cadd_coname,
  building: c.cadd_build,
  street: c.cadd_street,
  locality: c.cadd_locality,
  town: c.cadd_town,
  county: c.cadd_county,
  country: c.cadd_country,
  postcode: c.cadd_postalcode,
  latitude: c.cadd_latitude,
  longitude: c.cadd_longitude,
});
