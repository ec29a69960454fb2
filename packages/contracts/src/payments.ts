import { z } from 'zod';
import { databaseName, str } from './common';
import { quoteRef } from './quotes';

/**
 * The card providers' own calls (spec "bookings…" §7 Payments, "access…" §7): Stripe Checkout as
 * `strip/…` (the spec's spelling) and Worldpay's settings as `system/worldpay`. Prices are never
 * taken from the browser: every amount comes from the quote on the server.
 */

/** A Stripe Checkout Session id (cs_…). */
const sessionId = str().min(3).max(200);

/** strip/stripedetails answer: the publishable key (never the secret one). */
export const stripeDetailsResponse = z.object({ publishableKey: z.string() });
export type StripeDetailsResponse = z.infer<typeof stripeDetailsResponse>;

/** strip/checkout answer: the Checkout Session's id and the URL of Stripe's hosted page. */
export const stripeCheckoutResponse = z.object({ id: z.string(), url: z.string() });
export type StripeCheckoutResponse = z.infer<typeof stripeCheckoutResponse>;

/** strip/retriveSession body: the database and the session id from the return URL. */
export const stripeSessionRequest = z.object({ database: databaseName(), session_id: sessionId });
export type StripeSessionRequest = z.input<typeof stripeSessionRequest>;

/**
 * strip/retriveSession answer: the session's status ('open', 'complete', 'expired'), its
 * payment_status, and the PaymentIntent's last_payment_error.message ('' when none), read by our
 * server with the secret key (the spec's browser read it with a bearer key; ours never holds one).
 */
export const stripeSessionResponse = z.object({
  status: z.string(),
  payment_status: z.string(),
  last_payment_error: z.string(),
});
export type StripeSessionResponse = z.infer<typeof stripeSessionResponse>;

/** strip/payment body: the quote and the session that paid it; the one fulfilment books it. */
export const stripePaymentRequest = quoteRef.extend({ session_id: sessionId });
export type StripePaymentRequest = z.input<typeof stripePaymentRequest>;

/**
 * system/worldpay answer (spec "access…" §7): the card form's clientKey and templateName, where its
 * script loads from, the currency and the hold margin (percent).
 */
export const worldpaySettingsResponse = z.object({
  clientKey: z.string(),
  templateName: z.string(),
  scriptUrl: z.string(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  holdMargin: z.number(),
});
export type WorldpaySettingsResponse = z.infer<typeof worldpaySettingsResponse>;
