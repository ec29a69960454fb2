import { describe, expect, it } from 'vitest';
import { MSG } from '@courier/contracts';
import { QUOTE_NOW, quoteViewAt } from '../../test/quote-view';
import {
  addressPartsErrors,
  addressValuesOf,
  backPage,
  docketBody,
  formatMinutes,
  hasExpired,
  msUntilExpiry,
  nextPage,
  quoteAddressOf,
  PAGE,
  parsePage,
  registerPath,
  requoteBody,
  resumePage,
  tariffsBody,
  termsErrors,
  wizardPath,
} from './quote-wizard';

const NOW = QUOTE_NOW;

describe('the wizard pages', () => {
  it('reads the page parameter, page 1 for anything else', () => {
    expect(parsePage('4')).toBe(4);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('10')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
  });

  it('moves one page at a time; an account payer skips capture, payment and the card server', () => {
    expect(nextPage(PAGE.addresses, 'O')).toBe(PAGE.capture);
    expect(nextPage(PAGE.addresses, 'S')).toBe(PAGE.capture);
    expect(nextPage(PAGE.addresses, 'A')).toBe(PAGE.confirmation);
    expect(backPage(PAGE.confirmation, 'A')).toBe(PAGE.contact);
    expect(backPage(PAGE.tariffs, 'O')).toBe(PAGE.postcodes);
    expect(backPage(PAGE.postcodes, 'O')).toBe(PAGE.postcodes);
  });

  it("resumes where the server's state allows", () => {
    expect(resumePage(PAGE.addresses, undefined, false)).toBe(PAGE.postcodes);
    expect(resumePage(PAGE.addresses, quoteViewAt(), false)).toBe(PAGE.tariffs);
    const chosen = quoteViewAt({ state: 'chosen', ttyp_tariff: 5 });
    expect(resumePage(PAGE.addresses, chosen, false)).toBe(PAGE.contact);
    expect(resumePage(PAGE.addresses, chosen, true)).toBe(PAGE.addresses);
    const detailed = quoteViewAt({ state: 'detailed', ttyp_tariff: 5 });
    expect(resumePage(PAGE.hosted, detailed, false)).toBe(PAGE.hosted);
    expect(resumePage(PAGE.confirmation, detailed, false)).toBe(PAGE.hosted);
    expect(resumePage(PAGE.capture, detailed, false)).toBe(PAGE.capture);
    const booked = quoteViewAt({ state: 'booked', dck_docket: 100201 });
    expect(resumePage(PAGE.tariffs, booked, false)).toBe(PAGE.confirmation);
    expect(resumePage(PAGE.register, booked, false)).toBe(PAGE.register);
  });

  it('keeps page and guid in the address', () => {
    expect(wizardPath(PAGE.tariffs, 'abc')).toBe('/docket/quote?page=2&guid=abc');
    expect(wizardPath(PAGE.postcodes, null)).toBe('/docket/quote?page=1');
  });
});

