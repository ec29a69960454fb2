import type { Clock } from '../../lib/clock';
import type { PaymentProviders } from './payment-provider';
import { StripeProvider } from './stripe.provider';
import { WorldpayProvider } from './worldpay.provider';

/** The environment the card providers read (config/env.ts parses it). */
export interface PaymentEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_BASE?: string;
  WORLDPAY_SERVICE_KEY?: string;
  WORLDPAY_CLIENT_KEY?: string;
  WORLDPAY_TEMPLATE_NAME?: string;
  WORLDPAY_API_BASE?: string;
  WORLDPAY_JS_URL?: string;
}

/**
 * The card providers this deployment has keys for (issue 11 §2): Stripe with STRIPE_SECRET_KEY,
 * Worldpay with WORLDPAY_SERVICE_KEY and WORLDPAY_CLIENT_KEY. The sandbox is added by app.ts (PAYMENT_SANDBOX);
 * the tenant's settings payment.provider.O / .S choose among them.
 */
export function paymentProvidersFromEnv(env: PaymentEnv, clock: Clock): PaymentProviders {
  const providers: Record<string, StripeProvider | WorldpayProvider> = {};
  if (env.STRIPE_SECRET_KEY)
    providers.stripe = new StripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      apiBase: env.STRIPE_API_BASE,
    });
  if (env.WORLDPAY_SERVICE_KEY && env.WORLDPAY_CLIENT_KEY)
    providers.worldpay = new WorldpayProvider(
      {
        serviceKey: env.WORLDPAY_SERVICE_KEY,
        clientKey: env.WORLDPAY_CLIENT_KEY,
        templateName: env.WORLDPAY_TEMPLATE_NAME,
        apiBase: env.WORLDPAY_API_BASE,
        scriptUrl: env.WORLDPAY_JS_URL,
      },
      clock,
    );
  return providers;
}

/**
 * The origins the web app loads a card form from (the Content-Security-Policy's script-src and
 * frame-src): Worldpay's script's, when Worldpay is configured.
 */
export function cardFormOrigins(payments: PaymentProviders | undefined): string[] {
  const worldpay = payments?.worldpay;
  if (!(worldpay instanceof WorldpayProvider)) return [];
  try {
    return [new URL(worldpay.client.scriptUrl).origin];
  } catch {
    return [];
  }
}

/**
 * What the card check's frame may show besides our own pages (frame-src), when Worldpay is
 * configured: the card issuers' 3-D Secure pages, on any https site (each issuer has its own), and
 * the card form's origin (a local fake's check page in tests).
 */
export function cardCheckOrigins(payments: PaymentProviders | undefined): string[] {
  return payments?.worldpay instanceof WorldpayProvider ? ['https:', ...cardFormOrigins(payments)] : [];
}
