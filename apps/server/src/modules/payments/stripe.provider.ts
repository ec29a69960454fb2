import type Stripe from 'stripe';
import { lazy } from '../../lib/lazy';
import {
  PAYMENT_PAGE_SECONDS,
  type BeginPayment,
  type BegunPayment,
  type ConfirmPayment,
  type PaymentProvider,
  type ProviderContext,
  type ProviderOutcome,
} from './payment-provider';

/** How a Stripe Checkout Session stands, as strip/retriveSession answers it (spec "bookings…" §7). */
export interface StripeSessionStatus {
  /** The session's status: 'open', 'complete' or 'expired'. */
  status: string;
  /** The session's payment_status ('unpaid' while a manual-capture hold waits to be captured). */
  payment_status: string;
  /** The PaymentIntent's last_payment_error.message, for the /failed screen; '' when none. */
  last_payment_error: string;
}

export interface StripeOptions {
  secretKey: string;
  /** Signs the webhook's events (STRIPE_WEBHOOK_SECRET); without it the webhook refuses every event. */
  webhookSecret?: string;
  /** The publishable key strip/stripedetails answers (STRIPE_PUBLISHABLE_KEY). */
  publishableKey?: string;
  /** Another API base (STRIPE_API_BASE, e.g. http://127.0.0.1:12111 for a local fake); Stripe's own by default. */
  apiBase?: string;
  /** Per request (ms); 10 s by default. */
  timeoutMs?: number;
  /** Network retries of the SDK (with the same Idempotency-Key); 1 by default. */
  maxNetworkRetries?: number;
}

/** The SDK's host, port and protocol of an API base URL (the SDK takes them apart). */
function hostOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The expanded PaymentIntent of a session, or undefined while it has none. */
const intentOf = (s: Stripe.Checkout.Session): Stripe.PaymentIntent | undefined =>
  s.payment_intent && typeof s.payment_intent === 'object' ? s.payment_intent : undefined;

/**
 * Stripe Checkout (issue 11 §2; spec "bookings…" §7 card checkout provider) through the `stripe`
 * SDK: a Checkout Session in payment mode whose PaymentIntent is authorise-only
 * (`capture_method: 'manual'`) for the hold in pence, created with an Idempotency-Key per quote
 * payment; the payer pays on Stripe's hosted page and comes back to /success or /failed. The
 * outcome is read on our server by retrieving the session with its PaymentIntent expanded:
 * `requires_capture` is a hold (authorised), `last_payment_error.message` a decline. The secret key
 * stays on the server; the browser only ever gets the session's URL and the publishable key.
 * The SDK (about 38 MB of a process's memory) is loaded on the provider's first call.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly cardForm = false;
  /** The SDK's client, created on first use (a failed load is tried again on the next call). */
  private readonly sdk = lazy(() =>
    import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(this.options.secretKey, {
          // The SDK pins the API version it was generated for, so answers keep the shape typed here.
          timeout: this.options.timeoutMs ?? 10_000,
          maxNetworkRetries: this.options.maxNetworkRetries ?? 1,
          telemetry: false,
          ...hostOf(this.options.apiBase),
        }),
    ),
  );

  constructor(private readonly options: StripeOptions) {}

  /** The publishable key for the browser (strip/stripedetails), or undefined when not set. */
  get publishableKey(): string | undefined {
    return this.options.publishableKey;
  }

  async begin(ctx: ProviderContext, req: BeginPayment): Promise<BegunPayment> {
    const back = (url: string) => `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
    const stripe = await this.sdk();
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: req.currency.toLowerCase(),
              unit_amount: req.amountPence,
              product_data: { name: req.description.slice(0, 200) },
            },
          },
        ],
        payment_intent_data: {
          capture_method: 'manual',
          description: req.description.slice(0, 200),
          metadata: { database: ctx.database, orderCode: req.orderCode },
        },
        client_reference_id: req.orderCode,
        // The webhook finds the tenant from here; the signature vouches for it.
        metadata: { database: ctx.database, orderCode: req.orderCode },
        success_url: back(req.successUrl),
        cancel_url: back(req.failureUrl),
        // Stripe's shortest life of a session (30 minutes): an abandoned page stops being payable.
        expires_at: Math.floor(Date.now() / 1000) + PAYMENT_PAGE_SECONDS,
      },
      { idempotencyKey: req.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
    return { reference: session.id, url: session.url };
  }

  /** The session with its PaymentIntent expanded. */
  async retrieve(reference: string): Promise<Stripe.Checkout.Session> {
    return (await this.sdk()).checkout.sessions.retrieve(reference, { expand: ['payment_intent'] });
  }

  async confirm(_ctx: ProviderContext, req: ConfirmPayment): Promise<ProviderOutcome> {
    const session = await this.retrieve(req.reference);
    const intent = intentOf(session);
    const message = intent?.last_payment_error?.message ?? undefined;
    if (intent?.status === 'requires_capture' || intent?.status === 'succeeded') {
      if (intent.currency.toUpperCase() !== req.currency.toUpperCase())
        return { state: 'failed', message: `Held in ${intent.currency.toUpperCase()}, not ${req.currency}` };
      const held = intent.status === 'succeeded' ? intent.amount_received : intent.amount_capturable;
      return { state: 'authorised', amountPence: held };
    }
    if (intent?.status === 'canceled' || session.status === 'expired') return { state: 'abandoned', message };
    // A decline leaves the session open (the payer may try another card on Stripe's page): its
    // message is the answer until then.
    if (message) return { state: 'declined', message };
    return { state: 'pending' };
  }

  async cancel(_ctx: ProviderContext, reference: string): Promise<void> {
    // Best effort: an open session expires by itself, a hold lapses after 7 days.
    try {
      const session = await this.retrieve(reference);
      const intent = intentOf(session);
      const stripe = await this.sdk();
      if (session.status === 'open') await stripe.checkout.sessions.expire(reference);
      else if (intent?.status === 'requires_capture') await stripe.paymentIntents.cancel(intent.id);
    } catch {
      /* already closed, or Stripe unreachable: nothing more to release from here */
    }
  }

  /** strip/retriveSession: the session's status and the PaymentIntent's last payment error. */
  async sessionStatus(reference: string): Promise<StripeSessionStatus> {
    const session = await this.retrieve(reference);
    return {
      status: session.status ?? 'open',
      payment_status: session.payment_status,
      last_payment_error: intentOf(session)?.last_payment_error?.message ?? '',
    };
  }

  /**
   * The check of webhook events, once the SDK is loaded (a failure to load it rejects here): the
   * event of a raw body checked against its `Stripe-Signature` (stripe.webhooks.constructEvent),
   * which throws when the signature, its age or the secret is wrong.
   */
  async eventVerifier(): Promise<(rawBody: Buffer, signature: string) => Stripe.Event> {
    const stripe = await this.sdk();
    return (rawBody, signature) => {
      if (!this.options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    };
  }
}
