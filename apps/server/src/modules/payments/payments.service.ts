import { randomBytes } from 'node:crypto';
import { MSG, penceToPounds, type CheckoutResponse, type PaymentState } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { GeoIndex } from '../../lib/geo';
import type { Mailer } from '../../lib/mail';
import type { Executor } from '../../db/client';
import type { Tenant } from '../../db/tenants';
import { docketById } from '../dockets/dockets.repository';
import { sendConfirmation, writeBooking } from '../dockets/dockets.service';
import { announceBooked } from '../events/events.service';
import { bookingInputOf, chosenOf, dataOf, pricedOfQuote } from '../quotes/quote-booking';
import * as quotes from '../quotes/quotes.repository';
import type {
  PaymentProvider,
  PaymentProviders,
  ProviderContext,
  ProviderOutcome,
  Shopper,
} from './payment-provider';
import * as repo from './payments.repository';

/** What payments need: providers by name, the clock, the post code index and the confirmation mail. */
export interface PaymentDeps {
  payments: PaymentProviders;
  clock: Clock;
  geo: GeoIndex;
  mailer: Mailer;
  publicUrl: string;
  /** Where a failed live notice of a new booking goes (announceBooked); never to the payer. */
  onNotifyError?: (err: unknown) => void;
}

/** The booking a successful authorisation made. */
export interface Booked {
  dck_id: number;
  dck_docket: number;
  tracking_reference: string;
}

/** What fulfilment ends with: the booking, or the state the provider reported and its message. */
export type Fulfilment =
  | { state: 'authorised'; booking: Booked }
  | { state: Exclude<PaymentState, 'authorised'>; message?: string; challenge?: string };

/**
 * The 409 of a payment the provider has no answer for yet, as quote/payment and docket/payment
 * answer it: with `fields.challenge`, the path of our page that takes the payer to the card
 * issuer's 3-D Secure check, while the issuer waits for the payer.
 */
export function notCompleteYet(challenge: string | undefined): AppError {
  return challenge
    ? new AppError('CONFLICT', MSG.cardCheckWaiting, { reference: 'Not complete', challenge })
    : new AppError('CONFLICT', 'The payment is not complete yet', { reference: 'Not complete' });
}

const ctxOf = (tenant: Tenant): ProviderContext => ({ db: tenant.db, database: tenant.name });

/** The provider of a name; 422 naming `provider` when this deployment has none (spec: the provider is not configured). */
export function providerOf(deps: Pick<PaymentDeps, 'payments'>, name: string): PaymentProvider {
  const provider = deps.payments[name];
  if (!provider)
    throw new AppError('BUSINESS_RULE', `The card payment provider ${name} is not configured`, {
      provider: 'Not configured',
    });
  return provider;
}

/**
 * Starts a card payment of a quote for `amountPence` (the hold): earlier pending payments of the
 * quote are abandoned and cancelled at their provider (a second click or tab supersedes the first,
 * so only one can be paid), then the provider opens one and its authorisation is recorded pending.
 * 422 'Payment Unsuccessful' naming `provider` when the provider fails or does not answer.
 * Answers quote/checkout's and docket/checkout's shape: the provider, its reference, its page `url`
 * or card form `client`, and the hold in pounds.
 */
export async function startPayment(
  deps: PaymentDeps,
  tenant: Tenant,
  quote: quotes.QuoteRow,
  provider: PaymentProvider,
  p: { amountPence: number; currency: string },
): Promise<CheckoutResponse> {
  await abandonPending(deps, tenant, quote.quote_id);
  const now = deps.clock.now();
  // Unique per attempt, even for two tabs in one millisecond: it is the Idempotency-Key's and
  // Worldpay's customerOrderCode, and a provider answers a repeated key with the first payment.
  const orderCode = `Q${quote.quote_id}-${now.getTime().toString(36)}-${randomBytes(4).toString('hex')}`;
  const base = deps.publicUrl.replace(/\/$/, '');
  const begun = await provider
    .begin(ctxOf(tenant), {
      idempotencyKey: `quote-${quote.quote_id}-${orderCode}`,
      amountPence: p.amountPence,
      currency: p.currency,
      orderCode,
      description: `${tenant.name} booking quote ${quote.quote_id}`,
      successUrl: `${base}/success`,
      failureUrl: `${base}/failed`,
    })
    .catch(() => {
      // A provider that fails or does not answer (after its own retries): nothing was recorded,
      // the payer may try again (spec "bookings…" §8 'Payment Unsuccessful').
      throw new AppError('BUSINESS_RULE', MSG.paymentError, {
        provider: 'The card payment provider did not answer',
      });
    });
  await repo.insertAuthorisation(tenant.db, {
    quoteId: quote.quote_id,
    provider: provider.name,
    reference: begun.reference,
    amountPence: p.amountPence,
    currency: p.currency,
    now,
  });
  return {
    provider: provider.name,
    reference: begun.reference,
    ...(begun.url ? { url: begun.url } : {}),
    ...(begun.client ? { client: begun.client } : {}),
    amount: penceToPounds(p.amountPence),
    currencyCode: p.currency,
  };
}

