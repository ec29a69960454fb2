import {
  BOOKING_LIMITS,
  penceToPounds,
  type DocketData,
  type QuoteAddress,
  type QuoteTariff,
  type QuoteView,
} from '@courier/contracts';
import type { GeoIndex } from '../../lib/geo';
import type { Priced } from '../dockets/dockets.service';
import { placeOf } from '../postcode/postcode.service';
import type { QuoteRow } from './quotes.repository';
import { linesOf, unpackTariffs, type FrozenTariff } from './frozen-tariffs';

export type { FrozenTariff } from './frozen-tariffs';

/** A quoted address: its role and post code (page 1), normalised. */
export interface QuotedPostcode {
  dadd_addresstype: 0 | 1;
  dadd_postalcode: string;
}

/** quote_data: the booking as entered, growing page by page. */
export interface QuoteData {
  dck_serv_type: string;
  postcodes: QuotedPostcode[];
  parcels: { dpcl_quantity: number; dpcl_weight: number; dpcl_description: string }[];
  /** Page 3 (contact details), once quote/docket saved it. */
  contact?: {
    dck_contact: string;
    dck_telephone: string;
    dck_email: string;
    dck_cust_ref1: string;
    dck_cust_ref2: string;
    dck_cust_ref3: string;
    dck_cust_ref4: string;
  };
  /** Page 4 (addresses) as entered, to the quote's lengths. */
  addresses?: QuoteAddress[];
  /**
   * A card payment started on the booking screen (docket/checkout): the whole booking as the
   * screen sent it and validated, booked as it stands once paid. Such a quote is no wizard's.
   */
  docket?: DocketData;
  /** False when the booker may not see prices: the confirmation mail then shows no total. */
  pricesShown?: boolean;
}

export const dataOf = (q: QuoteRow) => q.quote_data as QuoteData;
/** The quote's frozen tariffs, from either stored form of quote_tariffs. */
export const tariffsOf = (q: QuoteRow): FrozenTariff[] => unpackTariffs(q.quote_tariffs);
/** The chosen tariff as frozen, or undefined. */
export const chosenOf = (q: QuoteRow) => tariffsOf(q).find((t) => t.ttyp_tariff === q.quote_tariff);

/** A frozen tariff as the wizard shows it: pounds, with its price lines. */
export const tariffView = (t: FrozenTariff): QuoteTariff => ({
  ttyp_tariff: t.ttyp_tariff,
  ttyp_description: t.ttyp_description,
  success: true,
  total: penceToPounds(t.total),
  hold: penceToPounds(t.hold),
  netvat: penceToPounds(t.vat),
  distance: t.miles,
  time: t.minutes,
  lines: linesOf(t).map((p) => ({ kind: p.kind, label: p.label, amount: penceToPounds(p.pence) })),
});

/**
 * The quote as the wizard shows it (quoteView); `guid` is the caller's own (only its hash is
 * stored). `tariffs` are the row's unless the caller holds them already (a quote just priced).
 */
export function quoteViewOf(
  q: QuoteRow,
  guid: string,
  payment: QuoteView['payment'],
  dckDocket: number | null,
  tariffs: FrozenTariff[] = tariffsOf(q),
): QuoteView {
  const data = dataOf(q);
  return {
    guid,
    state: q.quote_state as QuoteView['state'],
    expires_at: q.quote_expires_at.toISOString(),
    dck_cust_id: q.quote_cust_id,
    dck_serv_type: data.dck_serv_type,
    tariffs: tariffs.map(tariffView),
    ttyp_tariff: q.quote_tariff,
    dck_contact: data.contact?.dck_contact ?? '',
    dck_telephone: data.contact?.dck_telephone ?? '',
    dck_email: data.contact?.dck_email ?? '',
    addresses: data.addresses ?? data.postcodes,
    parcels: data.parcels.map((p) => ({ dpcl_quantity: p.dpcl_quantity, dpcl_weight: p.dpcl_weight })),
    payment,
    dck_docket: dckDocket,
  };
}

const cut = (v: string | undefined, n: number) => (v ?? '').trim().slice(0, n);

/**
 * The docket a quote books (docket/post's shape) on the quote account: the contact, the addresses
 * cut to the booking's lengths (spec "bookings…" §5: the docket's columns), the frozen tariff.
 */
export function docketOfQuote(
  q: QuoteRow,
  contact: NonNullable<QuoteData['contact']>,
  addresses: NonNullable<QuoteData['addresses']>,
): DocketData {
  const data = dataOf(q);
  return {
    dck_cust_id: q.quote_cust_id,
    dck_serv_type: data.dck_serv_type,
    dck_tariff: q.quote_tariff ?? 0,
    ...contact,
    dck_cust_ref5: '',
    dck_cust_ref6: '',
    addresses: addresses.map((a) => ({
      dadd_addresstype: a.dadd_addresstype,
      dadd_companyname: cut(a.dadd_companyname, BOOKING_LIMITS.dadd_companyname),
      dadd_build: cut(a.dadd_build, BOOKING_LIMITS.dadd_build),
      dadd_street: cut(a.dadd_street, BOOKING_LIMITS.dadd_street),
      dadd_locality: cut(a.dadd_locality, BOOKING_LIMITS.dadd_locality),
      dadd_town: cut(a.dadd_town, BOOKING_LIMITS.dadd_town),
      dadd_county: cut(a.dadd_county, BOOKING_LIMITS.dadd_county),
      dadd_country: cut(a.dadd_country, BOOKING_LIMITS.dadd_country),
      dadd_postalcode: a.dadd_postalcode,
      dadd_name: a.dadd_name,
      dadd_telephone: a.dadd_telephone,
      dadd_email: a.dadd_email,
      dadd_ready: a.dadd_ready,
      dadd_deadline: a.dadd_deadline,
      barcodes: [],
    })),
    parcels: data.parcels,
  };
}

/**
 * The docket a paid quote books: the booking screen's docket as it was sent, or the wizard's
 * contact and addresses on the quote account; undefined while the wizard's are not saved yet.
 */
export function bookingInputOf(q: QuoteRow): DocketData | undefined {
  const data = dataOf(q);
  if (data.docket) return data.docket;
  return data.contact && data.addresses ? docketOfQuote(q, data.contact, data.addresses) : undefined;
}

/** The route and the frozen price of the chosen tariff, as the booking write takes them. */
export function pricedOfQuote(geo: GeoIndex, input: DocketData, t: FrozenTariff): Priced {
  return {
    places: input.addresses.map((a, i) => placeOf(geo, a.dadd_postalcode, `addresses.${i}.dadd_postalcode`)),
    miles: t.miles,
    minutes: t.minutes,
    price: { net: t.net, vat: t.vat, total: t.total, hold: t.hold },
  };
}
