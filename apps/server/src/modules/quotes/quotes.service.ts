import {
  addressRoleErrors,
  MSG,
  type CheckoutResponse,
  type QuoteCustomer,
  type QuotePaymentResponse,
  type QuoteRegisterResponse,
  type QuoteView,
  type TariffType,
  quoteChooseRequest,
  quoteDocketRequest,
  quotePaymentRequest,
  quoteTariffsRequest,
} from '@courier/contracts';
import type { z } from 'zod';
import { AppError, validationError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import { assertAccount, assertRight, hasRight, type AuthContext } from '../auth/access';
import { assertGuestAllowed, guestTenant } from '../auth/guest.service';
import { tenantByName } from '../auth/tenant-tokens';
import { issueRegistrationToken } from '../users/register.service';
import { listTariffTypes, quoteAccount } from '../customers/customers.repository';
import { validateBookingOn } from '../dockets/docket.validation';
import { docketById } from '../dockets/dockets.repository';
import { overCapacity } from '../pricing/capacity';
import { priceJob, travelMinutes } from '../pricing/pricing.service';
import {
  BAD_POSTCODE,
  normalisePostcode,
  placeOf,
  postcodeAllowed,
  routeMiles,
} from '../postcode/postcode.service';
import { guestAccessOf, quoteSettingsOf } from '../settings/settings.service';
import {
  abandonPending,
  bookQuote,
  fulfil,
  notCompleteYet,
  providerOf,
  startPayment,
  type PaymentDeps,
  type QuoteBooked,
} from '../payments/payments.service';
import type { Shopper } from '../payments/payment-provider';
import {
  chosenOf,
  dataOf,
  docketOfQuote,
  quoteViewOf,
  tariffsOf,
  type FrozenTariff,
  type QuoteData,
} from './quote-booking';
import { freshQuoteContext, keptQuoteContext, type QuoteContext } from './quote-context';
import * as repo from './quotes.repository';

/** A quote is valid this long after the tariffs page is reached (spec "bookings…" §9). */
export const QUOTE_MINUTES = 15;

/** What the quote calls need: the tenants, the clock, the post code index and the payments. */
export interface QuoteDeps extends PaymentDeps {
  tenants: TenantRegistry;
  /** quote/alltariffs/list calls allowed per address per minute (default QUOTE_CREATE_RATE_MAX, 30). */
  quoteCreateRateMax?: number;
}

/** 410 'Quote Expired' (spec "bookings…" §8), naming the guid. */
const expired = () => new AppError('GONE', MSG.quoteExpired, { guid: MSG.quoteExpiredTitle });
const notFound = () => new AppError('NOT_FOUND', MSG.quoteNotFound, { guid: MSG.quoteNotFound });

/**
 * The caller when it quotes with its own rights: signed in to this database with the price right.
 * A user without that right quotes as a guest does (the quote account's prices, only where guests
 * are allowed): the wizard shows prices, and their account's are contract rates they may not see
 * (security probe 6).
 */
const pricingCaller = (tenant: Tenant, caller: AuthContext | undefined) =>
  caller?.tenant.name === tenant.name && hasRight(caller, 'price') ? caller : undefined;

/**
 * 401 for a guest, 403 for a user of this database without the price right, unless the database
 * allows guests (general.GuestAccessAllowed); nothing for a user with the price right.
 */
function assertMayQuote(tenant: Tenant, caller: AuthContext | undefined, guestAccess: boolean): void {
  if (guestAccess || pricingCaller(tenant, caller)) return;
  if (caller?.tenant.name === tenant.name) throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
  assertGuestAllowed(guestAccess);
}

/**
 * The tenant of a wizard call, checked as assertMayQuote checks (401 for a guest, 403 for a user
 * without the price right, where the database allows no guests), so the wizard stops at its start.
 */
async function quoteTenant(deps: QuoteDeps, database: string, caller: AuthContext | undefined) {
  const tenant = tenantByName(deps, database);
  if (!pricingCaller(tenant, caller)) assertMayQuote(tenant, caller, await guestAccessOf(tenant.db));
  return tenant;
}

/**
 * The account a caller quotes on when it pays on account: a user signed in to this database with
 * the booking and price rights whose default account is linked, not on hold and pays on account
 * (mop 'A'). Undefined for guests and everyone else (they quote on the quote account and pay by card).
 */
async function ownAccountOf(tenant: Tenant, signedIn: AuthContext | undefined) {
  const caller = pricingCaller(tenant, signedIn);
  if (!caller || !hasRight(caller, 'booking')) return undefined;
  const linked = caller.accounts.find((a) => a.cust_id === caller.user.ausr_cust_id);
  if (linked?.cust_mop !== 'A') return undefined;
  return quoteAccount(tenant.db, linked.cust_id);
}

/**
 * The account a quote books on: the signed-in account payer's own (ownAccountOf), else the quote
 * account (default.aset_quote_customer); 422 naming `database` when the tenant has none.
 */
async function quoteAccountOf(tenant: Tenant, caller?: AuthContext) {
  const settings = await quoteSettingsOf(tenant.db);
  const own = await ownAccountOf(tenant, caller);
  if (own) return { account: own, settings };
  const account = settings.quoteCustomer ? await quoteAccount(tenant.db, settings.quoteCustomer) : undefined;
  if (!account) throw noQuoteAccount();
  return { account, settings };
}

/** 422 naming `database`: the tenant has no quote account (default.aset_quote_customer). */
const noQuoteAccount = () =>
  new AppError('BUSINESS_RULE', 'Quotes are not available on this database', {
    database: 'No quote account (aset_quote_customer)',
  });

/**
 * A quote by its guid on the named database (guests where guest access is allowed, 401 otherwise):
 * 404 naming `guid` when no such quote is on this database (another tenant's guid included) or
 * the quote is a signed-in user's and the caller is not that user on this database, 410
 * 'Quote Expired' once its 15 minutes are over and it is not booked, unless `evenExpired`.
 */
async function openQuote(
  deps: QuoteDeps,
  database: string,
  guid: string,
  caller: AuthContext | undefined,
  evenExpired = false,
) {
  const tenant = await guestTenant(deps, database, caller);
  const quote = await repo.quoteByGuidHash(tenant.db, sha256(guid));
  // A booking screen's card payment (docket/checkout) is no wizard's quote.
  if (!quote || dataOf(quote).docket) throw notFound();
  // A signed-in user's quote (on their own account, perhaps paid on account) is theirs alone: its
  // guid, in their address bar and history, lets nobody else read, change, pay or register it.
  if (quote.quote_ausr_id !== null && !isOwner(tenant, quote.quote_ausr_id, caller)) throw notFound();
  if (!evenExpired && isExpired(deps, quote)) throw expired();
  return { tenant, quote };
}

/** Whether the caller is the user `ausrId`, signed in to this tenant. */
const isOwner = (tenant: Tenant, ausrId: number, caller: AuthContext | undefined) =>
  caller?.tenant.name === tenant.name && caller.user.ausr_id === ausrId;

const isExpired = (deps: QuoteDeps, q: repo.QuoteRow) =>
  q.quote_dck_id === null && deps.clock.now().getTime() >= q.quote_expires_at.getTime();

/** The quote as the wizard shows it, with its latest payment state and docket number. */
async function viewOf(tenant: Tenant, q: repo.QuoteRow, guid: string): Promise<QuoteView> {
  const auth = await repo.latestAuthorisation(tenant.db, q.quote_id);
  const payment = auth && auth.pauth_state !== 'voided' ? (auth.pauth_state as QuoteView['payment']) : null;
  const docket = q.quote_dck_id === null ? undefined : await docketById(tenant.db, q.quote_dck_id);
  return quoteViewOf(q, guid, payment, docket ? Number(docket.dck_docket) : null);
}

/**
 * quote/customer (public): the account the caller quotes on (guests: the quote account; a
 * signed-in account payer: their own, mop 'A', so the wizard skips the payment pages), with its
 * method of payment, the terms checkbox setting, the currency symbol and the card provider its
 * method of payment uses.
 */
export async function quoteCustomer(
  deps: QuoteDeps,
  database: string,
  caller: AuthContext | undefined,
): Promise<QuoteCustomer> {
  const { account, settings } = await quoteAccountOf(await quoteTenant(deps, database, caller), caller);
  return {
    ...account,
    terms_checkbox: settings.termsCheckbox,
    currency_symbol: settings.currencySymbol,
    card_provider: settings.providerOf[account.cust_mop === 'S' ? 'S' : 'O'],
  };
}

/** quote/tarifftype/list (public): tariffs by vehicle id 1–11. */
export async function quoteTariffTypes(
  deps: QuoteDeps,
  database: string,
  caller: AuthContext | undefined,
): Promise<TariffType[]> {
  return listTariffTypes((await quoteTenant(deps, database, caller)).db);
}

/**
 * quote/alltariffs/list (public; spec "bookings…" §7): prices every tariff for the post codes and
 * parcels with the tariff's rates and the hold margin, drops the tariffs without the success
 * flag (the consignment does not fit the vehicle, or its rates are unusable), and stores a new
 * quote with the prices frozen, valid 15 minutes from now. Answers the quote with its guid, which
 * only this answer carries. 400 naming a post code that is not a UK post code or the roles of
 * the first and last address; 422 naming an unknown post code, or `parcels` when no vehicle fits;
 * where guests are refused, 401 for a guest and 403 for a user without the price right (assertMayQuote).
 */
export async function allTariffs(
  deps: QuoteDeps,
  req: z.output<typeof quoteTariffsRequest>,
  caller: AuthContext | undefined,
): Promise<QuoteView> {
  const tenant = tenantByName(deps, req.database);
  // The context kept from an earlier call prices at once and is checked as the quote is stored;
  // when it is out of date, or finds an error, the call runs again on a fresh read.
  const kept = keptQuoteContext(tenant.db);
  if (kept) {
    const view = await priceAndStore(deps, tenant, kept, req, caller).catch((err: unknown) => {
      if (err instanceof AppError) return undefined;
      throw err;
    });
    if (view) return view;
  }
  return (await priceAndStore(deps, tenant, await freshQuoteContext(tenant.db), req, caller))!;
}

/**
 * allTariffs on `ctx`: the quote's view, or undefined when `ctx` is a kept copy that is no
 * longer current (nothing stored). Throws allTariffs' errors.
 */
async function priceAndStore(
  deps: QuoteDeps,
  tenant: Tenant,
  ctx: QuoteContext,
  req: z.output<typeof quoteTariffsRequest>,
  caller: AuthContext | undefined,
): Promise<QuoteView | undefined> {
  assertMayQuote(tenant, caller, ctx.guestAccess);
  const account = (await ownAccountOf(tenant, caller)) ?? ctx.quoteAccount;
  if (!account) throw noQuoteAccount();
  const fields: Record<string, string> = addressRoleErrors(req.addresses);
  req.addresses.forEach((a, i) => {
    if (!postcodeAllowed(a.dadd_postalcode, false)) fields[`addresses.${i}.dadd_postalcode`] = BAD_POSTCODE;
  });
  if (!ctx.serviceTypes.has(req.dck_serv_type)) fields.dck_serv_type = 'Unknown service type';
  if (Object.keys(fields).length) throw validationError(fields);
  const places = req.addresses.map((a, i) =>
    placeOf(deps.geo, a.dadd_postalcode, `addresses.${i}.dadd_postalcode`),
  );
  const miles = routeMiles(places);
  const pieces = req.parcels.reduce((n, p) => n + p.dpcl_quantity, 0);
  const tariffs: FrozenTariff[] = [];
  for (const t of ctx.tariffs) {
    const usable = t.ttyp_base_pence >= 0 && t.ttyp_per_mile_pence >= 0 && t.ttyp_extra_parcel_pence >= 0;
    if (!usable || overCapacity(t.ttyp_description, ctx.capacities.get(t.ttyp_tariff), req.parcels)) continue;
    tariffs.push({
      ttyp_tariff: t.ttyp_tariff,
      ttyp_description: t.ttyp_description,
      ...priceJob(t, miles, pieces, ctx.settings.holdMargin),
      miles,
      minutes: travelMinutes(miles, t.ttyp_speed_mph),
      rates: {
        ttyp_base_pence: t.ttyp_base_pence,
        ttyp_per_mile_pence: t.ttyp_per_mile_pence,
        ttyp_extra_parcel_pence: t.ttyp_extra_parcel_pence,
        pieces,
        holdMarginPercent: ctx.settings.holdMargin,
      },
    });
  }
  if (!tariffs.length)
    throw new AppError('BUSINESS_RULE', 'No vehicle can carry this consignment', {
      parcels: 'No vehicle can carry this consignment',
    });
  const now = deps.clock.now();
  const guid = randomToken();
  const data: QuoteData = {
    dck_serv_type: req.dck_serv_type,
    postcodes: req.addresses.map((a) => ({
      dadd_addresstype: a.dadd_addresstype,
      dadd_postalcode: normalisePostcode(a.dadd_postalcode),
    })),
    parcels: req.parcels,
  };
  const stored = await repo.insertQuoteIfCurrent(
    tenant.db,
    {
      quote_guid_hash: sha256(guid),
      quote_cust_id: account.cust_id,
      quote_ausr_id: caller?.tenant.name === tenant.name ? caller.user.ausr_id : null,
      quote_state: 'priced',
      quote_data: data,
      quote_tariffs: tariffs,
      quote_tariff: null,
      quote_created: now,
      quote_expires_at: new Date(now.getTime() + QUOTE_MINUTES * 60_000),
    },
    ctx.fresh ? null : ctx.version,
  );
  // A new quote has no payment and no docket yet: its view needs no further read, and its tariffs
  // are the ones just priced (not unpacked again from what was stored).
  return stored && quoteViewOf(stored, guid, null, null, tariffs);
}

/**
 * quote (public): the quote as it stands and, with `ttyp_tariff`, the tariff chosen on 'Your
 * Quote' (400 naming ttyp_tariff when it is not one of the quote's tariffs). Choosing another
 * tariff abandons a payment in progress. 404 unknown guid, 410 expired, 409 when already booked.
 */
export async function choose(
  deps: QuoteDeps,
  req: z.output<typeof quoteChooseRequest>,
  caller: AuthContext | undefined,
): Promise<QuoteView> {
  const { tenant, quote } = await openQuote(deps, req.database, req.guid, caller);
  if (req.ttyp_tariff === undefined || req.ttyp_tariff === quote.quote_tariff)
    return viewOf(tenant, quote, req.guid);
  assertOpen(quote);
  if (!tariffsOf(quote).some((t) => t.ttyp_tariff === req.ttyp_tariff))
    throw validationError({ ttyp_tariff: 'Unknown tariff' });
  await abandonPending(deps, tenant, quote.quote_id);
  const state = quote.quote_state === 'priced' ? 'chosen' : quote.quote_state;
  if (
    !(await repo.updateOpenQuote(tenant.db, quote.quote_id, {
      quote_tariff: req.ttyp_tariff,
      quote_state: state,
    }))
  )
    throw booked();
  return viewOf(tenant, { ...quote, quote_tariff: req.ttyp_tariff, quote_state: state }, req.guid);
}

const booked = () => new AppError('CONFLICT', 'This quote is already booked', { guid: 'Already booked' });
function assertOpen(q: repo.QuoteRow): void {
  if (q.quote_dck_id !== null) throw booked();
}

/** Filled parts of a quote address among company, building, street, locality, town, county, post code, country. */
const ADDRESS_PARTS = [
  'dadd_companyname',
  'dadd_build',
  'dadd_street',
  'dadd_locality',
  'dadd_town',
  'dadd_county',
  'dadd_postalcode',
  'dadd_country',
] as const;

/**
 * quote/docket (public): the contact details and full addresses of pages 3 and 4, checked by the
 * booking's rules on the quote account (mandatory fields, PO box, hours of operation, references)
 * and the quote's: a tariff chosen first (422 naming ttyp_tariff), the quoted post codes in their
 * order (422 naming the post code: its price is frozen), three filled parts per address (422 with
 * the spec's message naming the address). Saves them; the quote is then ready to pay.
 */
export async function saveDocket(
  deps: QuoteDeps,
  req: z.output<typeof quoteDocketRequest>,
  caller: AuthContext | undefined,
): Promise<QuoteView> {
  const { tenant, quote } = await openQuote(deps, req.database, req.guid, caller);
  assertOpen(quote);
  if (!chosenOf(quote))
    throw new AppError('BUSINESS_RULE', 'Please choose a tariff first', { ttyp_tariff: 'Choose a tariff' });
  const data = dataOf(quote);
  if (req.addresses.length !== data.postcodes.length)
    throw new AppError('BUSINESS_RULE', 'The addresses are not those quoted, please get a new quote', {
      addresses: `The quote has ${data.postcodes.length} addresses`,
    });
  req.addresses.forEach((a, i) => {
    const quoted = data.postcodes[i]!;
    if (
      normalisePostcode(a.dadd_postalcode) !== quoted.dadd_postalcode ||
      a.dadd_addresstype !== quoted.dadd_addresstype
    ) {
      const message = `Not the quoted post code ${quoted.dadd_postalcode}, please get a new quote`;
      throw new AppError('BUSINESS_RULE', message, { [`addresses.${i}.dadd_postalcode`]: message });
    }
    if (ADDRESS_PARTS.filter((k) => a[k].trim()).length < 3)
      throw new AppError('BUSINESS_RULE', MSG.quoteAddressParts, {
        [`addresses.${i}`]: MSG.quoteAddressParts,
      });
  });
  const contact = {
    dck_contact: req.dck_contact,
    dck_telephone: req.dck_telephone,
    dck_email: req.dck_email,
    dck_cust_ref1: req.dck_cust_ref1,
    dck_cust_ref2: req.dck_cust_ref2,
    dck_cust_ref3: req.dck_cust_ref3,
    dck_cust_ref4: req.dck_cust_ref4,
  };
  const addresses = req.addresses.map((a) => ({
    ...a,
    dadd_postalcode: normalisePostcode(a.dadd_postalcode),
  }));
  await validateBookingOn(tenant.db, false, docketOfQuote(quote, contact, addresses));
  const next: QuoteData = { ...data, contact, addresses };
  if (!(await repo.updateOpenQuote(tenant.db, quote.quote_id, { quote_data: next, quote_state: 'detailed' })))
    throw booked();
  return viewOf(tenant, { ...quote, quote_data: next, quote_state: 'detailed' }, req.guid);
}

/**
 * quote/checkout (public): starts the card payment of the chosen tariff's hold (pence inside,
 * pounds in the answer) with the provider the quote account's method of payment uses (settings
 * payment.provider.O / .S). 422 'Incomplete addresses' before quote/docket, 422 naming `amount`
 * ('Payment amount not provided') without a hold, 422 naming `provider` when none is configured
 * or, with `only` (strip/checkout), when the quote's provider is another.
 */
export async function checkout(
  deps: QuoteDeps,
  req: { database: string; guid: string },
  caller: AuthContext | undefined,
  only?: string,
): Promise<CheckoutResponse> {
  const { tenant, quote } = await openQuote(deps, req.database, req.guid, caller);
  assertOpen(quote);
  assertComplete(quote);
  const settings = await quoteSettingsOf(tenant.db);
  const account = await quoteAccount(tenant.db, quote.quote_cust_id);
  if (!account || (account.cust_mop === 'A' && account.cust_id !== settings.quoteCustomer))
    throw new AppError('BUSINESS_RULE', MSG.accountPayerBooking, { guid: MSG.accountPayerBooking });
  const hold = chosenOf(quote)?.hold ?? 0;
  if (hold <= 0)
    throw new AppError('BUSINESS_RULE', MSG.paymentAmountMissing, { amount: MSG.paymentAmountMissing });
  const mop = account.cust_mop === 'S' ? 'S' : 'O';
  if (only && settings.providerOf[mop] !== only)
    throw new AppError('BUSINESS_RULE', `This quote is not paid through ${only}`, {
      provider: `Paid through ${settings.providerOf[mop]}`,
    });
  const provider = providerOf(deps, settings.providerOf[mop]);
  return startPayment(deps, tenant, quote, provider, { amountPence: hold, currency: settings.currencyCode });
}

/** 422 'Incomplete addresses' (spec "bookings…" §5) until quote/docket saved the addresses. */
function assertComplete(q: repo.QuoteRow): void {
  const data = dataOf(q);
  if (!data.addresses || !data.contact)
    throw new AppError('BUSINESS_RULE', MSG.incompleteAddresses, { addresses: MSG.incompleteAddresses });
}

/**
 * quote/payment (public): the return from the card page (or the card form's token): runs the one
 * fulfilment, which asks the provider and books the docket once. Answers the booking reference;
 * 422 'Payment Unsuccessful' with the settings' message (Quote.PaymentError) naming `reference`
 * for a declined, abandoned or failed payment; 409 while the provider has no answer yet (with
 * `fields.challenge` while the card issuer's 3-D Secure check waits for the payer); 410 once
 * the quote has expired unpaid. An authorised payment books even after the 15 minutes: the hold is taken.
 */
export async function pay(
  deps: QuoteDeps,
  req: z.output<typeof quotePaymentRequest>,
  caller: AuthContext | undefined,
  opts: { shopper?: Shopper; onMailError?: (err: unknown) => void } = {},
): Promise<QuotePaymentResponse> {
  const { tenant, quote } = await openQuote(deps, req.database, req.guid, caller, true);
  const auth = await repo.authorisationOf(tenant.db, quote.quote_id, req.reference);
  if (!auth) {
    if (isExpired(deps, quote)) throw expired();
    throw new AppError('NOT_FOUND', 'Payment not found', { reference: 'Unknown payment' });
  }
  const result = await fulfil(deps, tenant, auth.pauth_provider, req.reference, {
    token: req.token,
    shopper: opts.shopper,
    quoteId: quote.quote_id,
    onMailError: opts.onMailError,
  });
  if (result.state === 'authorised') return result.booking;
  if (isExpired(deps, quote)) throw expired();
  if (result.state === 'pending') throw notCompleteYet(result.challenge);
  const { paymentError } = await quoteSettingsOf(tenant.db);
  throw new AppError('BUSINESS_RULE', paymentError, {
    reference: result.message || MSG.paymentUnsuccessfulTitle,
  });
}

/**
 * quote/book (signed in, booking right): books the quote of an account payer (the caller's own
 * account, mop 'A') without a payment (spec "bookings…" §4: account payers skip pages 5 to 7), at
 * the price frozen on the tariffs page, through the one quote booking of the card fulfilment
 * (bookQuote): the quote's row is locked, so a double submit or a second tab gets the first
 * booking. 401 without a session of this database; 403 without the booking right or when the
 * account is no longer linked; 404 for another user's quote; 422 naming `guid` when the account
 * pays by card, 'Incomplete addresses' before quote/docket; 410 once expired unbooked.
 */
export async function bookOnAccount(
  deps: QuoteDeps,
  req: { database: string; guid: string },
  caller: AuthContext | undefined,
  onMailError: (err: unknown) => void = () => undefined,
): Promise<QuotePaymentResponse> {
  if (!caller || caller.tenant.name !== req.database)
    throw new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
  assertRight(caller, 'booking');
  const { tenant, quote } = await openQuote(deps, req.database, req.guid, caller, true);
  if (quote.quote_ausr_id !== caller.user.ausr_id) throw notFound();
  assertAccount(caller, quote.quote_cust_id, 'guid');
  const account = caller.accounts.find((a) => a.cust_id === quote.quote_cust_id)!;
  if (account.cust_mop !== 'A')
    throw new AppError('BUSINESS_RULE', MSG.cardPayerBooking, { guid: MSG.cardPayerBooking });
  if (isExpired(deps, quote)) throw expired();
  assertComplete(quote);
  let after: QuoteBooked | undefined;
  const booking = await tenant.db.transaction(async (tx) => {
    const locked = (await repo.lockQuote(tx, quote.quote_id))!;
    if (locked.quote_dck_id !== null) {
      const d = (await docketById(tx, locked.quote_dck_id))!;
      return { dck_id: d.dck_id, dck_docket: Number(d.dck_docket), tracking_reference: d.tracking_reference };
    }
    after = await bookQuote(tx, deps, tenant, locked, deps.clock.now());
    return after.booking;
  });
  after?.announce();
  after?.mail?.().catch(onMailError);
  return booking;
}

/**
 * GET larry/cardbooking/{guid}?database= (public): loads a card booking by its guid for the wizard
 * (srv/guid): 422 'Incomplete addresses' until its addresses are saved, 404, 410 as for every call.
 */
export async function cardBooking(
  deps: QuoteDeps,
  database: string,
  guid: string,
  caller: AuthContext | undefined,
): Promise<QuoteView> {
  const { tenant, quote } = await openQuote(deps, database, guid, caller);
  assertComplete(quote);
  return viewOf(tenant, quote, guid);
}

/** How long after a quote starts its guid may ask for a registration link (2 hours). */
export const QUOTE_REGISTER_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * quote/register (public): a registration token for the booking of a paid quote, so the
 * confirmation's Register opens /register ready to use (spec "bookings…" §4). The guid proves the
 * payer as the confirmation mail's link does; the token is single-use, bound to the booking's
 * e-mail and valid 30 days, and registration still refuses a booking that has its user. 422 with
 * the register screen's one refusal naming `guid` until the quote is booked, for a signed-in
 * user's quote, and from 2 hours after the quote began (a guid left in a browser's history
 * registers nobody); 404 unknown guid, or a signed-in user's quote asked for by anyone else.
 */
