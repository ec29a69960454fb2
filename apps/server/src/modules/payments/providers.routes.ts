import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  databaseRequest,
  quotePaymentResponse,
  quoteRef,
  stripeCheckoutResponse,
  stripeDetailsResponse,
  stripePaymentRequest,
  stripeSessionRequest,
  stripeSessionResponse,
  worldpaySettingsResponse,
} from '@courier/contracts';
import { errorSummary } from '../../lib/error-summary';
import type { QuoteDeps } from '../quotes/quotes.service';
import { QUOTE_RATE_MAX } from '../quotes/quotes.routes';
import * as service from './providers.service';

const limit = { rateLimit: { max: QUOTE_RATE_MAX, timeWindow: '1 minute' } };

/**
 * The card providers' calls (spec "bookings…" §7 Payments, "access…" §7): strip/stripedetails,
 * strip/checkout, strip/retriveSession, strip/payment and system/worldpay, public like the quote
 * calls (they name their database, guests where guest access is allowed) and rate limited; and
 * Stripe's webhook, which reads its body raw to check the signature.
 */
export function providerRoutes(deps: QuoteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/strip/stripedetails',
      { schema: { body: databaseRequest, response: { 200: stripeDetailsResponse } }, config: limit },
      async (req) => service.stripeDetails(deps, req.body.database, await req.authenticateOptional()),
    );
    app.post(
      '/api/strip/checkout',
      { schema: { body: quoteRef, response: { 200: stripeCheckoutResponse } }, config: limit },
      async (req) => service.stripeCheckout(deps, req.body, await req.authenticateOptional()),
    );
    app.post(
      '/api/strip/retriveSession',
      { schema: { body: stripeSessionRequest, response: { 200: stripeSessionResponse } }, config: limit },
      async (req) => service.stripeSession(deps, req.body, await req.authenticateOptional()),
    );
    app.post(
      '/api/strip/payment',
      { schema: { body: stripePaymentRequest, response: { 200: quotePaymentResponse } }, config: limit },
      async (req) =>
        service.stripePayment(deps, req.body, await req.authenticateOptional(), (err) =>
          req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
        ),
    );
    app.post(
      '/api/system/worldpay',
      { schema: { body: databaseRequest, response: { 200: worldpaySettingsResponse } }, config: limit },
      async (req) => service.worldpaySettings(deps, req.body.database, await req.authenticateOptional()),
    );
    await app.register(stripeWebhookRoute(deps));
  };
}

/**
 * POST /api/strip/webhook: Stripe's events. In a context of its own whose JSON parser keeps the
 * body as bytes: the signature is over the raw body, which a parse and re-serialise would change.
 */
function stripeWebhookRoute(deps: QuoteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      '/api/strip/webhook',
      {
        schema: {
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: z.object({ received: z.boolean(), handled: z.boolean() }) },
        },
      },
      async (req) => {
        const result = await service.stripeWebhook(
          deps,
          req.body as Buffer,
          req.headers['stripe-signature'],
          (err) => req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
        );
        return { received: true, handled: result.handled };
      },
    );
  };
}
