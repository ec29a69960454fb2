import { describe, expect, it } from 'vitest';
import type { DocketDetail } from '@courier/contracts';
import { accountWith } from '../../test/fixtures';
import type { SavedBooking } from './api/saved-booking';
import { bookingAddressOf, savedToValues, toDocketInput } from './booking-input';
import { newBooking, type BookingValues } from './booking-values';

function typedBooking(): BookingValues {
  const b = newBooking(accountWith({ cust_id: 9, cust_maintariff: 4 }));
  return {
    ...b,
    dck_cust_ref1: '  PO-77 ',
    dck_contact: ' Sam Jones ',
    dck_email: ' ops@example.com ',
    addresses: [
      {
        ...b.addresses[0]!,
        dadd_town: 'Leeds',
        dadd_postalcode: ' ls1 4dy ',
        dadd_ready: '2026-07-01 09:30:00',
        dadd_deadline: '2026-01-15 17:00:00',
        barcodes: ['BC1', 'BC2'],
      },
      { ...b.addresses[1]!, dadd_town: 'Manchester', dadd_postalcode: 'm1 1ae' },
    ],
    parcels: [{ key: 'p', dpcl_quantity: '3', dpcl_weight: '2.5', dpcl_description: ' boxes ' }],
  };
}

describe('toDocketInput', () => {
  const input = toDocketInput(typedBooking());

  it('sends numbers for the account, vehicle and parcels, and trimmed text', () => {
    expect(input).toMatchObject({
      dck_cust_id: 9,
      dck_serv_type: 'A',
      dck_tariff: 4,
      dck_cust_ref1: 'PO-77',
      dck_cust_ref6: '',
      dck_contact: 'Sam Jones',
      dck_email: 'ops@example.com',
      parcels: [{ dpcl_quantity: 3, dpcl_weight: 2.5, dpcl_description: 'boxes' }],
    });
  });

  it('sends post codes in capitals without the spaces around them', () => {
    expect(input.addresses.map((a) => a.dadd_postalcode)).toEqual(['LS1 4DY', 'M1 1AE']);
  });

  it('sends ready and deadline as UK times with their offset, and the barcodes', () => {
    const { dadd_ready, dadd_deadline, barcodes } = input.addresses[0]!;
    // 09:30 in London in July is 08:30 UTC; 17:00 in January is 17:00 UTC.
    expect(dadd_ready).toMatch(/^2026-07-01T09:30:00\+01:00$/);
    expect(new Date(dadd_deadline!).toISOString()).toBe('2026-01-15T17:00:00.000Z');
    expect(dadd_deadline).toMatch(/^2026-01-15T17:00:00(Z|\+00:00)$/);
    expect(barcodes).toEqual([{ dab_barcode: 'BC1' }, { dab_barcode: 'BC2' }]);
    expect(input.addresses[1]!.dadd_ready).toBeUndefined();
    expect(input.addresses[0]).not.toHaveProperty('key');
  });
});

describe('bookingAddressOf', () => {
  it('cuts a chosen address to the booking limits', () => {
    const address = bookingAddressOf({
      organisation: 'The Very Long Named Medical Practice Partnership',
      building: 'Unit 12, The Old Mill Business Park',
      street: 'A Street Name That Goes On And On',
      locality: 'Headingley',
      town: 'Leeds',
      county: 'West Yorkshire',
      country: '',
      postcode: 'LS6 3EX',
      latitude: 53.8,
      longitude: -1.57,
    });
    expect(address).toEqual({
      dadd_companyname: 'The Very Long Named Medical Practice Par',
      dadd_build: 'Unit 12, The Old Mill Business',
      dadd_street: 'A Street Name That Goes On And',
      dadd_locality: 'Headingley',
      dadd_town: 'Leeds',
      dadd_county: 'West Yorkshire',
      dadd_country: 'United Kingdom',
      dadd_postalcode: 'LS6 3EX',
    });
    expect(address.dadd_companyname).toHaveLength(40);
    expect(address.dadd_build).toHaveLength(30);
  });
});

describe('savedToValues', () => {
  const row = (dadd_id: number, dadd_seq: number, dadd_addresstype: number, town: string) => ({
    dadd_id,
    dadd_seq,
    dadd_addresstype,
    dadd_companyname: '',
    dadd_build: '1',
    dadd_street: 'High Street',
    dadd_locality: '',
    dadd_town: town,
    dadd_county: '',
    dadd_country: 'United Kingdom',
    dadd_postalcode: 'LS1 4DY',
    dadd_latitude: null,
    dadd_longitude: null,
    dadd_name: '',
    dadd_telephone: '',
    dadd_email: '',
    dadd_ready: dadd_seq === 1 ? '2026-07-01T08:30:00Z' : null,
    dadd_deadline: null,
  });
  const saved: SavedBooking = {
    detail: {
      dck_cust_id: 9,
      dck_serv_type: 'B',
      dck_tariff: 4,
      dck_cust_ref1: 'PO-77',
      dck_cust_ref2: '',
      dck_cust_ref3: '',
      dck_cust_ref4: '',
      dck_cust_ref5: '',
      dck_cust_ref6: '',
      dck_contact: 'Sam',
      dck_telephone: '',
      dck_email: '',
    } as DocketDetail,
    addresses: [row(21, 2, 1, 'Manchester'), row(20, 1, 0, 'Leeds')],
    barcodes: [
      { dab_id: 1, dab_dadd_id: 21, dab_barcode: 'BC9', dab_reference: '' },
      { dab_id: 2, dab_dadd_id: 20, dab_barcode: 'BC1', dab_reference: '' },
    ],
    parcels: [{ dpcl_id: 1, dpcl_quantity: 2, dpcl_weight: 1.5, dpcl_description: 'box' }],
  };

  it('shows a saved booking in address order, each with its barcodes, times in UK time', () => {
    const v = savedToValues(saved);
    expect(v).toMatchObject({
      dck_cust_id: '9',
      dck_serv_type: 'B',
      dck_tariff: '4',
      dck_cust_ref1: 'PO-77',
    });
    expect(v.addresses.map((a) => [a.dadd_town, a.dadd_addresstype, a.barcodes])).toEqual([
      ['Leeds', 0, ['BC1']],
      ['Manchester', 1, ['BC9']],
    ]);
    expect(v.addresses[0]!.dadd_ready).toBe('2026-07-01 09:30:00');
    expect(v.parcels).toEqual([
      expect.objectContaining({ dpcl_quantity: '2', dpcl_weight: '1.5', dpcl_description: 'box' }),
    ]);
  });
});
