import { ADDRESS_MSG } from './messages';

/**
 * The address rules shared by the booking and the address book, on the server and the screens
 * (spec "bookings…" §5, "access…" §5): mandatory fields from a setting, PO box, insufficient address.
 */

/** How a screen names an address's parts, so one rule set serves dadd_* and cadd_* fields. */
export interface AddressScheme<K extends string> {
  /** Each field a mandatory setting may name, with the label its '{label} is required' uses. */
  labels: Readonly<Record<K, string>>;
  building: K;
  street: K;
  county: K;
  postcode: K;
  /** The parts that say where the address is (not the country, which defaults, nor the contact). */
  detail: readonly K[];
  /** The mandatory fields when there is no setting. */
  fallback: string;
}

/** Docket addresses; the setting is mandatory['Booking.{service type}']. */
export const BOOKING_ADDRESS = {
  labels: {
    dadd_companyname: 'Company',
    dadd_build: 'Building',
    dadd_street: 'Street',
    dadd_locality: 'Locality',
    dadd_town: 'Town',
    dadd_county: 'County',
    dadd_country: 'Country',
    dadd_postalcode: 'Post code',
    dadd_name: 'Contact',
    dadd_telephone: 'Telephone',
    dadd_email: 'Email',
  },
  building: 'dadd_build',
  street: 'dadd_street',
  county: 'dadd_county',
  postcode: 'dadd_postalcode',
  detail: [
    'dadd_companyname',
    'dadd_build',
    'dadd_street',
    'dadd_locality',
    'dadd_town',
    'dadd_county',
    'dadd_postalcode',
  ],
  fallback: 'dadd_town,dadd_postalcode',
} as const satisfies AddressScheme<string>;
export type BookingAddressField = keyof typeof BOOKING_ADDRESS.labels;

/** Address book entries; the setting is mandatory.AddressBook. */
export const ADDRESS_BOOK_ADDRESS = {
  labels: {
    cadd_coname: 'Company name',
    cadd_build: 'Building',
    cadd_street: 'Street',
    cadd_locality: 'Locality',
    cadd_town: 'Town',
    cadd_county: 'County',
    cadd_country: 'Country',
    cadd_postalcode: 'Post code',
  },
  building: 'cadd_build',
  street: 'cadd_street',
  county: 'cadd_county',
  postcode: 'cadd_postalcode',
  detail: [
    'cadd_coname',
    'cadd_build',
    'cadd_street',
    'cadd_locality',
    'cadd_town',
    'cadd_county',
    'cadd_postalcode',
  ],
  fallback: 'cadd_coname,cadd_street,cadd_town,cadd_postalcode',
} as const satisfies AddressScheme<string>;
export type AddressBookField = keyof typeof ADDRESS_BOOK_ADDRESS.labels;

const filled = (value: string | undefined) => !!value?.trim();

/** The fields a mandatory setting (a comma list of names; undefined: the fallback) names, never the county. */
function mandatoryNames<K extends string>(scheme: AddressScheme<K>, setting: string | undefined): K[] {
  return (setting ?? scheme.fallback)
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is K => Object.hasOwn(scheme.labels, name) && name !== scheme.county);
}

/**
 * The fields to mark with an asterisk: the setting's, less the street, which is never needed while
 * it is empty (see missingMandatory).
 */
export const requiredFields = <K extends string>(
  scheme: AddressScheme<K>,
  setting: string | undefined,
): K[] => mandatoryNames(scheme, setting).filter((name) => name !== scheme.street);

/**
 * '{Label} is required' for each empty field the setting makes mandatory (spec "bookings…" §5):
 * county is never mandatory; street is not mandatory if building is given or if neither is given
 * (that address is the insufficient-address rule's).
 */
export function missingMandatory<K extends string>(
  scheme: AddressScheme<K>,
  setting: string | undefined,
  values: Readonly<Record<K, string>>,
): Partial<Record<K, string>> {
  const missing: Partial<Record<K, string>> = {};
  const building = filled(values[scheme.building]);
  const street = filled(values[scheme.street]);
  for (const name of mandatoryNames(scheme, setting)) {
    if (filled(values[name])) continue;
    if (name === scheme.street && (building || !street)) continue;
    missing[name] = `${scheme.labels[name]} is required`;
  }
  return missing;
}

/** 'PO Box', 'P.O. Box', 'P O BOX', 'POBOX', 'Post Office Box' anywhere in the text, any case. */
const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;
export const isPoBox = (text: string): boolean => PO_BOX.test(text);

/**
 * The PO box or insufficient-address message (spec "access…" §5), or undefined when the address
 * passes. An address with nothing filled in has insufficient information, never a PO box. With the
 * disallow setting on, one without building and street, or with a PO box in either, is a PO box;
 * otherwise one without building and street has insufficient information.
 */
export function addressRuleError<K extends string>(
  scheme: AddressScheme<K>,
  values: Readonly<Record<K, string>>,
  disallowPoBox: boolean,
): string | undefined {
  if (!scheme.detail.some((name) => filled(values[name]))) return ADDRESS_MSG.insufficient;
  const building = values[scheme.building] ?? '';
  const street = values[scheme.street] ?? '';
  const neither = !filled(building) && !filled(street);
  if (disallowPoBox && (neither || isPoBox(building) || isPoBox(street))) return ADDRESS_MSG.poBox;
  if (neither) return ADDRESS_MSG.insufficient;
  return undefined;
}
