import { describe, expect, it } from 'vitest';
import { BOOKING_LIMITS } from '@courier/contracts';
import { accountWith } from '../../test/fixtures';
import {
  ADDRESS_FIELDS,
  addressTitle,
  CONTACT_LIMITS,
  emptyAddress,
  newBooking,
  REFERENCE_MAX,
  reuseOf,
} from './booking-values';

describe('newBooking', () => {
  it('starts on the account with its service and vehicle: collect from, deliver to, one 1 kg parcel', () => {
    const b = newBooking(accountWith({ cust_id: 42, cust_mainservice: 'X', cust_maintariff: 5 }));
    expect(b).toMatchObject({ dck_cust_id: '42', dck_serv_type: 'X', dck_tariff: '5', dck_cust_ref1: '' });
    expect(b.addresses.map((a) => a.dadd_addresstype)).toEqual([0, 1]);
    expect(b.addresses.every((a) => a.dadd_country === 'United Kingdom')).toBe(true);
    expect(b.parcels).toEqual([expect.objectContaining({ dpcl_quantity: '1', dpcl_weight: '1' })]);
  });

  it("defaults to service 'A' and no vehicle when the account has none", () => {
    const b = newBooking(accountWith({ cust_mainservice: null, cust_maintariff: null }));
    expect(b.dck_serv_type).toBe('A');
    expect(b.dck_tariff).toBeNull();
  });

  it('gives every row its own key', () => {
    const b = newBooking(accountWith());
    const keys = [...b.addresses, ...b.parcels].map((r) => r.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('reuseOf', () => {
  it('copies the booking without ready and deadline times or barcodes, under new keys', () => {
    const original = newBooking(accountWith());
    original.dck_cust_ref1 = 'PO-1';
    original.addresses[0] = {
      ...original.addresses[0]!,
      dadd_town: 'Leeds',
      dadd_ready: '2026-03-02 10:00:00',
      dadd_deadline: '2026-03-02 16:00:00',
      barcodes: ['BC1'],
    };
    const copy = reuseOf(original);
    expect(copy.dck_cust_ref1).toBe('PO-1');
    expect(copy.addresses[0]).toMatchObject({
      dadd_town: 'Leeds',
      dadd_ready: null,
      dadd_deadline: null,
      barcodes: [],
    });
    expect(copy.addresses[0]!.key).not.toBe(original.addresses[0]!.key);
    expect(copy.parcels[0]!.key).not.toBe(original.parcels[0]!.key);
    expect(original.addresses[0]!.barcodes).toEqual(['BC1']);
  });
});

describe('addressTitle', () => {
  it("titles the first 'Collect from' and a last delivery 'Deliver from'", () => {
    expect(addressTitle(0, 3, 0)).toBe('Address 1: Collect from');
    expect(addressTitle(1, 3, 1)).toBe('Address 2');
    expect(addressTitle(2, 3, 1)).toBe('Address 3: Deliver from');
    expect(addressTitle(2, 3, 0)).toBe('Address 3');
  });
});

describe('input lengths', () => {
  it('cuts address fields to the booking limits of the spec', () => {
    expect(BOOKING_LIMITS).toEqual({
      dadd_build: 30,
      dadd_companyname: 40,
      dadd_street: 30,
      dadd_locality: 30,
      dadd_town: 30,
      dadd_county: 30,
      dadd_country: 30,
      dadd_postalcode: 9,
    });
    for (const [field, max] of Object.entries(BOOKING_LIMITS))
      expect(ADDRESS_FIELDS[field as keyof typeof BOOKING_LIMITS].max).toBe(max);
  });

  it("cuts contacts and references to the API's lengths", () => {
    expect(ADDRESS_FIELDS.dadd_name.max).toBe(50);
    expect(ADDRESS_FIELDS.dadd_telephone.max).toBe(20);
    expect(ADDRESS_FIELDS.dadd_email.max).toBe(100);
    expect(CONTACT_LIMITS).toEqual({ dck_contact: 50, dck_telephone: 20, dck_email: 200 });
    expect(REFERENCE_MAX).toBe(30);
  });

  it('labels the address inputs', () => {
    expect(ADDRESS_FIELDS.dadd_postalcode.label).toBe('Postcode');
    expect(emptyAddress(1).dadd_addresstype).toBe(1);
  });
});
