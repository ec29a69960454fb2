import { describe, expect, it } from 'vitest';
import { ADDRESS_MSG } from '@courier/contracts';
import { BAD_POSTCODE } from '../../lib/postcode';
import { emptyAddressBook, validateAddressBook, type AddressBookValues } from './address-book-values';

/** A complete entry on account 1, with `over` changed. */
const entry = (over: Partial<AddressBookValues> = {}): AddressBookValues => ({
  ...emptyAddressBook(1),
  cadd_coname: 'Acme Ltd',
  cadd_street: '1 High Street',
  cadd_town: 'Leeds',
  cadd_postalcode: 'LS1 1AA',
  ...over,
});
const check = (v: AddressBookValues, mandatory: string | undefined, disallowPoBox = true, bypass = false) =>
  validateAddressBook(v, { mandatory, disallowPoBox }, bypass);

describe('validateAddressBook: the booking’s address rules on mandatory.AddressBook', () => {
  it('requires each field the setting names, never the county', () => {
    const v = entry({ cadd_coname: '', cadd_town: '' });
    expect(check(v, 'cadd_coname,cadd_locality,cadd_county,cadd_town')).toEqual({
      errors: {
        cadd_coname: 'Company name is required',
        cadd_locality: 'Locality is required',
        cadd_town: 'Town is required',
      },
    });
  });

  it('uses the default setting when there is none', () => {
    expect(check(entry({ cadd_coname: '', cadd_postalcode: '' }), undefined).errors).toEqual({
      cadd_coname: 'Company name is required',
      cadd_postalcode: 'Post code is required',
    });
  });

  it('does not require the street with a building; with neither the PO box rule answers', () => {
    expect(check(entry({ cadd_street: '', cadd_build: 'Unit 4' }), 'cadd_street')).toEqual({ errors: {} });
    expect(check(entry({ cadd_street: '' }), 'cadd_street')).toEqual({
      errors: { cadd_street: ADDRESS_MSG.poBox },
      notice: ADDRESS_MSG.poBox,
    });
    expect(check(entry({ cadd_street: '' }), 'cadd_street', false).notice).toBe(ADDRESS_MSG.insufficient);
  });

  it('gives an empty entry its mandatory fields and insufficient information, never the PO box', () => {
    expect(check(emptyAddressBook(1), 'cadd_coname,cadd_street,cadd_town,cadd_postalcode')).toEqual({
      errors: {
        cadd_coname: 'Company name is required',
        cadd_town: 'Town is required',
        cadd_postalcode: 'Post code is required',
        cadd_street: ADDRESS_MSG.insufficient,
      },
      notice: ADDRESS_MSG.insufficient,
    });
  });

  it('notifies a bad post code as the booking does, and marks the field', () => {
    expect(check(entry({ cadd_postalcode: 'ZZ' }), undefined)).toEqual({
      errors: { cadd_postalcode: BAD_POSTCODE },
      notice: BAD_POSTCODE,
    });
    expect(check(entry({ cadd_postalcode: 'ABC 123' }), undefined, true, true)).toEqual({ errors: {} });
  });

  it('needs an account', () => {
    expect(check(entry({ cadd_cust_id: null }), undefined).errors).toEqual({
      cadd_cust_id: 'Account is required',
    });
  });
});
