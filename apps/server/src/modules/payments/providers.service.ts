import type Stripe from 'stripe';
import type {
  QuotePaymentResponse,
  StripeCheckoutResponse,
  StripeDetailsResponse,
  StripeSessionResponse,
  WorldpaySettingsResponse,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/access';
import { guestTenant } from '../auth/guest.service';
import { quoteSettingsOf } from '../settings/settings.service';
import { checkout, pay, type QuoteDeps } from '../quotes/quotes.service';
import { fulfil, type Fulfilment } from './payments.service';
import * as repo from './payments.repository';
import { StripeProvider } from './stripe.provider';
import { WorldpayProvider } from './worldpay.provider';

/** 422 naming `provider` in the spec's words: the provider is not configured (spec "bookings…" §8). */
const notConfigured = (kind: string) =>
  new AppError('BUSINESS_RULE', `The card payment provider ${kind} is not configured`, {
    provider: 'Not configured',
  });

/** The deployment's Stripe provider; 422 when STRIPE_SECRET_KEY is not set. */
export function stripeOf(deps: Pick<QuoteDeps, 'payments'>): StripeProvider {
  const p = deps.payments.stripe;
  if (!(p instanceof StripeProvider)) throw notConfigured('stripe');
  return p;
}

function worldpayOf(deps: Pick<QuoteDeps, 'payments'>): WorldpayProvider {
  const p = deps.payments.worldpay;
  if (!(p instanceof WorldpayProvider)) throw notConfigured('worldpay');
  return p;
}

/** strip/stripedetails (public; spec "bookings…" §7): the publishable key; 422 when Stripe has none. */
export async function stripeDetails(
  deps: QuoteDeps,
  database: string,
  caller: AuthContext | undefined,
): Promise<StripeDetailsResponse> {
  await guestTenant(deps, database, caller);
  const key = stripeOf(deps).publishableKey;
  if (!key) throw notConfigured('stripe');
  return { publishableKey: key };
}

/**
 * strip/checkout (public): quote/checkout for a quote whose method of payment uses Stripe, in the
 * spec's shape: the Checkout Session's id and its hosted page's url. 422 naming `provider` when
 * the quote pays through another provider; otherwise quote/checkout's errors.
 */
export async function stripeCheckout(
  deps: QuoteDeps,
  req: { database: string; guid: string },
  caller: AuthContext | undefined,
): Promise<StripeCheckoutResponse> {
  stripeOf(deps);
  const begun = await checkout(deps, req, caller, 'stripe');
  return { id: begun.reference, url: begun.url ?? '' };
}

/**
 * strip/retriveSession (public): how a Checkout Session of this database stands, read from Stripe
 * by our server: its status, payment_status and the last payment error's message. 404 naming
 * `session_id` for a session this database did not start (another tenant's included).
 */
export async function stripeSession(
  deps: QuoteDeps,
  req: { database: string; session_id: string },
  caller: AuthContext | undefined,
): Promise<StripeSessionResponse> {
  const tenant = await guestTenant(deps, req.database, caller);
  const stripe = stripeOf(deps);
  if (!(await repo.authorisationByReference(tenant.db, stripe.name, req.session_id)))
    throw new AppError('NOT_FOUND', 'Payment not found', { session_id: 'Unknown payment' });
  return stripe.sessionStatus(req.session_id).catch(() => {
    throw new AppError('CONFLICT', 'The card payment provider did not answer, please try again', {
      session_id: 'No answer',
    });
  });
}

/**
 * strip/payment (public; spec "bookings…" §7 payment processing): quote/payment for a Stripe
 * session: the one fulfilment, which asks Stripe and books the quote once. Its answers and errors.
 */
export function stripePayment(
  deps: QuoteDeps,
  req: { database: string; guid: string; session_id: string },
  caller: AuthContext | undefined,
  onMailError?: (err: unknown) => void,
): Promise<QuotePaymentResponse> {
  stripeOf(deps);
  return pay(deps, { database: req.database, guid: req.guid, reference: req.session_id }, caller, {
    onMailError,
  });
}

/** What the webhook did with an event. */
export type WebhookResult = { handled: false } | { handled: true; fulfilment: Fulfilment };

/** The Checkout Session events that end a payment: paid (held), or no longer payable. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * The Stripe webhook (issue 11 §2): the event is checked against its `Stripe-Signature` on the
 * raw body (400 naming `stripe-signature` when it does not match), and a Checkout Session event
 * of one of our tenants (its metadata.database) runs the one idempotent fulfilment, the same the
 * return page runs: a replayed or duplicated event finds the booking the first made. Events of
 * other kinds, tenants or sessions are acknowledged and ignored (Stripe would resend them
 * otherwise). A payment Stripe cannot yet tell about (no answer) is 409 so Stripe sends it again.
 */
export async function stripeWebhook(
  deps: QuoteDeps,
  rawBody: Buffer,
  signature: string | undefined,
  onMailError?: (err: unknown) => void,
): Promise<WebhookResult> {
  const stripe = stripeOf(deps);
  const verify = await stripe.eventVerifier();
  let event: Stripe.Event;
  try {
    event = verify(rawBody, signature ?? '');
  } catch {
    throw new AppError('VALIDATION', 'The webhook signature does not match', {
      'stripe-signature': 'Invalid signature',
    });
  }
  if (!SESSION_EVENTS.has(event.type)) return { handled: false };
  const session = event.data.object as Stripe.Checkout.Session;
  const tenant = deps.tenants.tenants.find((t) => t.name === session.metadata?.database);
  if (!tenant || !(await repo.authorisationByReference(tenant.db, stripe.name, session.id)))
    return { handled: false };
  const fulfilment = await fulfil(deps, tenant, stripe.name, session.id, { onMailError });
  if (fulfilment.state === 'pending' && event.type !== 'checkout.session.expired')
    throw new AppError('CONFLICT', 'The payment is not complete yet', { id: 'Not complete' });
  return { handled: true, fulfilment };
}

/**
 * system/worldpay (public; spec "access…" §7): what the hosted card form needs: clientKey,
 * templateName, the script's URL, the currency and the hold margin. 422 naming `provider` when
 * Worldpay is not configured (WORLDPAY_CLIENT_KEY and WORLDPAY_SERVICE_KEY).
 */
export async function worldpaySettings(
  deps: QuoteDeps,
  database: string,
  caller: AuthContext | undefined,
): Promise<WorldpaySettingsResponse> {
  const tenant = await guestTenant(deps, database, caller);
  const client = worldpayOf(deps).client;
  const s = await quoteSettingsOf(tenant.db);
  return {
    ...client,
    currencyCode: s.currencyCode,
    currencySymbol: s.currencySymbol,
    holdMargin: s.holdMargin,
  };
}
