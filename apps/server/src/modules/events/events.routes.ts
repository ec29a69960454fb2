import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_SCOPE_PATTERN, trackRequest } from '@courier/contracts';
import { trackedDocket } from '../dockets/dockets.service';
import type { DocketDeps } from '../dockets/dockets.service';
import { AppError } from '../../lib/app-error';
import * as events from './events.service';
import { liveScopeKey } from '../auth/sessions.service';
import { DEFAULT_STREAM_OPTIONS, OpenStreams, serveEvents, StreamCounts, type StreamOptions } from './sse';

/**
 * Gives a stream's place back when its connection closes, also when it closed already (while the
 * session or the docket was looked up): its 'close' has then been and gone.
 */
function releaseOnClose(req: FastifyRequest, reply: FastifyReply, release: () => void): void {
  reply.raw.once('close', release);
  if (req.raw.destroyed || reply.raw.destroyed) release();
}

/**
 * `GET /api/events?since=&scope=`: the server's time (ms since 1970) when the caller's data was
 * read (the page it opened: web/page-calls), for the first `ready` to say whether anything was
 * missed; and the fingerprint of the user's scope then (scopeFingerprint): another than theirs
 * now (a right, an account or a circuit changed since) counts as missed.
 */
const liveEventsQuery = z.object({
  since: z.coerce.number().int().positive().optional(),
  scope: z.string().regex(LIVE_SCOPE_PATTERN, 'scope: 16 hex digits').optional(),
});

/** The 429 of a user who already holds StreamOptions.maxPerUser live streams. */
export const TOO_MANY_STREAMS_MESSAGE = 'Too many live views are open for this user, please close some tabs';

/**
 * `GET /api/events` (ARCHITECTURE rule 11): the caller's live events as server-sent events, fed by
 * the tenant's PostgreSQL LISTEN. 401 without a session; 429 beyond `maxPerUser` open for one user;
 * the stream ends once its session does, or once the user's rights, linked accounts or circuits
 * change (checked before each event and heartbeat). Events: `ready` (refetch what is shown, unless
 * its `missed` is false: nothing was heard since the `since` of the query),
 * `docket` (DocketEvent of the contracts). `GET /api/docket/track/events?database&tracking_ref`:
 * the public tracking view's stream of one docket (guest access as docket/track, the same rate
 * limit; 404 'Your order was not found…'; 429 beyond `maxPublicPerAddress` open at once from one
 * address), whose `docket` events carry nothing; it ends once docket/track would refuse the
 * reference (checked before each event and heartbeat). Open streams are ended before the app closes.
 */
export function eventRoutes(
  deps: Pick<DocketDeps, 'tenants' | 'clock'> & { trackRateMax?: number },
  opts: Partial<StreamOptions> = {},
): FastifyPluginAsyncZod {
  const options = { ...DEFAULT_STREAM_OPTIONS, ...opts };
  return async (app) => {
    const streams = new OpenStreams();
    app.addHook('preClose', async () => streams.endAll());
    const perUser = new StreamCounts();
    app.get('/api/events', { schema: { querystring: liveEventsQuery } }, async (req, reply) => {
      // What the stream's filter is made of, read before the filter: a change after this read
      // (rights, linked accounts) shows at the next check and ends the stream; the browser
      // reconnects with the new scope.
      const token = req.sessionToken();
      const scope = token ? await liveScopeKey(deps, token) : null;
      const auth = await req.authenticate();
      const release = perUser.take(`${auth.tenant.name}|${auth.user.ausr_id}`, options.maxPerUser);
      if (!release) throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS_MESSAGE);
      releaseOnClose(req, reply, release);
      // Checked again before each event and heartbeat: a logout, or a change of what the user
      // may see, ends the stream at once.
      const circuits = await events.circuitsKey(auth);
      // A page written for another scope than the user's now may show what they can no longer
      // see, or lack what they now can: its data counts as missed whatever was heard since.
      const pageScope = req.query.scope;
      const since =
        pageScope !== undefined &&
        (scope === null || pageScope !== events.scopeFingerprint(token!, scope, circuits))
          ? undefined
          : req.query.since;
      let ready: events.ReadyEvent = {};
      await serveEvents(
        req,
        reply,
        async (send) => {
          const subscribed = await events.subscribe(auth, circuits, send, since);
          ready = subscribed.ready;
          return subscribed.unsubscribe;
        },
        options,
        streams,
        async () =>
          scope !== null &&
          (await liveScopeKey(deps, token!)) === scope &&
          (await events.circuitsKey(auth)) === circuits,
        () => ready,
      ).catch((err: unknown) => {
        release();
        throw err;
      });
    });
    // Public streams open per network address: a tracking link must not let one client hold
    // thousands of connections (the rate limit alone lets 300 a minute open, each for 15 minutes).
    const publicOpen = new StreamCounts();
    app.get(
      '/api/docket/track/events',
      {
        schema: { querystring: trackRequest },
        config: { rateLimit: { max: deps.trackRateMax ?? 300, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const caller = await req.authenticateOptional();
        // The caller's session is read once a request: the checks ask whether it is still live
        // (else the caller is a guest now, held to guest access like anyone holding the link).
        const token = caller ? req.sessionToken() : undefined;
        const callerNow = async () =>
          token && (await liveScopeKey(deps, token)) !== null ? caller : undefined;
        const tracked = async () => trackedDocket(deps, req.query, await callerNow());
        const { tenant, dck_id } = await tracked();
        const release = publicOpen.take(req.ip, options.maxPublicPerAddress);
        if (!release)
          throw new AppError('RATE_LIMITED', 'Too many live tracking views are open from your address');
        releaseOnClose(req, reply, release);
        // Checked again before each event and heartbeat, as docket/track is: guest tracking switched
        // off (or the reference gone) ends the stream.
        await serveEvents(
          req,
          reply,
          (send) => events.subscribeTracking(tenant, dck_id, send),
          options,
          streams,
          async () => (await tracked()).dck_id === dck_id,
        );
      },
    );
  };
}
