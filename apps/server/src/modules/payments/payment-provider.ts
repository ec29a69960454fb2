import type { PaymentState } from '@courier/contracts';
import type { Executor } from '../../db/client';

/**
 * One card payment provider behind the quote wizard and the booking screen (issue 11 §2): the
 * sandbox now; Stripe Checkout and Worldpay's card form later, each an adapter of this interface.
 * Authorise only: a provider places a hold of `amountPence` (the hold: total + holdMargin %) and
 * never captures it. Amounts are pence, currencies ISO 4217 codes ('GBP').
 */
/**
 * How long a provider's payment page stays payable after the checkout began (s): Stripe's shortest
 * Checkout Session life (30 minutes) and a minute. A page left open takes no payment after that, so
 * a quote's frozen price cannot be paid long after the quote expired.
 */
export const PAYMENT_PAGE_SECONDS = 31 * 60;

export interface PaymentProvider {
  /** The name settings use (payment.provider.O / .S) and authorisations record. */
  readonly name: string;
  /** True when the card is taken by the provider's form inside our page (a token), not on its own page. */
  readonly cardForm: boolean;
  /**
   * Starts a payment for a quote. Idempotent per `idempotencyKey` (Stripe: its Idempotency-Key; the
   * sandbox: a fresh reference each call, the caller reuses a pending one). Answers the provider's
   * reference (Stripe: the Checkout Session id; Worldpay: our customerOrderCode) and either a `url`
   * of a hosted page to send the payer to (sandbox, Stripe Checkout in payment mode with
   * capture_method 'manual') or `client` settings for a card form in the page (Worldpay:
   * clientKey, templateName). Throws on a provider failure (the caller answers the payment error).
   */
  begin(ctx: ProviderContext, req: BeginPayment): Promise<BegunPayment>;
  /**
   * What the provider says of a payment now, read on our server, never trusted from the browser
   * (Stripe: the session with its PaymentIntent expanded, `requires_capture` → authorised, the
   * `last_payment_error.message` as the message; Worldpay: places the authorise-only order with
   * the browser's `token` and `orderCode`; the sandbox: its own book). Safe to call again: an
   * authorised payment stays authorised with the same amount.
   */
  confirm(ctx: ProviderContext, req: ConfirmPayment): Promise<ProviderOutcome>;
  /** Releases a hold or closes an unpaid session (Stripe: cancel the PaymentIntent or expire the session). */
  cancel(ctx: ProviderContext, reference: string): Promise<void>;
}

/** The tenant a call is for: its database (the sandbox keeps its book there) and name. */
export interface ProviderContext {
  db: Executor;
  database: string;
}

export interface BeginPayment {
  idempotencyKey: string;
  amountPence: number;
  currency: string;
  /** Our order code (Worldpay's customerOrderCode): 'Q{quote id}-{attempt}'. */
  orderCode: string;
  description: string;
  /** Where a hosted page sends the payer back (the /success and /failed screens). */
  successUrl: string;
  failureUrl: string;
}

export interface BegunPayment {
  reference: string;
  url?: string;
  client?: Record<string, string>;
}

export interface ConfirmPayment {
  reference: string;
  amountPence: number;
  currency: string;
  orderCode: string;
  /** The card form's token (Worldpay); absent for hosted pages. */
  token?: string;
  /** The payer's browser as our server saw it (Worldpay's 3-D Secure order fields). */
  shopper?: Shopper;
}

/**
 * The payer's browser, from the request that carries the card form's token: the address, the
 * User-Agent and the Accept header (Worldpay's shopperIpAddress, shopperUserAgent,
 * shopperAcceptHeader, which 3-D Secure needs on the order and again on its completion).
 */
export interface Shopper {
  ip: string;
  userAgent: string;
  accept: string;
}

/** The provider's answer: the state, the amount it holds (pence) and its message for a failure. */
export interface ProviderOutcome {
  state: PaymentState;
  amountPence?: number;
  message?: string;
  /**
   * While pending: the card issuer asks the payer to confirm the payment (3-D Secure). The path
   * of our page that takes the payer's browser to the issuer's check (shown in a frame).
   */
  challenge?: string;
}

/** The providers a deployment offers, by name. */
export type PaymentProviders = Readonly<Record<string, PaymentProvider>>;
