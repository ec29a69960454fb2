import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_MSG, ADDRESS_ROLE_MSG, EMAIL_LIST_MESSAGE, MSG, TIME_ORDER_MSG } from '@courier/contracts';
import { BAD_POSTCODE } from '../../lib/postcode';
import { accountWith } from '../../test/fixtures';
import { DEFAULT_REFERENCE_MESSAGE, NO_RULES, type BookingRules } from './booking-rules';
import { referenceOf, shownReferences, validateBooking, type ValidationContext } from './booking-validation';
import { newBooking, type AddressValues, type BookingValues } from './booking-values';

const account = accountWith();

// The bookings below are for Monday 2 March 2026: the screen's clock stands the Sunday before, so
// their deadlines are still to come (a passed one is a rule of its own).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A booking that passes every check: Leeds to Manchester, one parcel, on a Monday at noon. */
function validBooking(): BookingValues {
  const b = newBooking(account);
  const address = (a: AddressValues, town: string, postcode: string): AddressValues => ({
    ...a,
    dadd_companyname: `${town} Depot`,
    dadd_build: '1',
    dadd_street: 'High Street',
    dadd_town: town,
    dadd_name: 'Sam',
    dadd_telephone: '0113 496 0000',
    dadd_postalcode: postcode,
  });
  return {
    ...b,
    addresses: [
      address(b.addresses[0]!, 'Leeds', 'LS1 4DY'),
      address(b.addresses[1]!, 'Manchester', 'M1 1AE'),
    ],
  };
}

const ctx = (
  over: Partial<ValidationContext> = {},
  rules: Partial<BookingRules> = {},
): ValidationContext => ({
  rules: { ...NO_RULES, ...rules },
  account,
  bypassPostcode: false,
  ...over,
});

/** The booking with the first address changed. */
function withFirstAddress(patch: Partial<AddressValues>, base = validBooking()): BookingValues {
  const [first, ...rest] = base.addresses;
  return { ...base, addresses: [{ ...first!, ...patch }, ...rest] };
}

