import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardBookingParams,
  cardBookingQuery,
  checkoutResponse,
  databaseRequest,
  quoteChooseRequest,
  quoteCustomer,
  quoteDocketRequest,
  quotePaymentRequest,
  quotePaymentResponse,
  quoteRef,
  quoteRegisterResponse,
  quoteTariffsRequest,
  quoteView,
  tariffType,
} from '@courier/contracts';
import { errorSummary } from '../../lib/error-summary';
import { shopperOf } from '../payments/shopper';
import * as service from './quotes.service';
import type { QuoteDeps } from './quotes.service';

/** Quote wizard calls allowed per address per minute; quote/alltariffs/list (which stores a quote) fewer. */
export const QUOTE_RATE_MAX = 120;
export const QUOTE_CREATE_RATE_MAX = 30;

const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * The quote wizard's calls (spec "bookings…" §7 quote calls, "access…" §7): public, naming their
 * database, rate limited per address like docket/track, refused (401) where guests are not allowed.
 */
export function quoteRoutes(deps: QuoteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/quote/customer',
      { schema: { body: databaseRequest, response: { 200: quoteCustomer } }, config: limit(QUOTE_RATE_MAX) },
      async (req) => service.quoteCustomer(deps, req.body.database, await req.authenticateOptional()),
    );
    app.post(
      '/api/quote/tarifftype/list',
      {
        schema: { body: databaseRequest, response: { 200: z.array(tariffType) } },
        config: limit(QUOTE_RATE_MAX),
      },
      async (req) => service.quoteTariffTypes(deps, req.body.database, await req.authenticateOptional()),
    );
    app.post(
      '/api/quote/alltariffs/list',
      {
        schema: { body: quoteTariffsRequest, response: { 200: quoteView } },
        config: limit(deps.quoteCreateRateMax ?? QUOTE_CREATE_RATE_MAX),
      },
      async (req) => service.allTariffs(deps, req.body, await req.authenticateOptional()),
    );
    app.post(
      '/api/quote',
      { schema: { body: quoteChooseRequest, response: { 200: quoteView } }, config: limit(QUOTE_RATE_MAX) },
      async (req) => service.choose(deps, req.body, await req.authenticateOptional()),
    );
    app.post(
      '/api/quote/docket',
      { schema: { body: quoteDocketRequest, response: { 200: quoteView } }, config: limit(QUOTE_RATE_MAX) },
      async (req) => service.saveDocket(deps, req.body, await req.authenticateOptional()),
    );
    app.post(
      '/api/quote/checkout',
      { schema: { body: quoteRef, response: { 200: checkoutResponse } }, config: limit(QUOTE_RATE_MAX) },
      async (req) => service.checkout(deps, req.body, await req.authenticateOptional()),
    );
    app.post(
      '/api/quote/payment',
      {
        schema: { body: quotePaymentRequest, response: { 200: quotePaymentResponse } },
        config: limit(QUOTE_RATE_MAX),
      },
      async (req) =>
        service.pay(deps, req.body, await req.authenticateOptional(), {
          shopper: shopperOf(req),
          onMailError: (err) => req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
        }),
    );
    app.post(
      '/api/quote/book',
      {
        schema: { body: quoteRef, response: { 200: quotePaymentResponse } },
        config: limit(QUOTE_RATE_MAX),
      },
      async (req) =>
        service.bookOnAccount(deps, req.body, await req.authenticateOptional(), (err) =>
          req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
        ),
    );
    app.post(
      '/api/quote/register',
      {
        schema: { body: quoteRef, response: { 200: quoteRegisterResponse } },
        config: limit(QUOTE_CREATE_RATE_MAX),
      },
      async (req) => service.registerLink(deps, req.body, await req.authenticateOptional()),
    );
    app.get(
      '/api/larry/cardbooking/:guid',
      {
        schema: { params: cardBookingParams, querystring: cardBookingQuery, response: { 200: quoteView } },
        config: limit(QUOTE_RATE_MAX),
      },
      async (req) =>
        service.cardBooking(deps, req.query.database, req.params.guid, await req.authenticateOptional()),
    );
  };
}
