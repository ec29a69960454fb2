import { z } from 'zod';
import { QUOTE_LIMITS } from './address-fields';
import { dbId, databaseName, str } from './common';
import { docketInput, parcelInput } from './dockets';
import { EMAIL_LIST_MESSAGE, isEmailList } from './email-list';
import { MSG } from './messages';

/**
 * The quote wizard's calls (spec "bookings…" §2 Guest or user quote wizard, §4 Quote wizard, §7
 * quote calls; "access…" §2 /docket/quote). Every call names its `database`; a quote is then
 * reached by its `guid`, the only credential a guest has. Prices are computed and frozen by the
 * server: no request carries a price, and one that sends one has it dropped.
 */

const text = (max: number) => str().trim().max(max);
const optText = (max: number) => text(max).optional().default('');

/** A quote's guid: 43 base64url characters (256 random bits). */
export const quoteGuid = str()
  .min(20, 'Unknown quote')
  .max(64, 'Unknown quote')
  .regex(/^[A-Za-z0-9_-]+$/, 'Unknown quote');

/** The body of a call about one quote: the database and the guid. */
export const quoteRef = z.object({ database: databaseName(), guid: quoteGuid });
export type QuoteRef = z.infer<typeof quoteRef>;

const postcode = text(QUOTE_LIMITS.postcode)
  .min(1, 'Post code is required')
  .regex(/^[A-Za-z0-9 ]*$/, 'Please enter a valid UK post code');

/** Page 1 of the wizard (Post codes): an address is its post code and its role (0 collect, 1 deliver). */
export const quotePostcodeInput = z.object({
  dadd_addresstype: z.union([z.literal(0), z.literal(1)]),
  dadd_postalcode: postcode,
});

/**
 * quote/alltariffs/list body: the post codes in order (collect first, deliver last), the parcels
 * (one piece of 0 kg when not given) and the service type. Creates a quote whose 15 minutes start now.
 */
export const quoteTariffsRequest = z.object({
  database: databaseName(),
  dck_serv_type: str().trim().min(1).max(3).default('A'),
  addresses: z.array(quotePostcodeInput).min(2, MSG.twoAddresses).max(20),
  parcels: z
    .array(parcelInput)
    .min(1, MSG.oneParcel)
    .max(50)
    .default([{ dpcl_quantity: 1, dpcl_weight: 0, dpcl_description: '' }]),
});
export type QuoteTariffsRequest = z.input<typeof quoteTariffsRequest>;

/** One line of how a price is made, in pounds: base, distance × rate, extra parcels, VAT, hold. */
export const priceLine = z.object({
  kind: z.enum(['base', 'distance', 'parcels', 'vat', 'total', 'hold']),
  label: z.string(),
  amount: z.number(),
});
export type PriceLine = z.infer<typeof priceLine>;

/**
 * A tariff as offered, priced for this quote and frozen: pounds, miles and minutes, with its
 * lines. Tariffs without the success flag (the consignment does not fit the vehicle, or the
 * tariff has no usable rates) are dropped from the list, so `success` is always true here.
 */
export const quoteTariff = z.object({
  ttyp_tariff: z.number().int(),
  ttyp_description: z.string(),
  success: z.literal(true),
  total: z.number(),
  hold: z.number(),
  netvat: z.number(),
  distance: z.number(),
  time: z.number().int(),
  lines: z.array(priceLine),
});
export type QuoteTariff = z.infer<typeof quoteTariff>;

