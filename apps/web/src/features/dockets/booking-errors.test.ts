import { describe, expect, it } from 'vitest';
import { ADDRESS_MSG, MSG } from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import { bookingErrorNotice } from './booking-errors';

const error = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiError(status, status === 400 ? 'VALIDATION_ERROR' : 'ERROR', message, fields);

describe('bookingErrorNotice', () => {
  it("files the address and parcel counts under 'Addresses' and 'Parcels'", () => {
    expect(bookingErrorNotice(error(400, MSG.twoAddresses), 'Submit Error')).toEqual({
      title: 'Addresses',
      message: MSG.twoAddresses,
    });
    expect(bookingErrorNotice(error(400, MSG.oneParcel), 'Submit Error')).toEqual({
      title: 'Parcels',
      message: MSG.oneParcel,
    });
  });

  it("files the hours of operation under 'Hours of Operation'", () => {
    const message = `${MSG.hoursOfOperation} (Sunday closed)`;
    expect(bookingErrorNotice(error(400, message), 'Pricing Docket')).toEqual({
      title: 'Hours of Operation',
      message,
    });
  });

  it("files PO box, insufficient address and unknown post code under 'Booking'", () => {
    for (const message of [ADDRESS_MSG.poBox, ADDRESS_MSG.insufficient, `${MSG.unknownPostcode} ZZ9 9ZZ`])
      expect(bookingErrorNotice(error(400, message), 'Submit Error')).toEqual({ title: 'Booking', message });
  });

  it("shows a 400's first field error under 'Booking'", () => {
    const e = error(400, 'Invalid booking', {
      'addresses.1.dadd_postalcode': 'Please enter a valid UK post code',
      dck_tariff: 'Vehicle / tariff is required',
    });
    expect(bookingErrorNotice(e, 'Submit Error')).toEqual({
      title: 'Booking',
      message: 'Please enter a valid UK post code',
    });
  });

  it("uses the caller's title for anything else", () => {
    expect(bookingErrorNotice(error(500, MSG.unexpected), 'Pricing Docket')).toEqual({
      title: 'Pricing Docket',
      message: MSG.unexpected,
    });
    expect(bookingErrorNotice(error(400, 'Account is on hold'), 'Submit Error')).toEqual({
      title: 'Submit Error',
      message: 'Account is on hold',
    });
    // Field errors of another status are not the booking's own.
    expect(bookingErrorNotice(error(409, 'Conflict', { x: 'y' }), 'Submit Error').title).toBe('Submit Error');
  });
});
