import { z } from 'zod';
import { BOOKING_LIMITS } from './address-fields';
import { MSG } from './messages';
import { dbId, str, databaseName } from './common';
import { LIST_SORT_COLUMNS, UK_DATE_MESSAGE, UK_DATE_PATTERN } from './list-sort';
import { EMAIL_LIST_MESSAGE, isEmailList } from './email-list';

const text = (max: number) => str().trim().max(max);
const optText = (max: number) => text(max).optional().default('');

const emailList = (max: number) => optText(max).refine(isEmailList, EMAIL_LIST_MESSAGE);
/** An ISO date-time (ready or deadline), optional. */
const isoTime = z.iso.datetime({ offset: true }).optional();

/** A barcode on a docket address (dab_barcode). */
export const barcodeInput = z.object({ dab_barcode: str().trim().min(1).max(40) });

/** Docket address as posted (spec "bookings…" §3 Docket address). 0 = collect, 1 = deliver. */
export const docketAddressInput = z.object({
  dadd_addresstype: z.union([z.literal(0), z.literal(1)]),
  dadd_companyname: optText(BOOKING_LIMITS.dadd_companyname),
  dadd_build: optText(BOOKING_LIMITS.dadd_build),
  dadd_street: optText(BOOKING_LIMITS.dadd_street),
  dadd_locality: optText(BOOKING_LIMITS.dadd_locality),
  dadd_town: text(BOOKING_LIMITS.dadd_town).min(1, 'Town is required'),
  dadd_county: optText(BOOKING_LIMITS.dadd_county),
  dadd_country: optText(BOOKING_LIMITS.dadd_country),
  // The shape every post code has (letters, digits, spaces); the full UK pattern is checked by the
  // service unless the user may bypass it (spec "bookings…" §5).
  dadd_postalcode: text(BOOKING_LIMITS.dadd_postalcode)
    .min(1, 'Post code is required')
    .regex(/^[A-Za-z0-9 ]*$/, 'Please enter a valid UK post code'),
  dadd_name: optText(50),
  dadd_telephone: optText(20),
  dadd_email: emailList(100),
  dadd_ready: isoTime,
  dadd_deadline: isoTime,
  barcodes: z.array(barcodeInput).max(200).optional().default([]),
});
export type DocketAddressInput = z.input<typeof docketAddressInput>;

/** A parcel row: quantity (pieces) and weight of each piece in kg. */
export const parcelInput = z.object({
  dpcl_quantity: z.number().int().min(1).max(999),
  dpcl_weight: z.number().min(0).max(30000),
  dpcl_description: optText(50),
});
export type ParcelInput = z.input<typeof parcelInput>;

/** Body of docket/price and docket/post (spec "bookings…" §7 Dockets). */
export const docketInput = z.object({
  dck_cust_id: dbId,
  dck_serv_type: str().trim().min(1).max(3).default('A'),
  dck_tariff: z.number().int().min(1).max(11),
  dck_cust_ref1: optText(30),
  dck_cust_ref2: optText(30),
  dck_cust_ref3: optText(30),
  dck_cust_ref4: optText(30),
  dck_cust_ref5: optText(30),
  dck_cust_ref6: optText(30),
  dck_contact: optText(50),
  dck_telephone: optText(20),
  dck_email: emailList(200),
  addresses: z.array(docketAddressInput).min(2, MSG.twoAddresses).max(20),
  parcels: z.array(parcelInput).min(1, MSG.oneParcel).max(50),
});
export type DocketInput = z.input<typeof docketInput>;
export type DocketData = z.output<typeof docketInput>;

/** docket/price answer, in pounds: total incl. VAT, hold (card pre-authorisation), netvat (the VAT). */
export const priceResponse = z.object({
  total: z.number(),
  hold: z.number(),
  netvat: z.number(),
  distance: z.number(),
});
export type PriceResponse = z.infer<typeof priceResponse>;

/** docket/post answer; total and netvat (pounds) only for users with the price right. */
export const postResponse = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  tracking_reference: z.string(),
  total: z.number().optional(),
  netvat: z.number().optional(),
});
export type PostResponse = z.infer<typeof postResponse>;

export { LIST_SORT_COLUMNS, type ListSortColumn } from './list-sort';

/** DD/MM/YYYY (spec "bookings…" §9). */
export const ukDate = z.string().regex(UK_DATE_PATTERN, UK_DATE_MESSAGE);