describe('validateBooking', () => {
  it('passes a complete booking', () => {
    expect(validateBooking(validBooking(), ctx())).toEqual({ errors: {} });
  });

  it('needs an account and a vehicle', () => {
    const { errors } = validateBooking({ ...validBooking(), dck_cust_id: null, dck_tariff: null }, ctx());
    expect(errors).toEqual({
      dck_cust_id: 'Account is required',
      dck_tariff: 'Vehicle / tariff is required',
    });
  });

  describe('mandatory fields by service type', () => {
    const rules = {
      mandatory: {
        'Booking.A': 'dadd_companyname, dadd_name,dadd_telephone,dadd_county,dadd_town,dadd_postalcode',
        'Booking.B': 'dadd_town,dadd_postalcode',
      },
    };
    const bare = withFirstAddress({
      dadd_companyname: '',
      dadd_name: '',
      dadd_telephone: '',
      dadd_county: '',
    });

    it("marks each empty field the service type's setting names", () => {
      const { errors } = validateBooking({ ...bare, dck_serv_type: 'A' }, ctx({}, rules));
      expect(errors).toEqual({
        'addresses.0.dadd_companyname': 'Company is required',
        'addresses.0.dadd_name': 'Contact is required',
        'addresses.0.dadd_telephone': 'Telephone is required',
      });
    });

    it('never asks for the county, even when the setting names it', () => {
      const { errors } = validateBooking({ ...bare, dck_serv_type: 'A' }, ctx({}, rules));
      expect(errors).not.toHaveProperty('addresses.0.dadd_county');
    });

    it('asks for nothing more under a service type with a shorter list', () => {
      expect(validateBooking({ ...bare, dck_serv_type: 'B' }, ctx({}, rules)).errors).toEqual({});
    });

    it('asks for town and post code under a service type without a setting', () => {
      const booking = withFirstAddress({ dadd_town: ' ', dadd_postalcode: '', dadd_companyname: '' });
      const { errors } = validateBooking({ ...booking, dck_serv_type: 'Z' }, ctx({}, rules));
      expect(errors).toEqual({
        'addresses.0.dadd_town': 'Town is required',
        'addresses.0.dadd_postalcode': 'Post code is required',
      });
    });
  });

  describe('references', () => {
    const required = accountWith({ cust_ref1_req: 'T', cust_ref1_lbl: 'PO Number', cust_ref2_req: 'T' });

    it("requires a required reference with the default message '{label} is required.'", () => {
      const { errors } = validateBooking(
        { ...validBooking(), dck_cust_ref2: 'X1' },
        ctx({ account: required }),
      );
      expect(DEFAULT_REFERENCE_MESSAGE).toBe('{label} is required.');
      expect(errors).toEqual({ dck_cust_ref1: 'PO Number is required.' });
    });

    it('uses the message setting and the plain label when the account has none', () => {
      const { errors } = validateBooking(
        { ...validBooking(), dck_cust_ref1: '   ' },
        ctx(
          { account: accountWith({ cust_ref1_req: 'T', cust_ref1_lbl: '' }) },
          { referenceMessage: 'Enter {label}!' },
        ),
      );
      expect(errors).toEqual({ dck_cust_ref1: 'Enter Reference 1!' });
    });

    it('checks references 5 and 6 only with the ExtraReferences setting', () => {
      const extra = accountWith({ cust_ref5_req: 'T', cust_ref5_lbl: 'Cost centre' });
      expect(validateBooking(validBooking(), ctx({ account: extra })).errors).toEqual({});
      expect(
        validateBooking(validBooking(), ctx({ account: extra }, { extraReferences: true })).errors,
      ).toEqual({ dck_cust_ref5: 'Cost centre is required.' });
    });
  });

  describe('post codes', () => {
    it.each(['M1 1AE', 'SW1A 1AA', 'sw1a1aa', 'GIR 0AA', 'B33 8TH', ' LS1 4DY '])(
      'accepts %s',
      (postcode) => {
        expect(validateBooking(withFirstAddress({ dadd_postalcode: postcode }), ctx()).errors).toEqual({});
      },
    );

    it.each(['ABC 123', '12345', 'SW1A-1AA', 'M1 1A'])(
      'refuses %s with a Booking notification',
      (postcode) => {
        expect(validateBooking(withFirstAddress({ dadd_postalcode: postcode }), ctx())).toEqual({
          errors: { 'addresses.0.dadd_postalcode': BAD_POSTCODE },
          notice: { title: 'Booking', message: BAD_POSTCODE },
        });
      },
    );

    it('lets the bypass right through with letters, digits and spaces only', () => {
      const bypass = ctx({ bypassPostcode: true });
      expect(validateBooking(withFirstAddress({ dadd_postalcode: 'ABC 123' }), bypass).errors).toEqual({});
      expect(validateBooking(withFirstAddress({ dadd_postalcode: 'SW1A-1AA' }), bypass).errors).toEqual({
        'addresses.0.dadd_postalcode': BAD_POSTCODE,
      });
    });

    it('marks a missing post code without a notification', () => {
      expect(validateBooking(withFirstAddress({ dadd_postalcode: '' }), ctx())).toEqual({
        errors: { 'addresses.0.dadd_postalcode': 'Post code is required' },
      });
    });
  });

  describe('e-mail lists', () => {
    it.each(['', 'ops@example.com', 'ops@example.com; desk@example.co.uk', 'a@example.com,b@example.com'])(
      "accepts '%s'",
      (email) => {
        const booking = withFirstAddress({ dadd_email: email }, { ...validBooking(), dck_email: email });
        expect(validateBooking(booking, ctx()).errors).toEqual({});
      },
    );

    it.each([
      'ops',
      'ops@example.com desk@example.com',
      'ops@example.com;;',
      'ops@example.com | b@example.com',
    ])("refuses '%s'", (email) => {
      const booking = withFirstAddress({ dadd_email: email }, { ...validBooking(), dck_email: email });
      expect(validateBooking(booking, ctx()).errors).toEqual({
        dck_email: EMAIL_LIST_MESSAGE,
        'addresses.0.dadd_email': EMAIL_LIST_MESSAGE,
      });
    });
  });

  describe('address rules', () => {
    it('calls an address without building and street insufficient', () => {
      const problems = validateBooking(withFirstAddress({ dadd_build: '', dadd_street: '' }), ctx());
      expect(problems).toEqual({
        errors: { 'addresses.0.dadd_street': ADDRESS_MSG.insufficient },
        notice: { title: 'Booking', message: ADDRESS_MSG.insufficient },
      });
    });

    it('refuses a PO box when the setting disallows it', () => {
      const booking = withFirstAddress({ dadd_build: '', dadd_street: 'P.O. Box 12' });
      expect(validateBooking(booking, ctx()).errors).toEqual({});
      expect(validateBooking(booking, ctx({}, { disallowPoBox: true }))).toEqual({
        errors: { 'addresses.0.dadd_street': ADDRESS_MSG.poBox },
        notice: { title: 'Booking', message: ADDRESS_MSG.poBox },
      });
    });
    it('does not ask for the street with a building, nor with neither (the address rule answers)', () => {
      const rules = { mandatory: { 'Booking.A': 'dadd_street,dadd_town,dadd_postalcode' } };
      const building = withFirstAddress({ dadd_build: 'Unit 4', dadd_street: '' });
      expect(validateBooking(building, ctx({}, rules)).errors).toEqual({});
      const neither = withFirstAddress({ dadd_build: '', dadd_street: '' });
      expect(validateBooking(neither, ctx({}, { ...rules, disallowPoBox: true })).errors).toEqual({
        'addresses.0.dadd_street': ADDRESS_MSG.poBox,
      });
    });

    it('gives an empty address its mandatory fields and insufficient information, never the PO box', () => {
      const empty = withFirstAddress({
        dadd_companyname: '',
        dadd_build: '',
        dadd_street: '',
        dadd_town: '',
        dadd_postalcode: '',
        dadd_name: '',
        dadd_telephone: '',
      });
      const rules = { mandatory: { 'Booking.A': 'dadd_companyname,dadd_street,dadd_town,dadd_postalcode' } };
      expect(validateBooking(empty, ctx({}, { ...rules, disallowPoBox: true }))).toEqual({
        errors: {
          'addresses.0.dadd_companyname': 'Company is required',
          'addresses.0.dadd_town': 'Town is required',
          'addresses.0.dadd_postalcode': 'Post code is required',
          'addresses.0.dadd_street': ADDRESS_MSG.insufficient,
        },
        notice: { title: 'Booking', message: ADDRESS_MSG.insufficient },
      });
    });
  });

  describe('times in order', () => {
    /** The booking with the collection's and the delivery's ready and deadline on 2 March 2026. */
    const timed = (collect: [string, string], deliver: [string, string]) => {
      const b = validBooking();
      const [from, to] = b.addresses;
      const at = (hhmm: string) => `2026-03-02 ${hhmm}:00`;
      return {
        ...b,
        addresses: [
          { ...from!, dadd_ready: at(collect[0]), dadd_deadline: at(collect[1]) },
          { ...to!, dadd_ready: at(deliver[0]), dadd_deadline: at(deliver[1]) },
        ],
      };
    };

    it("marks a deadline before its ready time and a delivery due before the collection's ready time", () => {
      expect(validateBooking(timed(['13:00', '11:00'], ['09:00', '10:00']), ctx()).errors).toEqual({
        'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeReady,
        'addresses.1.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeCollection,
      });
    });

    it('passes times in order', () => {
      expect(validateBooking(timed(['09:00', '11:00'], ['10:00', '12:00']), ctx())).toEqual({ errors: {} });
    });

    it('marks a deadline already passed by the time the booking is checked', () => {
      vi.setSystemTime(new Date('2026-03-02T11:30:00Z'));
      expect(validateBooking(timed(['09:00', '11:00'], ['10:00', '12:00']), ctx()).errors).toEqual({
        'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlinePassed,
      });
    });
  });

  it('refuses ready and deadline times outside the hours of operation', () => {
    const rules = { hoursActive: true, hours: { hoo_mon_start: '08:00', hoo_mon_end: '18:00' } };
    const booking = withFirstAddress({
      dadd_ready: '2026-03-02 07:00:00',
      dadd_deadline: '2026-03-02 12:00:00',
    });
    const message = `${MSG.hoursOfOperation} (Monday 08:00 - 18:00)`;
    expect(validateBooking(booking, ctx({}, rules))).toEqual({
      errors: { 'addresses.0.dadd_ready': message },
      notice: { title: 'Hours of Operation', message },
    });
  });

  it("needs two addresses ('Addresses') and a parcel ('Parcels')", () => {
    const booking = validBooking();
    expect(validateBooking({ ...booking, addresses: booking.addresses.slice(0, 1) }, ctx()).notice).toEqual({
      title: 'Addresses',
      message: MSG.twoAddresses,
    });
    expect(validateBooking({ ...booking, parcels: [] }, ctx()).notice).toEqual({
      title: 'Parcels',
      message: MSG.oneParcel,
    });
  });

  it("needs the first address to collect and the last to deliver ('Addresses')", () => {
    const b = validBooking();
    b.addresses[1] = { ...b.addresses[1]!, dadd_addresstype: 0 };
    const out = validateBooking(b, ctx());
    expect(out.notice).toEqual({ title: 'Addresses', message: ADDRESS_ROLE_MSG });
    expect(out.errors).toEqual({ 'addresses.1.dadd_addresstype': ADDRESS_ROLE_MSG });
  });

  it('keeps the first notification when several apply', () => {
    const booking = withFirstAddress({ dadd_postalcode: 'NOPE' }, { ...validBooking(), parcels: [] });
    expect(validateBooking(booking, ctx()).notice).toEqual({ title: 'Parcels', message: MSG.oneParcel });
  });

  it('needs whole quantities of at least one and weights from 0 to 30000 kg', () => {
    const booking = validBooking();
    const parcel = booking.parcels[0]!;
    const { errors } = validateBooking(
      {
        ...booking,
        parcels: [
          { ...parcel, dpcl_quantity: '0', dpcl_weight: '' },
          { ...parcel, dpcl_quantity: '1.5', dpcl_weight: '30001' },
          { ...parcel, dpcl_quantity: '2', dpcl_weight: '30000' },
          { ...parcel, dpcl_quantity: '1', dpcl_weight: '0' },
        ],
      },
      ctx(),
    );
    expect(errors).toEqual({
      'parcels.0.dpcl_quantity': 'Quantity is required',
      'parcels.0.dpcl_weight': 'Weight is required',
      'parcels.1.dpcl_quantity': 'Quantity is required',
      'parcels.1.dpcl_weight': 'Weight is required',
    });
  });
});

describe('references shown', () => {
  it('shows references 1–4, and 5 and 6 with ExtraReferences', () => {
    expect(shownReferences(NO_RULES)).toEqual([1, 2, 3, 4]);
    expect(shownReferences({ ...NO_RULES, extraReferences: true })).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("labels a reference with the account's label, else 'Reference N'", () => {
    expect(referenceOf(accountWith({ cust_ref3_lbl: 'Job', cust_ref3_req: 'T' }), 3)).toEqual({
      label: 'Job',
      required: true,
    });
    expect(referenceOf(undefined, 2)).toEqual({ label: 'Reference 2', required: false });
  });
});
