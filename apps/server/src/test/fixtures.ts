/** A valid two-address booking from M1 1AE to SW1A 1AA for `custId`. */
export function booking(custId: number, overrides: Record<string, unknown> = {}) {
  return {
    dck_cust_id: custId,
    dck_serv_type: 'A',
    dck_tariff: 4,
    dck_cust_ref1: 'PO-TEST-1',
    addresses: [
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
    ],
    parcels: [{ dpcl_quantity: 1, dpcl_weight: 2.5 }],
    ...overrides,
  };
}
