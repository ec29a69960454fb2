import {
  BOOKING_LIMITS,
  truncateAddress,
  type CustomerRow,
  type DocketAddressRow,
  type DocketDetail,
  type DocketInput,
} from '@courier/contracts';
import type { AddressParts } from '../addresses';
import type { SavedBooking } from './api/saved-booking';
import type { BookedSummary } from './booking-outcome';
import { isoToPicker, pickerToIso } from './booking-times';
import {
  DEFAULT_COUNTRY,
  DEFAULT_SERVICE,
  emptyAddress,
  newKey,
  REFERENCE_NUMBERS,
  referenceField,
  type AddressValues,
  type BookingValues,
  type ReferenceNumber,
} from './booking-values';

/** The body of docket/price and docket/post (spec "bookings…" §7) from the screen's values. */
export function toDocketInput(v: BookingValues): DocketInput {
  const refs = Object.fromEntries(
    REFERENCE_NUMBERS.map((n) => [referenceField(n), v[referenceField(n)].trim()]),
  );
  return {
    dck_cust_id: Number(v.dck_cust_id),
    dck_serv_type: v.dck_serv_type ?? DEFAULT_SERVICE,
    dck_tariff: Number(v.dck_tariff),
    ...refs,
    dck_contact: v.dck_contact.trim(),
    dck_telephone: v.dck_telephone.trim(),
    dck_email: v.dck_email.trim(),
    addresses: v.addresses.map(({ key: _key, dadd_ready, dadd_deadline, barcodes, ...a }) => ({
      ...a,
      dadd_postalcode: a.dadd_postalcode.trim().toUpperCase(),
      dadd_ready: dadd_ready ? pickerToIso(dadd_ready) : undefined,
      dadd_deadline: dadd_deadline ? pickerToIso(dadd_deadline) : undefined,
      barcodes: barcodes.map((dab_barcode) => ({ dab_barcode })),
    })),
    parcels: v.parcels.map((p) => ({
      dpcl_quantity: Number(p.dpcl_quantity),
      dpcl_weight: Number(p.dpcl_weight),
      dpcl_description: p.dpcl_description.trim(),
    })),
  };
}

/**
 * A chosen address (search result or address-book entry) as booking address fields, cut to the
 * booking limits of spec "bookings…" §5.
 */
export function bookingAddressOf(parts: AddressParts): Partial<AddressValues> {
  const p = truncateAddress(parts, BOOKING_LIMITS);
  return {
    dadd_companyname: p.organisation,
    dadd_build: p.building,
    dadd_street: p.street,
    dadd_locality: p.locality,
    dadd_town: p.town,
    dadd_county: p.county,
    dadd_country: p.country || DEFAULT_COUNTRY,
    dadd_postalcode: p.postcode,
  };
}

const addressOfRow = (row: DocketAddressRow, barcodes: string[]): AddressValues => ({
  ...emptyAddress(row.dadd_addresstype === 0 ? 0 : 1),
  dadd_companyname: row.dadd_companyname,
  dadd_build: row.dadd_build,
  dadd_street: row.dadd_street,
  dadd_locality: row.dadd_locality,
  dadd_town: row.dadd_town,
  dadd_county: row.dadd_county,
  dadd_country: row.dadd_country,
  dadd_postalcode: row.dadd_postalcode,
  dadd_name: row.dadd_name,
  dadd_telephone: row.dadd_telephone,
  dadd_email: row.dadd_email,
  dadd_ready: row.dadd_ready ? isoToPicker(row.dadd_ready) : null,
  dadd_deadline: row.dadd_deadline ? isoToPicker(row.dadd_deadline) : null,
  barcodes,
});

/** A saved booking as the screen's values, for the read-only view and for Re-use. */
export function savedToValues({ detail: d, addresses, barcodes, parcels }: SavedBooking): BookingValues {
  const refs = Object.fromEntries(REFERENCE_NUMBERS.map((n) => [referenceField(n), d[referenceField(n)]]));
  return {
    dck_cust_id: String(d.dck_cust_id),
    dck_serv_type: d.dck_serv_type,
    dck_tariff: String(d.dck_tariff),
    ...(refs as Record<ReturnType<typeof referenceField>, string>),
    dck_contact: d.dck_contact,
    dck_telephone: d.dck_telephone,
    dck_email: d.dck_email,
    addresses: [...addresses]
      .sort((a, b) => a.dadd_seq - b.dadd_seq)
      .map((row) =>
        addressOfRow(
          row,
          barcodes.filter((b) => b.dab_dadd_id === row.dadd_id).map((b) => b.dab_barcode),
        ),
      ),
    parcels: parcels.map((p) => ({
      key: newKey(),
      dpcl_quantity: String(p.dpcl_quantity),
      dpcl_weight: String(p.dpcl_weight),
      dpcl_description: p.dpcl_description,
    })),
  };
}

/**
 * The account of a saved booking when customer/list does not answer it (no booking right, or the
 * account is now on hold): its name and code, references under the account's labels.
 */
export const accountOfDetail = (d: DocketDetail): CustomerRow => ({
  cust_id: d.dck_cust_id,
  cust_name: d.cust_name,
  cust_acc_code: d.cust_acc_code,
  cust_mop: 'A',
  cust_maintariff: d.dck_tariff,
  cust_mainservice: d.dck_serv_type,
  ...(Object.fromEntries(
    REFERENCE_NUMBERS.flatMap((n) => [
      [`cust_ref${n}_lbl`, d[`cust_ref${n}_lbl`] || `Reference ${n}`],
      [`cust_ref${n}_req`, 'F'],
    ]),
  ) as Pick<CustomerRow, `cust_ref${ReferenceNumber}_lbl` | `cust_ref${ReferenceNumber}_req`>),
  cust_ref5_fromlist: 'F',
});

/** 'Your Booking' of a saved booking. */
export const summaryOfDetail = (d: DocketDetail): BookedSummary => ({
  dck_id: d.dck_id,
  dck_docket: d.dck_docket,
  tracking_reference: d.tracking_reference,
  total: d.cust_total_price,
  netvat: d.netvat,
  booked: d.dck_booked,
  status: d.dsts_description,
});
