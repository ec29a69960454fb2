import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackRequest } from '@courier/contracts';
import { trackedDocket } from '../dockets/dockets.service';
import type { DocketDeps } from '../dockets/dockets.service';
import { AppError } from '../../lib/app-error';
import * as events from './events.service';
import { isSessionLive } from '../auth/sessions.service';
import { DEFAULT_STREAM_OPTIONS, OpenStreams, serveEvents, type StreamOptions } from './sse';

/**
 * `GET /api/events` (ARCHITECTURE rule 11): the caller's live events as server-sent events, fed by
 * the tenant's PostgreSQL LISTEN. 401 without a session; the stream ends once its session does
 * (checked before each event and heartbeat). Events: `ready` (refetch what is shown),
 * `docket` (DocketEvent of the contracts). `GET /api/docket/track/events?database&tracking_ref`:
 * the public tracking view's stream of one docket (guest access as docket/track, the same rate
 * limit; 404 'Your order was not found…'; 429 beyond `maxPublicPerAddress` open at once from one
 * address), whose `docket` events carry nothing. Open streams are ended before the app closes.
 */
export function eventRoutes(
  deps: Pick<DocketDeps, 'tenants' | 'clock'> & { trackRateMax?: number },
  opts: Partial<StreamOptions> = {},
): FastifyPluginAsyncZod {
  const options = { ...DEFAULT_STREAM_OPTIONS, ...opts };
  return async (app) => {
    const streams = new OpenStreams();
    app.addHook('preClose', async () => streams.endAll());
    app.get('/api/events', async (req, reply) => {
      const auth = await req.authenticate();
      const token = req.sessionToken()!;
      // Checked again before each event and heartbeat: a logout ends the stream at once.
      await serveEvents(
        req,
        reply,
        (send) => events.subscribe(auth, send),
        options,
        streams,
        () => isSessionLive(deps, token),
      );
    });
    // Public streams open per network address: a tracking link must not let one client hold
    // thousands of connections (the rate limit alone lets 300 a minute open, each for 15 minutes).
    const publicOpen = new Map<string, number>();
    app.get(
      '/api/docket/track/events',
      {
        schema: { querystring: trackRequest },
        config: { rateLimit: { max: deps.trackRateMax ?? 300, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const { tenant, dck_id } = await trackedDocket(deps, req.query, await req.authenticateOptional());
        const open = publicOpen.get(req.ip) ?? 0;
        if (open >= options.maxPublicPerAddress)
          throw new AppError('RATE_LIMITED', 'Too many live tracking views are open from your address');
        publicOpen.set(req.ip, open + 1);
        reply.raw.once('close', () => {
          const left = (publicOpen.get(req.ip) ?? 1) - 1;
          if (left > 0) publicOpen.set(req.ip, left);
          else publicOpen.delete(req.ip);
        });
        await serveEvents(
          req,
          reply,
          (send) => events.subscribeTracking(tenant, dck_id, send),
          options,
          streams,
        );
      },
    );
  };
}