/** Abandons a quote's pending payments (the quote changed or a new payment started) and cancels them at the provider. */
export async function abandonPending(deps: PaymentDeps, tenant: Tenant, quoteId: number): Promise<void> {
  for (const a of await repo.pendingOf(tenant.db, quoteId)) {
    if (
      await repo.setAuthorisationState(tenant.db, a.pauth_id, ['pending'], {
        state: 'abandoned',
        now: deps.clock.now(),
      })
    )
      await deps.payments[a.pauth_provider]?.cancel(ctxOf(tenant), a.pauth_reference);
  }
}

/**
 * A quote's booking as written, with what follows its commit: the live notice to send (announce)
 * and the confirmation mail (when it names an e-mail).
 */
export interface QuoteBooked {
  booking: Booked;
  announce: () => void;
  mail?: () => Promise<void>;
}

/**
 * Books a quote that the caller has locked (quotes.lockQuote) and found unbooked and complete,
 * inside the caller's transaction: the docket of bookingInputOf at the quote's frozen price, the
 * quote marked booked (its unique quote_dck_id holds one docket per quote). Shared by the card
 * fulfilment and the account payer's quote/book, so a quote books one way only.
 */
export async function bookQuote(
  tx: Executor,
  deps: Pick<PaymentDeps, 'geo' | 'mailer' | 'publicUrl' | 'onNotifyError'>,
  tenant: Tenant,
  quote: quotes.QuoteRow,
  now: Date,
): Promise<QuoteBooked> {
  const chosen = chosenOf(quote)!;
  const input = bookingInputOf(quote)!;
  const data = dataOf(quote);
  const saved = await writeBooking(tx, {
    input,
    priced: pricedOfQuote(deps.geo, input, chosen),
    ausrId: quote.quote_ausr_id,
    logon: quote.quote_ausr_id ? `user ${quote.quote_ausr_id}` : 'guest',
    booked: now,
    process: data.docket ? 'card' : 'quote',
  });
  await quotes.markQuoteBooked(tx, quote.quote_id, saved.dck_id);
  const booking = {
    dck_id: saved.dck_id,
    dck_docket: saved.dck_docket,
    tracking_reference: saved.tracking_reference,
  };
  const token = saved.registerToken;
  // Guests book on the shared quote account without the price right: the mail shows the total they
  // paid; a booking screen user who may not see prices gets none.
  const total = data.pricesShown === false ? null : chosen.total;
  return {
    booking,
    announce: () => announceBooked(tenant.db, booking.dck_id, now, deps.onNotifyError ?? (() => undefined)),
    mail: token ? () => sendConfirmation(deps, tenant.name, input, booking, token, total) : undefined,
  };
}

/** The booking of a docket id. */
async function bookedOf(db: Executor, dckId: number): Promise<Booked> {
  const d = (await docketById(db, dckId))!;
  return { dck_id: d.dck_id, dck_docket: Number(d.dck_docket), tracking_reference: d.tracking_reference };
}

