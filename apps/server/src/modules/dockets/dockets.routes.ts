import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyHeader,
  docketAddressRow,
  docketBarcodeRow,
  docketDetail,
  docketInput,
  docketParcelRow,
  docketRef,
  exportRequest,
  listRequest,
  listResponse,
  postResponse,
  priceResponse,
  trackRequest,
  trackResponse,
} from '@courier/contracts';
import { errorSummary } from '../../lib/error-summary';
import { routeAndUser } from '../../plugins/auth';
import * as service from './dockets.service';
import type { DocketDeps } from './dockets.service';
import * as lists from './docket-list.service';
import * as details from './docket-detail.service';
import { exportList } from './docket-export.service';
import { sendFile } from './docket-file';
import { label } from './docket-label.service';
import { docketReport } from './docket-report.service';

/**
 * Docket calls of spec "bookings…" §7: price, post, list, export, detail with its address, barcode
 * and parcel lists, the consignment label, report/docket and the public track.
 */
export function docketRoutes(deps: DocketDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/docket/price',
      { schema: { body: docketInput, response: { 200: priceResponse } } },
      async (req) => service.price(await req.authenticate(), deps, req.body),
    );
    app.post(
      '/api/docket/post',
      {
        schema: { body: docketInput, headers: idempotencyHeader, response: { 200: postResponse } },
        // Only bookings that name an e-mail count (their confirmation goes to the address typed):
        // per user, whichever session they book from, so other users are not held.
        config: {
          rateLimit: {
            max: deps.docketMailRateMax ?? 30,
            timeWindow: '1 minute',
            keyGenerator: routeAndUser,
            allowList: (req) => !(req.body as { dck_email?: unknown } | undefined)?.dck_email,
          },
        },
      },
      async (req) =>
        service.post(
          await req.authenticate(),
          deps,
          req.body,
          (err) => req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
          req.headers['idempotency-key'],
        ),
    );
    app.post(
      '/api/docket/list',
      { schema: { body: listRequest, response: { 200: listResponse } } },
      async (req) => lists.list(await req.authenticate(), deps, req.body),
    );
    app.post('/api/docket/export', { schema: { body: exportRequest } }, async (req, reply) =>
      sendFile(reply, await exportList(await req.authenticate(), deps, req.body)),
    );
    app.post(
      '/api/docket/detail',
      { schema: { body: docketRef, response: { 200: docketDetail } } },
      async (req) => details.detail(await req.authenticate(), req.body._docketId),
    );
    app.post(
      '/api/docket/address/list',
      { schema: { body: docketRef, response: { 200: z.array(docketAddressRow) } } },
      async (req) => details.addresses(await req.authenticate(), req.body._docketId),
    );
    app.post(
      '/api/docket/barcode/list',
      { schema: { body: docketRef, response: { 200: z.array(docketBarcodeRow) } } },
      async (req) => details.barcodes(await req.authenticate(), req.body._docketId),
    );
    app.post(
      '/api/docket/parcel/list',
      { schema: { body: docketRef, response: { 200: z.array(docketParcelRow) } } },
      async (req) => details.parcels(await req.authenticate(), req.body._docketId),
    );
    app.post('/api/docket/label', { schema: { body: docketRef } }, async (req, reply) =>
      sendFile(reply, await label(await req.authenticate(), req.body._docketId)),
    );
    app.post('/api/report/docket', { schema: { body: docketRef } }, async (req, reply) =>
      sendFile(reply, await docketReport(await req.authenticate(), req.body._docketId)),
    );
    app.post(
      '/api/docket/track',
      {
        schema: { body: trackRequest, response: { 200: trackResponse } },
        config: { rateLimit: { max: deps.trackRateMax ?? 300, timeWindow: '1 minute' } },
      },
      async (req) => service.track(deps, req.body, await req.authenticateOptional()),
    );
  };
}
