import {
  ADDRESS_BOOK_ADDRESS,
  ADDRESS_BOOK_LIMITS,
  inputsOf,
  truncateAddress,
  type AddressPostRequest,
  type CustomerAddress,
} from '@courier/contracts';
import type { AddressParts } from './address-parts';
import { checkAddressFields } from './address-rules';

/**
 * The ADDRESS DETAIL screen's values (spec "access…" §2 Address detail, §3 Customer address), named
 * as the API names them so its field errors land on the inputs.
 */
export interface AddressBookValues {
  cadd_cust_id: string | null;
  cadd_coname: string;
  cadd_build: string;
  cadd_street: string;
  cadd_locality: string;
  cadd_town: string;
  cadd_county: string;
  cadd_country: string;
  cadd_postalcode: string;
  cadd_latitude: number | null;
  cadd_longitude: number | null;
  cadd_default_delivery: boolean;
}

export type AddressBookTextField = Exclude<
  keyof AddressBookValues,
  'cadd_cust_id' | 'cadd_latitude' | 'cadd_longitude' | 'cadd_default_delivery'
>;

/** Each text input: its label and length (spec "access…" §5 limits). */
export const ADDRESS_BOOK_FIELDS: Record<AddressBookTextField, { label: string; max: number }> =
  inputsOf('addressBook');

/** A new entry: on `custId` when there is a single account, country United Kingdom. */
export const emptyAddressBook = (custId: number | null): AddressBookValues => ({
  cadd_cust_id: custId === null ? null : String(custId),
  cadd_coname: '',
  cadd_build: '',
  cadd_street: '',
  cadd_locality: '',
  cadd_town: '',
  cadd_county: '',
  cadd_country: 'United Kingdom',
  cadd_postalcode: '',
  cadd_latitude: null,
  cadd_longitude: null,
  cadd_default_delivery: false,
});

/** A saved entry as the screen's values. */
export const valuesOfAddress = (a: CustomerAddress): AddressBookValues => ({
  cadd_cust_id: String(a.cadd_cust_id),
  cadd_coname: a.cadd_coname,
  cadd_build: a.cadd_build,
  cadd_street: a.cadd_street,
  cadd_locality: a.cadd_locality,
  cadd_town: a.cadd_town,
  cadd_county: a.cadd_county,
  cadd_country: a.cadd_country,
  cadd_postalcode: a.cadd_postalcode,
  cadd_latitude: a.cadd_latitude,
  cadd_longitude: a.cadd_longitude,
  cadd_default_delivery: a.cadd_default_delivery === 'T',
});

/**
 * A chosen search result as the entry's fields (spec "access…" §2 Address detail): building (the
 * dwelling and sub-dwelling joined by a comma), company, street … post code, latitude and longitude,
 * cut to the address book limits.
 */
export function addressBookPatch(parts: AddressParts): Partial<AddressBookValues> {
  const p = truncateAddress(parts, ADDRESS_BOOK_LIMITS);
  return {
    cadd_coname: p.organisation,
    cadd_build: p.building,
    cadd_street: p.street,
    cadd_locality: p.locality,
    cadd_town: p.town,
    cadd_county: p.county,
    cadd_country: p.country || 'United Kingdom',
    cadd_postalcode: p.postcode,
    cadd_latitude: p.latitude,
    cadd_longitude: p.longitude,
  };
}

/** The customer/address/post body; `caddId` for an update. */
export const toAddressPost = (v: AddressBookValues, caddId?: number): AddressPostRequest => ({
  cadd_id: caddId,
  cadd_cust_id: Number(v.cadd_cust_id),
  cadd_coname: v.cadd_coname.trim(),
  cadd_build: v.cadd_build.trim(),
  cadd_street: v.cadd_street.trim(),
  cadd_locality: v.cadd_locality.trim(),
  cadd_town: v.cadd_town.trim(),
  cadd_county: v.cadd_county.trim(),
  cadd_country: v.cadd_country.trim(),
  cadd_postalcode: v.cadd_postalcode.trim().toUpperCase(),
  cadd_latitude: v.cadd_latitude,
  cadd_longitude: v.cadd_longitude,
  cadd_default_delivery: v.cadd_default_delivery ? 'T' : 'F',
});

/** The address book's settings: mandatory.AddressBook and config.cfg_disallow_pobox. */
export interface AddressBookRules {
  mandatory: string | undefined;
  disallowPoBox: boolean;
}

/**
 * The client's copy of the address book checks (spec "access…" §5), the booking's rules for an
 * address: account chosen, mandatory fields, post code format, PO box / insufficient address. The
 * message to notify (a bad post code, else the address rule) comes back apart, as on the booking.
 */
export function validateAddressBook(
  v: AddressBookValues,
  rules: AddressBookRules,
  bypassPostcode: boolean,
): { errors: Record<string, string>; notice?: string } {
  const { errors, notice } = checkAddressFields(ADDRESS_BOOK_ADDRESS, v, { ...rules, bypassPostcode });
  return {
    errors: { ...errors, ...(v.cadd_cust_id ? {} : { cadd_cust_id: 'Account is required' }) },
    notice,
  };
}
