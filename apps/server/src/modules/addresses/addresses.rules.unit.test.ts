import { describe, expect, it } from 'vitest';
import { ADDRESS_MSG } from '@courier/contracts';
import { addressRuleError, isPoBox, missingFields, type AddressFields } from './addresses.rules';

const addr = (over: Partial<AddressFields> = {}): AddressFields => ({
  cadd_coname: 'Acme Ltd',
  cadd_build: '',
  cadd_street: '1 High Street',
  cadd_locality: '',
  cadd_town: 'Leeds',
  cadd_county: '',
  cadd_country: '',
  cadd_postalcode: 'LS1 1AA',
  ...over,
});

describe('missingFields (mandatory.AddressBook)', () => {
  const seeded = 'cadd_coname,cadd_street,cadd_town,cadd_postalcode';
  it('names each missing mandatory field with its label', () => {
    expect(missingFields(seeded, addr({ cadd_coname: '', cadd_town: '', cadd_postalcode: '' }))).toEqual({
      cadd_coname: 'Company name is required',
      cadd_town: 'Town is required',
      cadd_postalcode: 'Post code is required',
    });
  });
  it('never requires the county', () => {
    expect(missingFields('cadd_county, cadd_town', addr())).toEqual({});
  });
  it('does not require the street when a building is given, nor when neither is (the 422 rule answers)', () => {
    expect(missingFields(seeded, addr({ cadd_street: '', cadd_build: 'Unit 4' }))).toEqual({});
    expect(missingFields(seeded, addr({ cadd_street: '' }))).toEqual({});
  });
  it('ignores unknown names, spaces and empty entries', () => {
    expect(missingFields(' ausr_password , ,cadd_locality ', addr())).toEqual({
      cadd_locality: 'Locality is required',
    });
  });
});

describe('PO box and insufficient address (spec "access…" §5)', () => {
  it.each(['PO Box 12', 'P.O. Box 12', 'p o box 5', 'POBOX 7', 'P.O.BOX 9', 'Post Office Box 3'])(
    'sees a PO box in %s',
    (s) => expect(isPoBox(s)).toBe(true),
  );
  it.each(['Poplar Road', 'Box Hill', 'Pobjoy Lane', 'Depot Boxes'])('sees none in %s', (s) =>
    expect(isPoBox(s)).toBe(false),
  );
  it('refuses a PO box, or no building and street, when the setting is on', () => {
    expect(addressRuleError(addr({ cadd_street: 'PO Box 12' }), true)).toBe(ADDRESS_MSG.poBox);
    expect(addressRuleError(addr({ cadd_build: 'P.O. Box 1', cadd_street: '' }), true)).toBe(
      ADDRESS_MSG.poBox,
    );
    expect(addressRuleError(addr({ cadd_street: '' }), true)).toBe(ADDRESS_MSG.poBox);
    expect(addressRuleError(addr(), true)).toBeUndefined();
  });
  it('accepts a PO box but not an empty address when the setting is off', () => {
    expect(addressRuleError(addr({ cadd_street: 'PO Box 12' }), false)).toBeUndefined();
    expect(addressRuleError(addr({ cadd_street: '' }), false)).toBe(ADDRESS_MSG.insufficient);
  });
});