describe('the 15-minute expiry', () => {
  const view = quoteViewAt();
  const later = NOW + 15 * 60_000;

  it('runs out 15 minutes after the tariffs page, on pages 2 to 6 only', () => {
    expect(hasExpired(view, PAGE.tariffs, later - 1)).toBe(false);
    expect(hasExpired(view, PAGE.tariffs, later)).toBe(true);
    expect(hasExpired(view, PAGE.payment, later)).toBe(true);
    // From page 7 the payment is under way: the server books an authorised hold even late.
    expect(hasExpired(view, PAGE.hosted, later)).toBe(false);
    expect(hasExpired(view, PAGE.postcodes, later)).toBe(false);
    expect(hasExpired(quoteViewAt({ dck_docket: 100201 }), PAGE.capture, later)).toBe(false);
  });

  it('counts down to the expiry', () => {
    expect(msUntilExpiry(view, NOW)).toBe(15 * 60_000);
    expect(msUntilExpiry(view, later + 5)).toBe(0);
  });

  it('prices the same post codes and parcels again', () => {
    expect(requoteBody('Demo Couriers', view)).toEqual({
      database: 'Demo Couriers',
      dck_serv_type: 'A',
      addresses: [
        { dadd_addresstype: 0, dadd_postalcode: 'M1 1AE' },
        { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
      ],
      parcels: [{ dpcl_quantity: 2, dpcl_weight: 3, dpcl_description: '' }],
    });
  });
});

describe('page 1, the post codes', () => {
  it('sends collect first and deliver last, one parcel of 0 kg by default', () => {
    expect(
      tariffsBody('Demo Couriers', { collect: ' m1 1ae ', deliver: 'sw1a 1aa', quantity: '', weight: '' }),
    ).toEqual({
      database: 'Demo Couriers',
      addresses: [
        { dadd_addresstype: 0, dadd_postalcode: 'M1 1AE' },
        { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
      ],
      parcels: [{ dpcl_quantity: 1, dpcl_weight: 0, dpcl_description: '' }],
    });
  });

  it('shows travel times in minutes or hours', () => {
    expect(formatMinutes(45)).toBe('45 minutes');
    expect(formatMinutes(390)).toBe('6 h 30 min');
    expect(formatMinutes(120)).toBe('2 h');
  });
});

describe('page 3, the terms', () => {
  const none = { terms: false, packaging: false, prohibited: false };

  it("gives each unticked box its alert, word for word, unless the setting is 'F'", () => {
    expect(termsErrors(none, 'T')).toEqual({
      terms: 'Confirm the Terms of Conditions',
      packaging: 'Confirm the Package Guidelines',
      prohibited: 'Confirm the Prohibited Goods',
    });
    expect(termsErrors({ ...none, terms: true, prohibited: true }, 'T')).toEqual({
      packaging: 'Confirm the Package Guidelines',
    });
    expect(termsErrors({ terms: true, packaging: true, prohibited: true }, 'T')).toEqual({});
    expect(termsErrors(none, 'F')).toEqual({});
  });
});

describe('page 4, the addresses', () => {
  it('starts from the quoted post codes, country United Kingdom', () => {
    const [collect, deliver] = addressValuesOf(quoteViewAt());
    expect(collect).toMatchObject({
      dadd_addresstype: 0,
      dadd_postalcode: 'M1 1AE',
      dadd_country: 'United Kingdom',
    });
    expect(deliver).toMatchObject({ dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA', dadd_street: '' });
  });

  it('fills an address from a search result, cut to the quote limits', () => {
    const result = {
      organisation: 'O'.repeat(60),
      dwelling: '',
      subdwelling: '',
      building: '',
      street: 'S'.repeat(120),
      locality: '',
      town: 'Manchester',
      county: 'Greater Manchester',
      country: '',
      postcode: 'M1 1AE',
      latitude: null,
      longitude: null,
      source: 'postcode',
    };
    const a = quoteAddressOf(result);
    expect(a.dadd_companyname).toHaveLength(50);
    expect(a.dadd_street).toHaveLength(110);
    expect(a).toMatchObject({
      dadd_town: 'Manchester',
      dadd_postalcode: 'M1 1AE',
      dadd_country: 'United Kingdom',
    });
  });

  it('needs three filled parts per address', () => {
    const [collect, deliver] = addressValuesOf(quoteViewAt());
    expect(addressPartsErrors([collect!, deliver!])).toEqual({
      0: MSG.quoteAddressParts,
      1: MSG.quoteAddressParts,
    });
    const filled = { ...collect!, dadd_street: 'Portland Street' };
    expect(addressPartsErrors([filled, { ...deliver!, dadd_town: '  ' }])).toEqual({
      1: MSG.quoteAddressParts,
    });
  });

  it('sends the contact and addresses trimmed as quote/docket takes them', () => {
    const addresses = addressValuesOf(quoteViewAt());
    const body = docketBody(
      'Demo Couriers',
      'g'.repeat(43),
      { dck_contact: ' Gwen ', dck_telephone: '0161', dck_email: 'gwen@example.com ' },
      addresses,
    );
    expect(body).toMatchObject({ dck_contact: 'Gwen', dck_email: 'gwen@example.com' });
    expect(body.addresses).toHaveLength(2);
  });
});

describe('page 8, Register', () => {
  it('passes the contact details and the token on to /register', () => {
    const path = registerPath({
      database: 'Demo Couriers',
      dck_id: 42,
      token: 't'.repeat(43),
      dck_contact: 'Gwen Guest',
      dck_telephone: '0161 496 0999',
      dck_email: 'gwen@example.com',
    });
    const q = new URL(path, 'http://x').searchParams;
    expect(path.startsWith('/register?')).toBe(true);
    expect(Object.fromEntries(q)).toEqual({
      database: 'Demo Couriers',
      dck_id: '42',
      dck_email: 'gwen@example.com',
      dck_contact: 'Gwen Guest',
      dck_telephone: '0161 496 0999',
      token: 't'.repeat(43),
    });
  });
});
