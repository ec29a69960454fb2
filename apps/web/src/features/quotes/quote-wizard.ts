import {
  ADDRESS_FIELD_TABLE,
  MSG,
  QUOTE_LIMITS,
  RESULT_FIELDS,
  truncateAddress,
  type AddressResult,
  type QuoteDocketRequest,
  type QuoteRegisterResponse,
  type QuoteTariffsRequest,
  type QuoteView,
} from '@courier/contracts';

/**
 * The quote wizard's rules as plain functions (spec "bookings…" §2 Guest or user quote wizard, §4
 * Quote wizard, §5, §9): its nine pages, Next and Back with the account-payer skip, where a reload
 * resumes, the terms checkboxes, the 15-minute expiry and the three-parts rule.
 */

/** The nine pages, numbered as the `page` query parameter numbers them. */
export const PAGE = {
  postcodes: 1,
  tariffs: 2,
  contact: 3,
  addresses: 4,
  capture: 5,
  payment: 6,
  hosted: 7,
  confirmation: 8,
  register: 9,
} as const;
export type WizardPage = (typeof PAGE)[keyof typeof PAGE];

/** Each page's heading: 'Your Quote' for page 2 (spec), the spec's page names for the others. */
export const PAGE_TITLE: Record<WizardPage, string> = {
  1: 'Post codes',
  2: 'Your Quote',
  3: 'Contact details',
  4: 'Addresses',
  5: 'Capture',
  6: 'Payment',
  7: 'Payment',
  8: 'Confirmation',
  9: 'Register',
};

/** The `page` query parameter as a page; anything else is page 1. */
export function parsePage(value: string | null): WizardPage {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 9 ? (n as WizardPage) : PAGE.postcodes;
}

/** An account payer (method of payment 'A') skips pages 5 to 7 (spec "bookings…" §4). */
export const isAccountPayer = (mop: string | undefined) => mop === 'A';

/** Next moves one page; an account payer goes from addresses straight to confirmation. */
export function nextPage(page: WizardPage, mop: string | undefined): WizardPage {
  if (page === PAGE.addresses && isAccountPayer(mop)) return PAGE.confirmation;
  return Math.min(page + 1, PAGE.register) as WizardPage;
}

/** Back moves one page; an account payer goes from confirmation back to contact details (spec). */
export function backPage(page: WizardPage, mop: string | undefined): WizardPage {
  if (page === PAGE.confirmation && isAccountPayer(mop)) return PAGE.contact;
  return Math.max(page - 1, PAGE.postcodes) as WizardPage;
}

/**
 * The page a visit may show, the server's quote being the truth: a booked quote shows its
 * confirmation (or register), a priced one at most 'Your Quote', a chosen one at most the contact
 * details (or the addresses while this tab still holds them), a detailed one at most page 7.
 * Without a quote only page 1.
 */
export function resumePage(
  requested: WizardPage,
  view: QuoteView | undefined,
  hasContact: boolean,
): WizardPage {
  if (!view) return PAGE.postcodes;
  if (view.dck_docket !== null) return requested === PAGE.register ? PAGE.register : PAGE.confirmation;
  const max: Record<Exclude<QuoteView['state'], 'booked'>, WizardPage> = {
    priced: PAGE.tariffs,
    chosen: hasContact ? PAGE.addresses : PAGE.contact,
    detailed: PAGE.hosted,
  };
  const limit = view.state === 'booked' ? PAGE.confirmation : max[view.state];
  return Math.min(requested, limit) as WizardPage;
}

/** Quote validity (spec "bookings…" §9): 15 minutes from when the tariffs page is reached. */
export const QUOTE_MINUTES = 15;

/**
 * True when the quote has run out on a page where that matters: before page 7 (spec "bookings…"
 * §4: after expiry, before page 7, back to tariffs) and not booked. `now` in ms since the epoch.
 */
export function hasExpired(view: QuoteView, page: WizardPage, now: number): boolean {
  return (
    view.dck_docket === null &&
    page >= PAGE.tariffs &&
    page < PAGE.hosted &&
    now >= new Date(view.expires_at).getTime()
  );
}

/** Milliseconds until the quote runs out (0 when it has). */
export const msUntilExpiry = (view: QuoteView, now: number) =>
  Math.max(0, new Date(view.expires_at).getTime() - now);

/** A new quote for the same post codes, parcels and service (the wizard's way back after an expiry). */
export function requoteBody(database: string, view: QuoteView): QuoteTariffsRequest {
  return {
    database,
    dck_serv_type: view.dck_serv_type,
    addresses: view.addresses.map((a) => ({
      dadd_addresstype: a.dadd_addresstype === 0 ? 0 : 1,
      dadd_postalcode: a.dadd_postalcode,
    })),
    parcels: view.parcels.map((p) => ({ ...p, dpcl_description: '' })),
  };
}

/** Page 1's values: the two post codes and the parcels (count and total weight in kg, as typed). */
export interface PostcodeValues {
  collect: string;
  deliver: string;
  quantity: string;
  weight: string;
}

/** quote/alltariffs/list's body of page 1: collect first, deliver last; one piece of 0 kg by default. */
export function tariffsBody(database: string, v: PostcodeValues): QuoteTariffsRequest {
  const quantity = Math.max(1, Number(v.quantity) || 1);
  return {
    database,
    addresses: [
      { dadd_addresstype: 0, dadd_postalcode: v.collect.trim().toUpperCase() },
      { dadd_addresstype: 1, dadd_postalcode: v.deliver.trim().toUpperCase() },
    ],
    parcels: [{ dpcl_quantity: quantity, dpcl_weight: Number(v.weight) || 0, dpcl_description: '' }],
  };
}

