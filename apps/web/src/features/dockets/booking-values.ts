import { inputsOf, type CustomerRow } from '@courier/contracts';

/**
 * The booking screen's values (spec "bookings…" §2 Booking detail, §3 Docket and Docket address).
 * Names are the API's, so the server's field errors ('addresses.1.dadd_postalcode') land on inputs.
 */

/** One address. Ready and deadline are the date-time picker's UK wall time, 'YYYY-MM-DD HH:mm:ss'. */
export interface AddressValues {
  /** A stable React key: addresses are added and removed anywhere in the list. */
  key: string;
  dadd_addresstype: 0 | 1;
  dadd_companyname: string;
  dadd_build: string;
  dadd_street: string;
  dadd_locality: string;
  dadd_town: string;
  dadd_county: string;
  dadd_country: string;
  dadd_postalcode: string;
  dadd_name: string;
  dadd_telephone: string;
  dadd_email: string;
  dadd_ready: string | null;
  dadd_deadline: string | null;
  barcodes: string[];
}

/** One parcel row as typed: pieces, the weight of each in kg, a description. */
export interface ParcelValues {
  key: string;
  dpcl_quantity: string;
  dpcl_weight: string;
  dpcl_description: string;
}

/** Reference numbers 1–6 (5 and 6 only with the ExtraReferences setting). */
export const REFERENCE_NUMBERS = [1, 2, 3, 4, 5, 6] as const;
export type ReferenceNumber = (typeof REFERENCE_NUMBERS)[number];
export type ReferenceField = `dck_cust_ref${ReferenceNumber}`;
export const referenceField = (n: ReferenceNumber): ReferenceField => `dck_cust_ref${n}`;

/** The whole booking; selects hold strings. */
export type BookingValues = {
  dck_cust_id: string | null;
  dck_serv_type: string | null;
  dck_tariff: string | null;
  dck_contact: string;
  dck_telephone: string;
  dck_email: string;
  addresses: AddressValues[];
  parcels: ParcelValues[];
} & Record<ReferenceField, string>;

/** The text inputs of an address. */
export type AddressTextField = Exclude<
  keyof AddressValues,
  'key' | 'dadd_addresstype' | 'dadd_ready' | 'dadd_deadline' | 'barcodes'
>;

/**
 * Each address input: its label and length (the address parts from the shared address-field table,
 * spec "bookings…" §5 limits; contact fields as the API's).
 */
export const ADDRESS_FIELDS: Record<AddressTextField, { label: string; max: number }> = {
  ...inputsOf('booking'),
  dadd_name: { label: 'Contact', max: 50 },
  dadd_telephone: { label: 'Telephone', max: 20 },
  dadd_email: { label: 'Email', max: 100 },
};

/** Lengths of the booking's own contact fields (the API's). */
export const CONTACT_LIMITS = { dck_contact: 50, dck_telephone: 20, dck_email: 200 } as const;
/** Length of each reference. */
export const REFERENCE_MAX = 30;

/** Defaults of spec "bookings…" §9: service 'A', country United Kingdom; collect 0, deliver 1. */
export const DEFAULT_SERVICE = 'A';
export const DEFAULT_COUNTRY = 'United Kingdom';

let lastKey = 0;
/** A fresh React key for an address or a parcel row. */
export const newKey = (): string => `row-${++lastKey}`;

/** A blank address of a type: 0 collect, 1 deliver. */
export const emptyAddress = (type: 0 | 1): AddressValues => ({
  key: newKey(),
  dadd_addresstype: type,
  dadd_companyname: '',
  dadd_build: '',
  dadd_street: '',
  dadd_locality: '',
  dadd_town: '',
  dadd_county: '',
  dadd_country: DEFAULT_COUNTRY,
  dadd_postalcode: '',
  dadd_name: '',
  dadd_telephone: '',
  dadd_email: '',
  dadd_ready: null,
  dadd_deadline: null,
  barcodes: [],
});

/** A parcel row: one piece of 1 kg. */
export const emptyParcel = (): ParcelValues => ({
  key: newKey(),
  dpcl_quantity: '1',
  dpcl_weight: '1',
  dpcl_description: '',
});

/** Service and tariff an account books with by default. */
export const accountDefaults = (account: CustomerRow) => ({
  dck_serv_type: account.cust_mainservice ?? DEFAULT_SERVICE,
  dck_tariff: account.cust_maintariff === null ? null : String(account.cust_maintariff),
});

/** A new booking on an account: collect from, deliver to, one parcel. */
export const newBooking = (account: CustomerRow): BookingValues => ({
  dck_cust_id: String(account.cust_id),
  ...accountDefaults(account),
  dck_cust_ref1: '',
  dck_cust_ref2: '',
  dck_cust_ref3: '',
  dck_cust_ref4: '',
  dck_cust_ref5: '',
  dck_cust_ref6: '',
  dck_contact: '',
  dck_telephone: '',
  dck_email: '',
  addresses: [emptyAddress(0), emptyAddress(1)],
  parcels: [emptyParcel()],
});

/**
 * Re-use (spec "bookings…" §4): the booking copied into a new one. Barcodes belong to the goods of
 * one job and ready/deadline times to its day, so those start empty.
 */
export const reuseOf = (v: BookingValues): BookingValues => ({
  ...v,
  addresses: v.addresses.map((a) => ({
    ...a,
    key: newKey(),
    dadd_ready: null,
    dadd_deadline: null,
    barcodes: [],
  })),
  parcels: v.parcels.map((p) => ({ ...p, key: newKey() })),
});

/**
 * 'Address N', the first with ': Collect from', the last with ': Deliver from' when its type is 1
 * (spec "bookings…" §2 Booking detail).
 */
export function addressTitle(index: number, count: number, type: 0 | 1): string {
  if (index === 0) return 'Address 1: Collect from';
  if (index === count - 1 && type === 1) return `Address ${index + 1}: Deliver from`;
  return `Address ${index + 1}`;
}