export async function registerLink(
  deps: QuoteDeps,
  req: { database: string; guid: string },
  caller: AuthContext | undefined,
): Promise<QuoteRegisterResponse> {
  const { tenant, quote } = await openQuote(deps, req.database, req.guid, caller, true);
  const contact = dataOf(quote).contact;
  // The wizard's URL carries the guid: once the payer has had time to register from the
  // confirmation, only the e-mailed link (proof of the booking's mailbox) registers.
  const late = deps.clock.now().getTime() > quote.quote_created.getTime() + QUOTE_REGISTER_WINDOW_MS;
  // Register is for guests (spec "bookings…" §4: shown only when not signed in): a signed-in
  // user's booking registers nobody.
  if (quote.quote_dck_id === null || quote.quote_ausr_id !== null || !contact?.dck_email || late)
    throw new AppError('BUSINESS_RULE', MSG.registerLinkInvalid, { guid: MSG.registerLinkInvalid });
  const token = await issueRegistrationToken(tenant.db, {
    dckId: quote.quote_dck_id,
    email: contact.dck_email,
    bookedAt: deps.clock.now(),
  });
  return {
    dck_id: quote.quote_dck_id,
    token,
    dck_email: contact.dck_email,
    dck_contact: contact.dck_contact,
    dck_telephone: contact.dck_telephone,
  };
}
