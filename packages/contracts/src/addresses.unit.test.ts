import { describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_LIMITS, BOOKING_LIMITS, QUOTE_LIMITS, truncateAddress } from './address-fields';

const long = (n: number) => 'x'.repeat(n);
const result = {
  organisation: long(60),
  building: long(60),
  street: long(120),
  locality: long(60),
  town: long(60),
  county: long(60),
  country: long(60),
  postcode: 'SW1A 1AA  X',
  latitude: 51.5,
  source: 'open-data',
};
const lengths = (a: typeof result) =>
  [a.organisation, a.building, a.street, a.locality, a.town, a.county, a.country, a.postcode].map(
    (s) => s.length,
  );

describe('truncateAddress (spec "bookings…" §5)', () => {
  it('cuts to the booking limits (dadd_*)', () => {
    expect(lengths(truncateAddress(result, BOOKING_LIMITS))).toEqual([40, 30, 30, 30, 30, 30, 30, 9]);
  });
  it('cuts to the address book limits (cadd_*)', () => {
    expect(lengths(truncateAddress(result, ADDRESS_BOOK_LIMITS))).toEqual([50, 50, 110, 50, 50, 50, 50, 9]);
  });
  it('cuts to the quote limits and keeps the other properties', () => {
    const out = truncateAddress(result, QUOTE_LIMITS);
    expect(lengths(out)).toEqual([50, 50, 110, 50, 50, 50, 50, 9]);
    expect(out).toMatchObject({ latitude: 51.5, source: 'open-data' });
    expect(result.street).toHaveLength(120);
  });
  it('leaves fields without a limit alone', () => {
    expect(truncateAddress({ town: long(40) }, { postcode: 9 }).town).toHaveLength(40);
  });
});
