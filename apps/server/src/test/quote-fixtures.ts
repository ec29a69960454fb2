import type { QuoteAddressInput, QuoteDocketRequest, QuoteTariffsRequest } from '@courier/contracts';

/**
 * Typed fixtures of the quote wizard's calls (contracts quotes.ts): M1 1AE → SW1A 1AA, the
 * issue's example route.
 */

/** quote/alltariffs/list body: collect at M1 1AE, deliver to SW1A 1AA, one 2.5 kg parcel. */
export const quoteTariffsBody = (
  database: string,
  overrides: Partial<QuoteTariffsRequest> = {},
): QuoteTariffsRequest => ({
  database,
  addresses: [
    { dadd_addresstype: 0, dadd_postalcode: 'M1 1AE' },
    { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
  ],
  parcels: [{ dpcl_quantity: 1, dpcl_weight: 2.5 }],
  ...overrides,
});

/** The full quote addresses matching quoteTariffsBody's post codes. */
export const quoteAddresses = (): [QuoteAddressInput, QuoteAddressInput] => [
  {
    dadd_addresstype: 0,
    dadd_companyname: 'Piccadilly Plaza',
    dadd_street: 'Portland Street',
    dadd_town: 'Manchester',
    dadd_postalcode: 'M1 1AE',
  },
  {
    dadd_addresstype: 1,
    dadd_companyname: 'Buckingham Palace',
    dadd_street: 'The Mall',
    dadd_town: 'London',
    dadd_postalcode: 'SW1A 1AA',
  },
];

/** quote/docket body for a quote: contact details and the full addresses. */
export const quoteDocketBody = (
  database: string,
  guid: string,
  overrides: Partial<QuoteDocketRequest> = {},
): QuoteDocketRequest => ({
  database,
  guid,
  dck_contact: 'Gwen Guest',
  dck_telephone: '0161 496 0999',
  dck_email: 'gwen@example.com',
  addresses: quoteAddresses(),
  ...overrides,
});
