import { describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_ADDRESS,
  addressRuleError,
  BOOKING_ADDRESS,
  isPoBox,
  missingMandatory,
  requiredFields,
} from './address-rules';
import { ADDRESS_MSG } from './messages';

const entry = (over: Record<string, string> = {}) => ({
  cadd_coname: 'Acme Ltd',
  cadd_build: '',
  cadd_street: '1 High Street',
  cadd_locality: '',
  cadd_town: 'Leeds',
  cadd_county: '',
  cadd_country: 'United Kingdom',
  cadd_postalcode: 'LS1 1AA',
  ...over,
});
const docketAddress = (over: Record<string, string> = {}) => ({
  dadd_companyname: 'Acme Ltd',
  dadd_build: '',
  dadd_street: '1 High Street',
  dadd_locality: '',
  dadd_town: 'Leeds',
  dadd_county: '',
  dadd_country: 'United Kingdom',
  dadd_postalcode: 'LS1 1AA',
  dadd_name: '',
  dadd_telephone: '',
  dadd_email: '',
  ...over,
});
/** The address with every part empty but the country, which the screens default. */
const blank = <T extends Record<string, string>>(a: T): T =>
  Object.fromEntries(Object.keys(a).map((k) => [k, k.endsWith('country') ? 'United Kingdom' : ''])) as T;

describe('missingMandatory: the same rules for the address book and the booking', () => {
  it('names each missing field of the setting with its label', () => {
    expect(
      missingMandatory(ADDRESS_BOOK_ADDRESS, 'cadd_coname,cadd_town,cadd_postalcode', {
        ...entry({ cadd_coname: '', cadd_town: ' ', cadd_postalcode: '' }),
      }),
    ).toEqual({
      cadd_coname: 'Company name is required',
      cadd_town: 'Town is required',
      cadd_postalcode: 'Post code is required',
    });
    expect(
      missingMandatory(
        BOOKING_ADDRESS,
        'dadd_companyname,dadd_name',
        docketAddress({ dadd_companyname: '' }),
      ),
    ).toEqual({ dadd_companyname: 'Company is required', dadd_name: 'Contact is required' });
  });
  it('never requires the county', () => {
    expect(missingMandatory(ADDRESS_BOOK_ADDRESS, 'cadd_county,cadd_town', entry())).toEqual({});
    expect(missingMandatory(BOOKING_ADDRESS, 'dadd_county', docketAddress())).toEqual({});
  });
  it('does not require the street when a building is given, nor when neither is', () => {
    expect(
      missingMandatory(ADDRESS_BOOK_ADDRESS, 'cadd_street', entry({ cadd_street: '', cadd_build: 'Unit 4' })),
    ).toEqual({});
    expect(missingMandatory(ADDRESS_BOOK_ADDRESS, 'cadd_street', entry({ cadd_street: '' }))).toEqual({});
    expect(
      missingMandatory(
        BOOKING_ADDRESS,
        'dadd_street',
        docketAddress({ dadd_street: '', dadd_build: 'Unit 4' }),
      ),
    ).toEqual({});
    expect(missingMandatory(BOOKING_ADDRESS, 'dadd_street', docketAddress({ dadd_street: '' }))).toEqual({});
  });
  it('uses the fallback without a setting, and ignores unknown names and spaces', () => {
    expect(missingMandatory(BOOKING_ADDRESS, undefined, blank(docketAddress()))).toEqual({
      dadd_town: 'Town is required',
      dadd_postalcode: 'Post code is required',
    });
    expect(missingMandatory(ADDRESS_BOOK_ADDRESS, ' ausr_password , ,cadd_locality ', entry())).toEqual({
      cadd_locality: 'Locality is required',
    });
  });
  it('marks the setting’s fields but the county and the street as required', () => {
    expect(requiredFields(ADDRESS_BOOK_ADDRESS, 'cadd_coname,cadd_street,cadd_county,cadd_town')).toEqual([
      'cadd_coname',
      'cadd_town',
    ]);
    expect(requiredFields(BOOKING_ADDRESS, undefined)).toEqual(['dadd_town', 'dadd_postalcode']);
  });
});

describe('addressRuleError: PO box and insufficient address (spec "access…" §5)', () => {
  it.each(['PO Box 12', 'P.O. Box 12', 'p o box 5', 'POBOX 7', 'P.O.BOX 9', 'Post Office Box 3'])(
    'sees a PO box in %s',
    (s) => expect(isPoBox(s)).toBe(true),
  );
  it.each(['Poplar Road', 'Box Hill', 'Pobjoy Lane', 'Depot Boxes'])('sees none in %s', (s) =>
    expect(isPoBox(s)).toBe(false),
  );
  it('refuses a PO box, or no building and street, when the setting is on', () => {
    expect(addressRuleError(ADDRESS_BOOK_ADDRESS, entry({ cadd_street: 'PO Box 12' }), true)).toBe(
      ADDRESS_MSG.poBox,
    );
    expect(
      addressRuleError(ADDRESS_BOOK_ADDRESS, entry({ cadd_build: 'P.O. Box 1', cadd_street: '' }), true),
    ).toBe(ADDRESS_MSG.poBox);
    expect(addressRuleError(BOOKING_ADDRESS, docketAddress({ dadd_street: '' }), true)).toBe(
      ADDRESS_MSG.poBox,
    );
    expect(addressRuleError(ADDRESS_BOOK_ADDRESS, entry(), true)).toBeUndefined();
  });
  it('accepts a PO box but not an address without building and street when the setting is off', () => {
    expect(
      addressRuleError(ADDRESS_BOOK_ADDRESS, entry({ cadd_street: 'PO Box 12' }), false),
    ).toBeUndefined();
    expect(addressRuleError(BOOKING_ADDRESS, docketAddress({ dadd_street: '' }), false)).toBe(
      ADDRESS_MSG.insufficient,
    );
  });
  it('calls an empty address insufficient, never a PO box, whatever the setting', () => {
    for (const disallow of [true, false]) {
      expect(addressRuleError(ADDRESS_BOOK_ADDRESS, blank(entry()), disallow)).toBe(ADDRESS_MSG.insufficient);
      expect(addressRuleError(BOOKING_ADDRESS, blank(docketAddress()), disallow)).toBe(
        ADDRESS_MSG.insufficient,
      );
    }
  });
});
