/**
 * The address fields, one table for every screen that edits an address (spec "bookings…" §5
 * booking and quote limits, "access…" §5 address book limits): each part of an address in the
 * address search's terms (organisation … postcode), with its field name, its length in characters
 * and its input label in the booking (dadd_*), the address book (cadd_*, also the column sizes of
 * customer_addresses) and the quote wizard (the search result's own names).
 */

/** The text fields of an address search result, in the order the screens show them. */
export const RESULT_FIELDS = [
  'organisation',
  'building',
  'street',
  'locality',
  'town',
  'county',
  'country',
  'postcode',
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

/** Where an address is edited. */
export type AddressContext = 'booking' | 'addressBook' | 'quote';
const CONTEXTS = ['quote', 'booking', 'addressBook'] as const satisfies readonly AddressContext[];

interface AddressFieldSpec {
  field: string;
  /** Characters. */
  max: number;
  /** The input's label, on the screens that have inputs. */
  label?: string;
}

/** One row per address part; per context its field, length and label. */
export const ADDRESS_FIELD_TABLE = {
  organisation: {
    booking: { field: 'dadd_companyname', max: 40, label: 'Company' },
    addressBook: { field: 'cadd_coname', max: 50, label: 'Company name' },
    quote: { field: 'organisation', max: 50 },
  },
  building: {
    booking: { field: 'dadd_build', max: 30, label: 'Building' },
    addressBook: { field: 'cadd_build', max: 50, label: 'Building' },
    quote: { field: 'building', max: 50 },
  },
  street: {
    booking: { field: 'dadd_street', max: 30, label: 'Street' },
    addressBook: { field: 'cadd_street', max: 110, label: 'Street' },
    quote: { field: 'street', max: 110 },
  },
  locality: {
    booking: { field: 'dadd_locality', max: 30, label: 'Locality' },
    addressBook: { field: 'cadd_locality', max: 50, label: 'Locality' },
    quote: { field: 'locality', max: 50 },
  },
  town: {
    booking: { field: 'dadd_town', max: 30, label: 'Town' },
    addressBook: { field: 'cadd_town', max: 50, label: 'Town' },
    quote: { field: 'town', max: 50 },
  },
  county: {
    booking: { field: 'dadd_county', max: 30, label: 'County' },
    addressBook: { field: 'cadd_county', max: 50, label: 'County' },
    quote: { field: 'county', max: 50 },
  },
  country: {
    booking: { field: 'dadd_country', max: 30, label: 'Country' },
    addressBook: { field: 'cadd_country', max: 50, label: 'Country' },
    quote: { field: 'country', max: 50 },
  },
  postcode: {
    booking: { field: 'dadd_postalcode', max: 9, label: 'Postcode' },
    addressBook: { field: 'cadd_postalcode', max: 9, label: 'Postcode' },
    quote: { field: 'postcode', max: 9 },
  },
} as const satisfies Record<ResultField, Record<AddressContext, AddressFieldSpec>>;

type Spec<P extends ResultField, C extends AddressContext> = (typeof ADDRESS_FIELD_TABLE)[P][C];
const specOf = (part: ResultField, context: AddressContext): AddressFieldSpec =>
  ADDRESS_FIELD_TABLE[part][context];

/** A context's lengths by its field names, e.g. { dadd_companyname: 40, … }. */
export type AddressLimits<C extends AddressContext> = {
  readonly [P in ResultField as Spec<P, C>['field']]: Spec<P, C>['max'];
};
/** A context's inputs by their field names: label and length. */
export type AddressInputs<C extends 'booking' | 'addressBook'> = {
  readonly [P in ResultField as Spec<P, C>['field']]: { label: string; max: number };
};

export function limitsOf<C extends AddressContext>(context: C): AddressLimits<C> {
  return Object.fromEntries(
    RESULT_FIELDS.map((p) => [specOf(p, context).field, specOf(p, context).max]),
  ) as AddressLimits<C>;
}

/** The inputs of a screen, in RESULT_FIELDS order, each with its label and length. */
export function inputsOf<C extends 'booking' | 'addressBook'>(context: C): AddressInputs<C> {
  return Object.fromEntries(
    RESULT_FIELDS.map((p) => {
      const s = specOf(p, context);
      return [s.field, { label: s.label ?? s.field, max: s.max }];
    }),
  ) as AddressInputs<C>;
}

/** Booking truncation limits of spec "bookings…" §5 (characters). */
export const BOOKING_LIMITS = limitsOf('booking');
/** Address book limits (spec "access…" §5): also the column sizes of customer_addresses. */
export const ADDRESS_BOOK_LIMITS = limitsOf('addressBook');
/** Quote wizard limits (spec "bookings…" §5), keyed by the search result's field names. */
export const QUOTE_LIMITS = limitsOf('quote');

/** The key each context uses for a result field (quote: its own name, booking: dadd_*, address book: cadd_*). */
const limitKeysOf = (part: ResultField) => CONTEXTS.map((c) => specOf(part, c).field);

/**
 * Cuts a search result's fields to a screen's limits (spec "bookings…" §5): pass BOOKING_LIMITS,
 * ADDRESS_BOOK_LIMITS or QUOTE_LIMITS. Fields without a limit, and other properties, are kept.
 */
export function truncateAddress<T extends Partial<Record<ResultField, string>>>(
  addr: T,
  limits: Readonly<Record<string, number>>,
): T {
  const out: Record<string, unknown> = { ...addr };
  for (const field of RESULT_FIELDS) {
    const value = addr[field];
    const key = limitKeysOf(field).find((k) => limits[k] !== undefined);
    if (typeof value === 'string' && key) out[field] = value.trim().slice(0, limits[key]);
  }
  return out as T;
}
