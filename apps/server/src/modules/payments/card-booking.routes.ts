import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutResponse,
  docketCardProviderRequest,
  docketCardProviderResponse,
  docketCheckoutRequest,
  docketPaymentRequest,
  postResponse,
} from '@courier/contracts';
import { errorSummary } from '../../lib/error-summary';
import { cardCheckout, cardPayment, cardProvider, type CardBookingDeps } from './card-booking.service';
import { shopperOf } from './shopper';

/**
 * The booking screen's card payment for card payers (spec "bookings…" §4 Booking detail: capture,
 * payment, complete): docket/checkout/provider says how the card is taken, docket/checkout starts
 * the payment, docket/payment asks what became of it (or pays a card form's token) and books.
 */
export function cardBookingRoutes(deps: CardBookingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/docket/checkout/provider',
      { schema: { body: docketCardProviderRequest, response: { 200: docketCardProviderResponse } } },
      async (req) => cardProvider(await req.authenticate(), deps, req.body.dck_cust_id),
    );
    app.post(
      '/api/docket/checkout',
      { schema: { body: docketCheckoutRequest, response: { 200: checkoutResponse } } },
      async (req) => cardCheckout(await req.authenticate(), deps, req.body),
    );
    app.post(
      '/api/docket/payment',
      { schema: { body: docketPaymentRequest, response: { 200: postResponse } } },
      async (req) =>
        cardPayment(await req.authenticate(), deps, req.body, {
          shopper: shopperOf(req),
          onMailError: (err) => req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
        }),
    );
  };
}
