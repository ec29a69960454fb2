import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  docketRef,
  docketTrackingRequest,
  docketTrackingResponse,
  imageParams,
  photoRow,
  signatureRow,
  stockListRequest,
  stockRow,
  traceListRequest,
  traceListResponse,
  trackDetailResponse,
  trackRequest,
  type TrackDetailResponse,
} from '@courier/contracts';
import type { Clock } from '../../lib/clock';
import * as tracking from './tracking.service';
import { trackDetailJson, trackImage, type TrackDetailDeps } from './track-detail.service';

/**
 * Tracking calls for signed-in users with rights on the docket (spec "bookings…" §7
 * docket/tracking, stock/list, docket/signature/list; docket/photo/list beyond the spec) and the
 * proof-of-delivery images as GET image/png or image/jpeg. Rights in tracking.service.
 */
export function trackingRoutes({ clock }: { clock: Clock }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/docket/tracking',
      { schema: { body: docketTrackingRequest, response: { 200: docketTrackingResponse } } },
      async (req) => tracking.docketTracking(await req.authenticate(), req.body),
    );
    app.post(
      '/api/stock/list',
      { schema: { body: stockListRequest, response: { 200: z.array(stockRow) } } },
      async (req) => tracking.stockList(await req.authenticate(), req.body._docketId),
    );
    app.post(
      '/api/docket/signature/list',
      { schema: { body: docketRef, response: { 200: z.array(signatureRow) } } },
      async (req) => tracking.signatureList(await req.authenticate(), req.body._docketId),
    );
    app.post(
      '/api/docket/photo/list',
      { schema: { body: docketRef, response: { 200: z.array(photoRow) } } },
      async (req) => tracking.photoList(await req.authenticate(), req.body._docketId),
    );
    app.post(
      '/api/trackandtrace/list',
      { schema: { body: traceListRequest, response: { 200: traceListResponse } } },
      async (req) => tracking.traceList(await req.authenticate(), clock.now(), req.body),
    );
    for (const kind of ['signature', 'photo'] as const)
      app.get(`/api/docket/${kind}/:id`, { schema: { params: imageParams } }, async (req, reply) => {
        const img = await tracking.image(await req.authenticate(), kind, req.params.id);
        // Per user and private: the browser may keep it for the page's life, nobody else may.
        return reply.type(img.type).header('cache-control', 'private, max-age=300').send(img.bytes);
      });
  };
}

/**
 * The public tracking view's calls, by tracking reference (guest access, tenant and rate limit as
 * docket/track): docket/track/detail and GET /api/docket/track/signature/{id} and /api/docket/track/photo/{id},
 * each ?database&tracking_ref.
 */
export function publicTrackingRoutes(
  deps: TrackDetailDeps & { trackRateMax?: number },
): FastifyPluginAsyncZod {
  const rateLimit = { max: deps.trackRateMax ?? 300, timeWindow: '1 minute' };
  return async (app) => {
    app.post(
      '/api/docket/track/detail',
      { schema: { body: trackRequest, response: { 200: trackDetailResponse } }, config: { rateLimit } },
      // The view comes as JSON already checked against trackDetailResponse (it may be kept); a
      // JSON string is sent as it is, not serialised again.
      async (req, reply) => {
        const json = await trackDetailJson(deps, req.body, await req.authenticateOptional());
        return reply.type('application/json; charset=utf-8').send(json as unknown as TrackDetailResponse);
      },
    );
    for (const kind of ['signature', 'photo'] as const)
      app.get(
        `/api/docket/track/${kind}/:id`,
        { schema: { params: imageParams, querystring: trackRequest }, config: { rateLimit } },
        async (req, reply) => {
          const img = await trackImage(
            deps,
            kind,
            req.query,
            req.params.id,
            await req.authenticateOptional(),
          );
          // Whoever holds the link may see it; shared caches may not keep it.
          return reply.type(img.type).header('cache-control', 'private, max-age=300').send(img.bytes);
        },
      );
  };
}