/** The quote's states: priced (tariffs offered), chosen (a tariff), detailed (contact and addresses), booked. */
export const QUOTE_STATES = ['priced', 'chosen', 'detailed', 'booked'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** Card payment states of an authorisation (spec "access…" §4 Card payment states). */
export const PAYMENT_STATES = ['pending', 'authorised', 'declined', 'abandoned', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A quote address on page 4 (Addresses): the docket address fields, to the quote's lengths (spec "bookings…" §5). */
export const quoteAddressInput = z.object({
  dadd_addresstype: z.union([z.literal(0), z.literal(1)]),
  dadd_companyname: optText(QUOTE_LIMITS.organisation),
  dadd_build: optText(QUOTE_LIMITS.building),
  dadd_street: optText(QUOTE_LIMITS.street),
  dadd_locality: optText(QUOTE_LIMITS.locality),
  dadd_town: optText(QUOTE_LIMITS.town),
  dadd_county: optText(QUOTE_LIMITS.county),
  dadd_country: optText(QUOTE_LIMITS.country),
  dadd_postalcode: postcode,
  dadd_name: optText(50),
  dadd_telephone: optText(20),
  dadd_email: optText(100).refine(isEmailList, EMAIL_LIST_MESSAGE),
  dadd_ready: z.iso.datetime({ offset: true }).optional(),
  dadd_deadline: z.iso.datetime({ offset: true }).optional(),
});
export type QuoteAddressInput = z.input<typeof quoteAddressInput>;
export type QuoteAddress = z.output<typeof quoteAddressInput>;

/** quote body: reads the quote, or chooses one of its tariffs (page 2, 'Your Quote'). */
export const quoteChooseRequest = quoteRef.extend({
  ttyp_tariff: z.number().int().min(1).max(11).optional(),
});
export type QuoteChooseRequest = z.input<typeof quoteChooseRequest>;

/**
 * quote/docket body: the contact details (page 3) and the full addresses (page 4), in the quoted
 * post codes' order. The e-mail is required: the confirmation and its register link go there.
 */
export const quoteDocketRequest = quoteRef.extend({
  dck_contact: text(50).min(1, 'Contact is required'),
  dck_telephone: text(20).min(1, 'Telephone is required'),
  dck_email: text(200)
    .min(1, 'Email is required')
    .refine((v) => isEmailList(v), EMAIL_LIST_MESSAGE),
  dck_cust_ref1: optText(30),
  dck_cust_ref2: optText(30),
  dck_cust_ref3: optText(30),
  dck_cust_ref4: optText(30),
  addresses: z.array(quoteAddressInput).min(2, MSG.twoAddresses).max(20),
});
export type QuoteDocketRequest = z.input<typeof quoteDocketRequest>;

/** The quote as the wizard shows it: state, expiry, the frozen tariffs, the choice and, once booked, the docket. */
export const quoteView = z.object({
  guid: z.string(),
  state: z.enum(QUOTE_STATES),
  /** ISO time; the quote answers 'Quote Expired' from then until it is paid. */
  expires_at: z.string(),
  dck_cust_id: z.number().int(),
  dck_serv_type: z.string(),
  tariffs: z.array(quoteTariff),
  ttyp_tariff: z.number().int().nullable(),
  dck_contact: z.string(),
  dck_telephone: z.string(),
  dck_email: z.string(),
  /** The post codes of page 1 and, once quote/docket saved them, the full addresses. */
  addresses: z.array(
    z.object({
      dadd_addresstype: z.number().int(),
      dadd_postalcode: z.string(),
      dadd_companyname: z.string().optional(),
      dadd_build: z.string().optional(),
      dadd_street: z.string().optional(),
      dadd_locality: z.string().optional(),
      dadd_town: z.string().optional(),
      dadd_county: z.string().optional(),
      dadd_country: z.string().optional(),
      dadd_name: z.string().optional(),
      dadd_telephone: z.string().optional(),
      dadd_email: z.string().optional(),
      dadd_ready: z.string().optional(),
      dadd_deadline: z.string().optional(),
    }),
  ),
  parcels: z.array(z.object({ dpcl_quantity: z.number().int(), dpcl_weight: z.number() })),
  /** The latest card payment's state, if one was started. */
  payment: z.enum(PAYMENT_STATES).nullable(),
  dck_docket: z.number().int().nullable(),
});
export type QuoteView = z.infer<typeof quoteView>;

/** The query of GET larry/cardbooking/{guid}. */
export const cardBookingQuery = z.object({ database: databaseName() });
export const cardBookingParams = z.object({ guid: quoteGuid });

/**
 * quote/checkout answer: the provider, its reference and where the card is taken: `url` for a
 * hosted page (the sandbox, Stripe Checkout), `client` for a card form in the page (Worldpay:
 * clientKey, templateName). `amount` is the hold in pounds.
 */
export const checkoutResponse = z.object({
  provider: z.string(),
  reference: z.string(),
  url: z.string().optional(),
  client: z.record(z.string(), z.string()).optional(),
  amount: z.number(),
  currencyCode: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** quote/payment body: the quote, the provider's reference from quote/checkout and, for a card form, its token. */
export const quotePaymentRequest = quoteRef.extend({
  reference: str().min(1).max(200),
  token: str().min(1).max(2000).optional(),
});
export type QuotePaymentRequest = z.input<typeof quotePaymentRequest>;

/** quote/payment answer: the booking reference (spec: 'Your booking reference is : {docket}'). */
export const quotePaymentResponse = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  tracking_reference: z.string(),
});
export type QuotePaymentResponse = z.infer<typeof quotePaymentResponse>;

/**
 * The account guests book on (quote/customer): the `aset_quote_customer` account, with what the
 * wizard needs of the settings: `terms_checkbox` (general.TermsCheckbox; 'F' drops the three
 * terms checkboxes of page 3, spec "bookings…" §4), the currency symbol (payment.currencySymbol)
 * and `card_provider`, the provider its method of payment uses (sandbox, stripe or worldpay).
 */
export const quoteCustomer = z.object({
  cust_id: dbId,
  cust_name: z.string(),
  cust_mop: z.string(),
  cust_maintariff: z.number().int().nullable(),
  terms_checkbox: z.enum(['T', 'F']),
  currency_symbol: z.string(),
  /** The card provider of the account's method of payment (payment.provider.O / .S): the wizard's page 5 and 6. */
  card_provider: z.string(),
});
export type QuoteCustomer = z.infer<typeof quoteCustomer>;

/**
 * quote/register answer: what the confirmation's Register passes on to /register (spec
 * "bookings…" §4: Register passes the contact details on; "access…" §2 /register params) with a
 * fresh single-use registration token for the quote's booking, the guid standing in for the
 * confirmation mail that carries the other one.
 */
export const quoteRegisterResponse = z.object({
  dck_id: z.number().int(),
  token: z.string(),
  dck_email: z.string(),
  dck_contact: z.string(),
  dck_telephone: z.string(),
});
export type QuoteRegisterResponse = z.infer<typeof quoteRegisterResponse>;

/**
 * docket/checkout body (booking screen, card payers: cust_mop O or S): the booking as docket/post
 * takes it and `attempt`, a random key the screen makes for one booking attempt. The same attempt
 * again (a double click, a retry after a decline) pays for the same booking, which books at most
 * once; Change or a new booking makes a new attempt. No price is taken from the browser.
 */
export const docketCheckoutRequest = docketInput.extend({
  attempt: str().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unknown booking attempt'),
});
export type DocketCheckoutRequest = z.input<typeof docketCheckoutRequest>;

/** docket/checkout/provider body: the card-paying account about to book. */
export const docketCardProviderRequest = z.object({ dck_cust_id: dbId });
export type DocketCardProviderRequest = z.input<typeof docketCardProviderRequest>;

/**
 * docket/checkout/provider answer: the provider the account's method of payment uses (settings
 * payment.provider.O / .S) and whether its card is taken by a form in the page (Worldpay's
 * template form: `form` true) or on the provider's own page (the sandbox, Stripe Checkout).
 */
export const docketCardProviderResponse = z.object({
  cust_mop: z.string(),
  card_provider: z.string(),
  form: z.boolean(),
});
export type DocketCardProviderResponse = z.infer<typeof docketCardProviderResponse>;

/** docket/payment body: the provider's reference from docket/checkout and, for a card form, its token. */
export const docketPaymentRequest = z.object({
  reference: str().min(1).max(200),
  token: str().min(1).max(2000).optional(),
});
export type DocketPaymentRequest = z.input<typeof docketPaymentRequest>;
