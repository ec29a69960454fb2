import type { QuoteView } from '@courier/contracts';

/** The time the test quotes were priced at. */
export const QUOTE_NOW = Date.parse('2026-11-23T12:00:00Z');

/** A quote view as the server answers it (M1 1AE → SW1A 1AA), priced at QUOTE_NOW with 15 minutes to run. */
export function quoteViewAt(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    guid: 'g'.repeat(43),
    state: 'priced',
    expires_at: new Date(QUOTE_NOW + 15 * 60_000).toISOString(),
    dck_cust_id: 3,
    dck_serv_type: 'A',
    tariffs: [],
    ttyp_tariff: null,
    dck_contact: '',
    dck_telephone: '',
    dck_email: '',
    addresses: [
      { dadd_addresstype: 0, dadd_postalcode: 'M1 1AE' },
      { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
    ],
    parcels: [{ dpcl_quantity: 2, dpcl_weight: 3 }],
    payment: null,
    dck_docket: null,
    ...overrides,
  };
}