/** The three ticks of page 3 (spec "bookings…" §4). */
export interface TermsTicks {
  terms: boolean;
  packaging: boolean;
  prohibited: boolean;
}

/** The terms alerts of spec "bookings…" §5, word for word. */
export const TERMS_ALERTS: Record<keyof TermsTicks, string> = {
  terms: 'Confirm the Terms of Conditions',
  packaging: 'Confirm the Package Guidelines',
  prohibited: 'Confirm the Prohibited Goods',
};

/**
 * The alerts of the unticked boxes, which keep page 3 from page 4; none when the terms checkbox
 * setting is 'F' (the boxes are not shown then).
 */
export function termsErrors(
  ticks: TermsTicks,
  setting: 'T' | 'F',
): Partial<Record<keyof TermsTicks, string>> {
  if (setting === 'F') return {};
  return Object.fromEntries(
    (Object.keys(TERMS_ALERTS) as (keyof TermsTicks)[])
      .filter((k) => !ticks[k])
      .map((k) => [k, TERMS_ALERTS[k]]),
  );
}

/** The default country (spec "bookings…" §9). */
export const DEFAULT_COUNTRY = 'United Kingdom';

/** A travel time in minutes as `45 minutes` or `6 h 30 min`. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** The address inputs of page 4: the booking's field names and labels, the quote's lengths (spec §5). */
export const QUOTE_ADDRESS_INPUTS = RESULT_FIELDS.map((part) => ({
  field: ADDRESS_FIELD_TABLE[part].booking.field,
  label: ADDRESS_FIELD_TABLE[part].booking.label,
  max: QUOTE_LIMITS[ADDRESS_FIELD_TABLE[part].quote.field],
}));
export type QuoteAddressField = (typeof QUOTE_ADDRESS_INPUTS)[number]['field'];

/** One address of page 4 as typed. */
export type QuoteAddressValues = Record<QuoteAddressField, string> & { dadd_addresstype: 0 | 1 };

/**
 * Page 4's addresses as the quote has them (its post codes, or the addresses saved before); the
 * country United Kingdom when none is given (spec "bookings…" §9 default country).
 */
export function addressValuesOf(view: QuoteView): QuoteAddressValues[] {
  return view.addresses.map((a) => {
    const values = Object.fromEntries(
      QUOTE_ADDRESS_INPUTS.map(({ field }) => [field, (a as Record<string, unknown>)[field] ?? '']),
    ) as Record<QuoteAddressField, string>;
    return {
      ...values,
      dadd_country: values.dadd_country || DEFAULT_COUNTRY,
      dadd_addresstype: a.dadd_addresstype === 0 ? 0 : 1,
    };
  });
}

/**
 * A chosen search result as page 4's fields, cut to the quote's limits (spec "bookings…" §5:
 * company 50, building 50, street 110 …); no country is United Kingdom.
 */
export function quoteAddressOf(result: AddressResult): Omit<QuoteAddressValues, 'dadd_addresstype'> {
  const cut = truncateAddress(result, QUOTE_LIMITS);
  const fields = Object.fromEntries(
    RESULT_FIELDS.map((part) => [ADDRESS_FIELD_TABLE[part].booking.field, cut[part]]),
  ) as Record<QuoteAddressField, string>;
  return { ...fields, dadd_country: fields.dadd_country || DEFAULT_COUNTRY };
}

/** How many of company, building, street, locality, town, county, post code and country are filled. */
export const filledParts = (a: QuoteAddressValues) =>
  QUOTE_ADDRESS_INPUTS.filter(({ field }) => a[field].trim() !== '').length;

/**
 * The three-parts rule (spec "bookings…" §5): each address needs at least 3 filled parts, else
 * 'Please use the search buttons next to each post code and select your specific address'.
 * Answers the message by address index.
 */
export function addressPartsErrors(addresses: QuoteAddressValues[]): Record<number, string> {
  return Object.fromEntries(
    addresses.flatMap((a, i) => (filledParts(a) < 3 ? [[i, MSG.quoteAddressParts] as const] : [])),
  );
}

/** Page 3's values. */
export interface ContactValues {
  dck_contact: string;
  dck_telephone: string;
  dck_email: string;
}

/** quote/docket's body from pages 3 and 4. */
export function docketBody(
  database: string,
  guid: string,
  contact: ContactValues,
  addresses: QuoteAddressValues[],
): QuoteDocketRequest {
  return {
    database,
    guid,
    dck_contact: contact.dck_contact.trim(),
    dck_telephone: contact.dck_telephone.trim(),
    dck_email: contact.dck_email.trim(),
    addresses: addresses.map((a) => ({ ...a })),
  };
}

/**
 * The /register link the confirmation's Register opens (spec "bookings…" §4: Register passes the
 * contact details on; "access…" §2 /register params dck_id, dck_email, dck_contact, dck_telephone),
 * with the database and the registration token quote/register gave.
 */
export function registerPath(link: QuoteRegisterResponse & { database: string }): string {
  const q = new URLSearchParams({
    database: link.database,
    dck_id: String(link.dck_id),
    dck_email: link.dck_email,
    dck_contact: link.dck_contact,
    dck_telephone: link.dck_telephone,
    token: link.token,
  });
  return `/register?${q.toString()}`;
}

/** The wizard's address of a page of a quote. */
export const wizardPath = (page: WizardPage, guid?: string | null) =>
  `/docket/quote?${new URLSearchParams(guid ? { page: String(page), guid } : { page: String(page) }).toString()}`;
