import {
  MSG,
  type CheckoutResponse,
  type docketCheckoutRequest,
  type DocketCardProviderResponse,
  type DocketPaymentRequest,
  type PostResponse,
} from '@courier/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/tokens';
import { assertAccount, assertRight, type AuthContext } from '../auth/access';
import { priceInput, type DocketDeps } from '../dockets/dockets.service';
import { seesPrices, shownPounds } from '../pricing/price-view';
import { chosenOf, dataOf, type FrozenTariff, type QuoteData } from '../quotes/quote-booking';
import * as quotes from '../quotes/quotes.repository';
import { quoteSettingsOf } from '../settings/settings.service';
import type { Shopper } from './payment-provider';
import { fulfil, notCompleteYet, providerOf, startPayment, type PaymentDeps } from './payments.service';

/** What the booking screen's card payment needs: the docket rules' and the payments' dependencies. */
export type CardBookingDeps = DocketDeps & PaymentDeps;

/** A booking attempt's card payment stays open this long, as a quote does (15 minutes). */
const ATTEMPT_MINUTES = 15;

/** The methods of payment by card (spec "bookings…" §3 Customer: O hosted card form, S card checkout). */
const CARD_MOPS = ['O', 'S'] as const;
type CardMop = (typeof CARD_MOPS)[number];

/** The stored key of a user's booking attempt (its own key space: no wizard guid hashes to it). */
const attemptHash = (ausrId: number, attempt: string) => sha256(`docket/checkout\n${ausrId}\n${attempt}`);

const paymentNotFound = () =>
  new AppError('NOT_FOUND', 'Payment not found', { reference: 'Unknown payment' });

/** The caller's linked account `custId` when it pays by card; 422 naming `dck_cust_id` when it pays on account. */
function cardAccount(auth: AuthContext, custId: number) {
  const account = auth.accounts.find((a) => a.cust_id === custId)!;
  if (!CARD_MOPS.includes(account.cust_mop as CardMop))
    throw new AppError('BUSINESS_RULE', MSG.accountPayerBooking, { dck_cust_id: MSG.accountPayerBooking });
  return account as typeof account & { cust_mop: CardMop };
}

/**
 * docket/checkout/provider (booking right; spec "bookings…" §4 Booking detail capture): which
 * provider takes the card of account `dck_cust_id` (settings payment.provider.O / .S by its method
 * of payment) and whether the capture page shows that provider's card form (Worldpay) rather than
 * opening its page. 403 for an account not linked to the caller; 422 naming `dck_cust_id` for an
 * account that pays on account, `provider` when that provider is not configured.
 */
export async function cardProvider(
  auth: AuthContext,
  deps: CardBookingDeps,
  custId: number,
): Promise<DocketCardProviderResponse> {
  assertRight(auth, 'booking');
  assertAccount(auth, custId);
  const account = cardAccount(auth, custId);
  const settings = await quoteSettingsOf(auth.db);
  const provider = providerOf(deps, settings.providerOf[account.cust_mop]);
  return { cust_mop: account.cust_mop, card_provider: provider.name, form: provider.cardForm };
}

/**
 * docket/checkout (booking right; spec "bookings…" §4 Booking detail: Confirm sends card payers to
 * card capture): checks the booking as docket/post does (rights, the account linked, the booking
 * rules, the vehicle's capacity), prices it on the server and starts the card payment of its hold
 * (total + the holdMargin %, pence inside, pounds in the answer) with the provider the account's
 * method of payment uses (settings payment.provider.O / .S). The booking waits, as a quote of the
 * account with the docket frozen, until the provider authorises; then the one fulfilment books it
 * once. The same `attempt` again pays for the same booking and supersedes its pending payment.
 * 400/403 as docket/post; 422 naming `dck_cust_id` for an account that pays on account, `amount`
 * ('Payment amount not provided') without a hold, `provider` when none is configured; 409 naming
 * `attempt` once that attempt is booked.
 */