/**
 * The one idempotent fulfilment (issue 11 §2), called by the return page (quote/payment), the
 * sandbox page and, later, the Stripe webhook: asks the provider (never the browser) what became
 * of the payment, and when it is authorised for the amount recorded, books the quote's docket
 * exactly once. The quote's row is locked (SELECT … FOR UPDATE) while the docket is written, the
 * docket, the quote and the authorisation change in one transaction, and the database holds one
 * docket per quote and per authorisation (unique quote_dck_id, pauth_dck_id): a repeat, a reload,
 * a replayed webhook or a second tab gets the first booking. A hold that can no longer book (its
 * quote was booked by another payment, or changed since) is voided and released at the provider.
 * A declined, abandoned or failed payment books nothing. 404 naming `reference` when unknown.
 */
export async function fulfil(
  deps: PaymentDeps,
  tenant: Tenant,
  providerName: string,
  reference: string,
  opts: { token?: string; shopper?: Shopper; quoteId?: number; onMailError?: (err: unknown) => void } = {},
): Promise<Fulfilment> {
  const db = tenant.db;
  const auth = await repo.authorisationByReference(db, providerName, reference);
  if (!auth || (opts.quoteId !== undefined && auth.pauth_quote_id !== opts.quoteId))
    throw new AppError('NOT_FOUND', 'Payment not found', { reference: 'Unknown payment' });
  if (auth.pauth_dck_id !== null)
    return { state: 'authorised', booking: await bookedOf(db, auth.pauth_dck_id) };
  if (auth.pauth_state === 'abandoned' || auth.pauth_state === 'voided') return { state: 'abandoned' };
  const provider = providerOf(deps, providerName);
  const outcome = await provider
    .confirm(ctxOf(tenant), {
      reference,
      amountPence: auth.pauth_amount_pence,
      currency: auth.pauth_currency,
      orderCode: `Q${auth.pauth_quote_id}-${auth.pauth_id}`,
      token: opts.token,
      shopper: opts.shopper,
    })
    // A provider that does not answer leaves the payment pending: asked again, it may have an answer.
    .catch((): ProviderOutcome => ({ state: 'pending' }));
  const now = deps.clock.now();
  if (outcome.state !== 'authorised') {
    if (outcome.state !== 'pending')
      await repo.setAuthorisationState(db, auth.pauth_id, ['pending', 'declined', 'failed'], {
        state: outcome.state,
        message: outcome.message ?? '',
        now,
      });
    return { state: outcome.state, message: outcome.message, challenge: outcome.challenge };
  }
  let after: QuoteBooked | undefined;
  let released = false;
  const result = await db.transaction(async (tx): Promise<Fulfilment | 'void'> => {
    const quote = await quotes.lockQuote(tx, auth.pauth_quote_id);
    const locked = await repo.lockAuthorisation(tx, auth.pauth_id);
    if (!quote || !locked) {
      released = true;
      return 'void';
    }
    if (locked.pauth_dck_id !== null)
      return { state: 'authorised', booking: await bookedOf(tx, locked.pauth_dck_id) };
    const chosen = chosenOf(quote);
    const input = bookingInputOf(quote);
    const payable =
      ['pending', 'declined', 'failed'].includes(locked.pauth_state) &&
      outcome.amountPence === locked.pauth_amount_pence &&
      chosen?.hold === locked.pauth_amount_pence &&
      input;
    if (quote.quote_dck_id !== null || !payable) {
      await repo.setAuthorisationState(tx, locked.pauth_id, ['pending', 'declined', 'failed', 'authorised'], {
        state: 'voided',
        message: quote.quote_dck_id !== null ? 'Quote already booked' : 'Quote changed or amount differs',
        now,
      });
      released = true;
      return quote.quote_dck_id !== null
        ? { state: 'authorised', booking: await bookedOf(tx, quote.quote_dck_id) }
        : 'void';
    }
    const written = await bookQuote(tx, deps, tenant, quote, now);
    await repo.setAuthorisationState(tx, locked.pauth_id, ['pending', 'declined', 'failed'], {
      state: 'authorised',
      message: '',
      dckId: written.booking.dck_id,
      now,
    });
    after = written;
    return { state: 'authorised', booking: written.booking };
  });
  // A hold that lost to another payment of the same quote, or outlived its quote: release it.
  if (released) await provider.cancel(ctxOf(tenant), reference).catch(() => undefined);
  if (result === 'void') return { state: 'abandoned', message: MSG.quoteExpired };
  after?.announce();
  after?.mail?.().catch(opts.onMailError ?? (() => undefined));
  return result;
}