/** The filter shared by docket/list and docket/export. */
export const listFilter = z.object({
  archive: z.boolean().default(false),
  search: str().trim().max(100).optional().default(''),
  dateStart: ukDate.optional(),
  dateEnd: ukDate.optional(),
  sort: z
    .object({ column: z.enum(LIST_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .default({ column: 'dck_docket', direction: 'desc' }),
});

/** docket/list body: the filter, 1-based page, 20 rows a page or 50 with infinite scroll. */
export const listRequest = listFilter.extend({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.union([z.literal(20), z.literal(50)]).default(20),
});
export type ListRequest = z.input<typeof listRequest>;

/** docket/export body: the list filter and the file kind (booking-history.csv or .pdf). */
export const exportRequest = listFilter.extend({ format: z.enum(['csv', 'pdf']) });
export type ExportRequest = z.input<typeof exportRequest>;
export const EXPORT_MAX_ROWS = 10_000;

/** One booking list row. cust_total_price is null when the user lacks the price right or it is negative. */
export const listRow = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_cust_ref1: z.string(),
  cust_acc_code: z.string(),
  dck_booked: z.string(),
  from_town: z.string(),
  from_postcode: z.string(),
  to_town: z.string(),
  to_postcode: z.string(),
  dsts_description: z.string(),
  dsts_color: z.string(),
  dsts_font_color: z.string(),
  ttyp_description: z.string(),
  tracking_reference: z.string(),
  cust_total_price: z.number().nullable(),
});
export type ListRow = z.infer<typeof listRow>;

export const LIST_PAGE_SIZE = 20;

export const listResponse = z.object({
  rows: z.array(listRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ListResponse = z.infer<typeof listResponse>;

/** docket/track body (public). */
export const trackRequest = z.object({
  database: databaseName(),
  tracking_ref: str().trim().min(1).max(40),
});
export type TrackRequest = z.infer<typeof trackRequest>;

/** Order Summary of the tracking view: no price and no contact details. */
export const trackResponse = z.object({
  tracking_reference: z.string(),
  dck_docket: z.number().int(),
  status: z.string(),
  /** The status's own colours, as the lists show it (spec "access…" §3 Docket status). */
  dsts_color: z.string(),
  dsts_font_color: z.string(),
  collection: z.object({ town: z.string(), postcode: z.string() }),
  delivery: z.object({ town: z.string(), postcode: z.string() }),
  booked: z.string(),
  /**
   * Whether the details (docket/track/detail) show this caller a map: the server has a tile URL
   * and the caller sees the Map View (signed in to the docket, or the tenant's aset_track_map).
   * The page loads the map's code ahead only then.
   */
  map: z.boolean(),
});
export type TrackResponse = z.infer<typeof trackResponse>;

/** Body of the docket detail calls (spec "bookings…" §7): the docket id and the archive flag. */
export const docketRef = z.object({
  _docketId: dbId,
  archive: z.boolean().optional(),
});

/** docket/detail answer: the booking as saved, for the read-only booking screen. */
export const docketDetail = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_cust_id: z.number().int(),
  cust_acc_code: z.string(),
  cust_name: z.string(),
  dck_serv_type: z.string(),
  dck_tariff: z.number().int(),
  ttyp_description: z.string(),
  dck_cust_ref1: z.string(),
  dck_cust_ref2: z.string(),
  dck_cust_ref3: z.string(),
  dck_cust_ref4: z.string(),
  dck_cust_ref5: z.string(),
  dck_cust_ref6: z.string(),
  dck_contact: z.string(),
  dck_telephone: z.string(),
  dck_email: z.string(),
  dck_booked: z.string(),
  dsts_description: z.string(),
  tracking_reference: z.string(),
  dck_distance: z.number(),
  dck_time: z.number().int(),
  cust_total_price: z.number().nullable(),
  netvat: z.number().nullable(),
  /** The account's reference labels, so a reader without the booking right sees them too. */
  cust_ref1_lbl: z.string(),
  cust_ref2_lbl: z.string(),
  cust_ref3_lbl: z.string(),
  cust_ref4_lbl: z.string(),
  cust_ref5_lbl: z.string(),
  cust_ref6_lbl: z.string(),
});
export type DocketDetail = z.infer<typeof docketDetail>;

/** docket/address/list row. */
export const docketAddressRow = z.object({
  dadd_id: z.number().int(),
  dadd_seq: z.number().int(),
  dadd_addresstype: z.number().int(),
  dadd_companyname: z.string(),
  dadd_build: z.string(),
  dadd_street: z.string(),
  dadd_locality: z.string(),
  dadd_town: z.string(),
  dadd_county: z.string(),
  dadd_country: z.string(),
  dadd_postalcode: z.string(),
  dadd_latitude: z.number().nullable(),
  dadd_longitude: z.number().nullable(),
  dadd_name: z.string(),
  dadd_telephone: z.string(),
  dadd_email: z.string(),
  dadd_ready: z.string().nullable(),
  dadd_deadline: z.string().nullable(),
});
export type DocketAddressRow = z.infer<typeof docketAddressRow>;

/** docket/barcode/list row. */
export const docketBarcodeRow = z.object({
  dab_id: z.number().int(),
  dab_dadd_id: z.number().int(),
  dab_barcode: z.string(),
  dab_reference: z.string(),
});
/** docket/parcel/list row. */
export const docketParcelRow = z.object({
  dpcl_id: z.number().int(),
  dpcl_quantity: z.number().int(),
  dpcl_weight: z.number(),
  dpcl_description: z.string(),
});