export async function cardCheckout(
  auth: AuthContext,
  deps: CardBookingDeps,
  req: z.output<typeof docketCheckoutRequest>,
): Promise<CheckoutResponse> {
  const { attempt, ...docket } = req;
  const priced = await priceInput(auth, deps, docket, auth.db);
  const account = cardAccount(auth, docket.dck_cust_id);
  const settings = await quoteSettingsOf(auth.db);
  const hold = Math.round(priced.price.total * (1 + settings.holdMargin / 100));
  if (hold <= 0)
    throw new AppError('BUSINESS_RULE', MSG.paymentAmountMissing, { amount: MSG.paymentAmountMissing });
  const provider = providerOf(deps, settings.providerOf[account.cust_mop]);
  const now = deps.clock.now();
  const tariff: FrozenTariff = {
    ttyp_tariff: docket.dck_tariff,
    ttyp_description: '',
    ...priced.price,
    hold,
    miles: priced.miles,
    minutes: priced.minutes,
    rates: null,
  };
  const data: QuoteData = {
    dck_serv_type: docket.dck_serv_type,
    postcodes: docket.addresses.map((a) => ({
      dadd_addresstype: a.dadd_addresstype === 0 ? 0 : 1,
      dadd_postalcode: a.dadd_postalcode,
    })),
    parcels: docket.parcels,
    docket,
    pricesShown: seesPrices(auth),
  };
  const values = {
    quote_cust_id: docket.dck_cust_id,
    quote_state: 'detailed',
    quote_data: data,
    quote_tariffs: [tariff],
    quote_tariff: docket.dck_tariff,
    quote_expires_at: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000),
  };
  const hash = attemptHash(auth.user.ausr_id, attempt);
  const id = await quotes.insertQuoteIfNew(auth.db, {
    ...values,
    quote_guid_hash: hash,
    quote_ausr_id: auth.user.ausr_id,
    quote_created: now,
    quote_dck_id: null,
  });
  // The same attempt again: the same booking, as it now stands, unless it is booked already.
  const quoteId = id ?? (await quotes.quoteByGuidHash(auth.db, hash))!.quote_id;
  if (id === undefined && !(await quotes.updateOpenQuote(auth.db, quoteId, values)))
    throw new AppError('CONFLICT', 'This booking is already paid', { attempt: 'Already booked' });
  const quote = (await quotes.quoteById(auth.db, quoteId))!;
  return startPayment(deps, auth.tenant, quote, provider, {
    amountPence: hold,
    currency: settings.currencyCode,
  });
}

/**
 * docket/payment (booking right): the return from the card page (or a card form's token) on the
 * booking screen: runs the one fulfilment, which asks the provider and books the docket once,
 * and answers it as docket/post does (total and VAT in pounds with the price right only). 404
 * naming `reference` for a payment that is not one of the caller's booking screen payments
 * (another user's included); 409 while the provider has no answer yet (with `fields.challenge`
 * while the card issuer's 3-D Secure check waits for the payer); 422 'Payment
 * Unsuccessful' with the settings' message (Quote.PaymentError) and the provider's own in
 * `fields.reference` for a declined, abandoned or failed payment.
 */
export async function cardPayment(
  auth: AuthContext,
  deps: CardBookingDeps,
  req: DocketPaymentRequest,
  opts: { shopper?: Shopper; onMailError?: (err: unknown) => void } = {},
): Promise<PostResponse> {
  assertRight(auth, 'booking');
  const pauth = await quotes.authorisationByRef(auth.db, req.reference);
  const quote = pauth && (await quotes.quoteById(auth.db, pauth.pauth_quote_id));
  if (!pauth || !quote || quote.quote_ausr_id !== auth.user.ausr_id || !dataOf(quote).docket)
    throw paymentNotFound();
  assertAccount(auth, quote.quote_cust_id);
  const result = await fulfil(deps, auth.tenant, pauth.pauth_provider, req.reference, {
    token: req.token,
    shopper: opts.shopper,
    quoteId: quote.quote_id,
    onMailError: opts.onMailError,
  });
  if (result.state === 'authorised') {
    const chosen = chosenOf(quote)!;
    const total = shownPounds(auth, chosen.total);
    const netvat = shownPounds(auth, chosen.vat);
    return { ...result.booking, ...(total === null || netvat === null ? {} : { total, netvat }) };
  }
  if (result.state === 'pending') throw notCompleteYet(result.challenge);
  const { paymentError } = await quoteSettingsOf(auth.db);
  throw new AppError('BUSINESS_RULE', paymentError, {
    reference: result.message || MSG.paymentUnsuccessfulTitle,
  });
}
