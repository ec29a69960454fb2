import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TenantRegistry } from './db/tenants';
import type { Clock } from './lib/clock';
import type { GeoIndex } from './lib/geo';
import { registerAuth, registerJsonOnly, registerSameOrigin, SESSION_COOKIE } from './plugins/auth';
import { logRoutes } from './modules/audit/log.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerTextGuard } from './plugins/text-guard';
import { responseSerializerCompiler } from './plugins/serializer';
import { documentCalls, SECURITY_SCHEMES } from './plugins/openapi';
import { authRoutes } from './modules/auth/auth.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { docketRoutes } from './modules/dockets/dockets.routes';
import { postcodeRoutes } from './modules/postcode/postcode.routes';
import type { AddressProvider } from './modules/postcode/providers/provider';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { systemRoutes } from './modules/system/system.routes';
import { databaseList as databaseListOf } from './modules/system/system.service';
import { userRoutes } from './modules/users/users.routes';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { controlRoutes } from './modules/control/control.routes';
import { eventRoutes } from './modules/events/events.routes';
import { driverRoutes } from './modules/driver/driver.routes';
import { publicTrackingRoutes, trackingRoutes } from './modules/tracking/tracking.routes';
import type { StreamOptions } from './modules/events/sse';
import type { Mailer } from './lib/mail';
import { quoteRoutes } from './modules/quotes/quotes.routes';
import type { PaymentProviders } from './modules/payments/payment-provider';
import { SandboxProvider } from './modules/payments/sandbox.provider';
import { sandboxRoutes } from './modules/payments/sandbox.routes';
import { providerRoutes } from './modules/payments/providers.routes';
import { worldpay3dsRoutes } from './modules/payments/worldpay-3ds.routes';
import { routePreloadTags } from './web/route-preloads';
import { mapPreconnectTag, tileSource } from './web/map-preconnect';
import { mapTilePreloads } from './web/map-preload';
import { pageShell } from './web/page-shell';
import { firstViews, isPhone, startingLate } from './web/first-view';
import { bootSessionOf, databasesElement, indexWith, sendPage, sessionElement } from './web/boot-session';
import {
  liveScopeElement,
  pageCallAnswers,
  pageLiveScope,
  pageCallsElement,
  readAtElement,
  trackPageAnswers,
  trackPageOf,
  answersEveryTrackCall,
} from './web/page-calls';
import { WorldpayProvider } from './modules/payments/worldpay.provider';
import { cardCheckOrigins, cardFormOrigins } from './modules/payments/providers.config';
import { cardBookingRoutes } from './modules/payments/card-booking.routes';
import { errorSummary } from './lib/error-summary';
import type { Redis } from 'ioredis';

/** Everything the app needs, built by server.ts (or a test). */
export interface AppDeps {
  tenants: TenantRegistry;
  geo: GeoIndex;
  clock: Clock;
  appVersion: string;
  idleMinutes: number;
  loginRateMax: number;
  /** Public tracking look-ups allowed per address per minute. */
  trackRateMax?: number;
  /** quote/alltariffs/list calls allowed per address per minute (default 30). */
  quoteCreateRateMax?: number;
  /** docket/post bookings naming an e-mail allowed per session per minute (default 30). */
  docketMailRateMax?: number;
  /** The tracking view's map tiles: URL template (MAP_TILE_URL; none when absent) and attribution. */
  mapTileUrl?: string;
  mapAttribution?: string;
  cookieSecure: boolean;
  mailer: Mailer;
  /** Base URL of links in mails. */
  publicUrl: string;
  /** Fastify's trustProxy: false, or the proxies' addresses and ranges (config/env TRUST_PROXY). */
  trustProxy?: false | string;
  logLevel?: string;
  /** Redis for the rate-limit counters (REDIS_URL); in-memory per process when absent. */
  rateLimitRedis?: Redis;
  /** Where logs go (stdout by default); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Built web app to serve at /; skipped when absent. */
  webDist?: string;
  /** The address search's provider (getAddress.io when configured); the embedded open data by default. */
  addressProvider?: AddressProvider;
  /** Live event streams: heartbeat interval and the longest a stream stays open (ms). */
  liveEvents?: Partial<StreamOptions>;
  /**
   * Card payment providers by name, chosen per method of payment by the settings payment.provider.O
   * and .S; the sandbox (a test payment page of our own) is added unless `paymentSandbox` is false.
   */
  payments?: PaymentProviders;
  /**
   * Whether the sandbox payment page serves (default true; server.ts: PAYMENT_SANDBOX, else
   * SEED_DEMO). Off, a setting that names 'sandbox' answers 'The card payment provider sandbox is
   * not configured' and /payment/sandbox/… is 404.
   */
  paymentSandbox?: boolean;
}

/**
 * The paths whose segment after the prefix is a credential, and the name the log writes instead:
 * a quote's guid, a payment's reference, a password-reset or e-mail-confirmation token.
 */
const SECRET_PATHS: readonly (readonly [prefix: string, name: string])[] = [
  ['/api/larry/cardbooking/', '{guid}'],
  ['/payment/sandbox/', '{reference}'],
  ['/payment-return/worldpay/3ds/', '{reference}'],
  ['/reset/', '{token}'],
  ['/email/confirm/', '{token}'],
];

/**
 * A request URL as the log may hold it: no query string (it may carry a registration token, a
 * tracking reference, an e-mail address), and the credential segment of SECRET_PATHS replaced by
 * its name. Example: `/reset/abc?x=1` → `/reset/{token}?…`.
 */
export function secretFreeUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const secret = SECRET_PATHS.find(([prefix]) => path.startsWith(prefix));
  const shown = secret ? secret[0] + secret[1] + path.slice(secret[0].length).replace(/^[^/]*/, '') : path;
  return query < 0 ? shown : `${shown}?…`;
}

/** Vite's content-hashed output: a new build gets new names, so a browser keeps these for good. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.\w+$/;

/**
 * Cache-Control of a file of the web app: hashed assets are immutable for a year; index.html and the
 * other fixed names (favicon, logos) are revalidated on every use, so a new build shows at once.
 */
export function cacheControlOf(root: string, path: string): string {
  const file = relative(root, path)
    .split(sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  return HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Builds the Fastify app with every plugin and module registered; never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'silent',
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // A quote's guid and a sandbox payment's reference are credentials in the path: logged as names.
      serializers: {
        req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
          method: req.method,
          url: secretFreeUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);

  // Security headers (helmet), its middleware built once: @fastify/helmet built it again on every
  // request (about 5 % of a small call's CPU, bench:control).
  const securityHeaders = helmet({
    // The booking screen opens the card provider's page (another site, Stripe's) in a window it
    // watches; plain 'same-origin' would cut that link and the screen would take the payment as
    // abandoned. Popups keep it; nothing else of the policy changes.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets our own WebAssembly compile (the driver's barcode reader); it
        // allows no JavaScript eval. A card form's script and frame (Worldpay's), when one is configured.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...cardFormOrigins(deps.payments)],
        // The card form's frame, and the card issuer's 3-D Secure check in the card check's frame.
        frameSrc: [
          "'self'",
          ...new Set([...cardFormOrigins(deps.payments), ...cardCheckOrigins(deps.payments)]),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSource(deps.mapTileUrl)],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // API answers over 1 KB go out brotli (quality 4, the plugin's default for speed) or gzip, as the
  // browser accepts; the web app's files are compressed at build time and sent as they are (below).
  // Registered before @fastify/static, as its README asks.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // The API is never cached by the browser (answers are per user and change); a route may set its own.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(cookie);
  // preHandler: the login limit keys on the parsed body's username.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // Counters in Redis are shared by every server process; without it each process counts alone.
    ...(deps.rateLimitRedis ? { redis: deps.rateLimitRedis, nameSpace: 'courier-rl-' } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Courier portal API', version: deps.appVersion, license: { name: 'Proprietary' } },
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  documentCalls(app);
  registerJsonOnly(app);
  registerSameOrigin(app, deps.publicUrl);
  registerAuth(app, deps);

  // Every call that books tells the live streams after its commit; a failed notice is only logged.
  const booking = {
    ...deps,
    onNotifyError: (err: unknown) =>
      app.log.error({ err: errorSummary(err) }, 'live notice of a new booking failed'),
  };
  await app.register(systemRoutes(deps.tenants, deps.appVersion));
  await app.register(authRoutes(deps));
  await app.register(customerRoutes);
  await app.register(postcodeRoutes(deps));
  await app.register(addressRoutes(deps));
  await app.register(docketRoutes(booking));
  await app.register(userRoutes(deps));
  await app.register(userAdminRoutes(deps));
  await app.register(settingsRoutes);
  await app.register(controlRoutes(deps));
  await app.register(logRoutes);
  await app.register(reportRoutes);
  await app.register(eventRoutes(deps, deps.liveEvents));
  await app.register(trackingRoutes(deps));
  await app.register(publicTrackingRoutes(deps));
  await app.register(driverRoutes(deps));
  const sandbox = deps.paymentSandbox === false ? undefined : new SandboxProvider(deps.clock);
  const payments: PaymentProviders = { ...(sandbox ? { sandbox } : {}), ...deps.payments };
  await app.register(quoteRoutes({ ...booking, payments }));
  if (sandbox) await app.register(sandboxRoutes({ ...booking, payments }, sandbox));
  await app.register(providerRoutes({ ...booking, payments }));
  await app.register(cardBookingRoutes({ ...booking, payments }));
  if (payments.worldpay instanceof WorldpayProvider)
    await app.register(worldpay3dsRoutes({ ...booking, payments }, payments.worldpay));

  const spa =
    deps.webDist && existsSync(resolve(deps.webDist, 'index.html')) ? resolve(deps.webDist) : undefined;
  if (spa)
    await app.register(fastifyStatic, {
      root: spa,
      wildcard: false,
      // The build's .br and .gz beside each file over 1 KB (vite-plugin-compression2), chosen by
      // Accept-Encoding with `Vary: Accept-Encoding`.
      preCompressed: true,
      // '/' is a screen like any other: the not-found handler writes its page (below).
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlOf(spa, path)),
    });
  const routePreloads = spa ? routePreloadTags(spa) : () => '';
  const mapPreconnect = mapPreconnectTag(deps.mapTileUrl);
  const preloadsOf = (url: string) => routePreloads(url) + mapPreconnect(url);
  const pageWith = spa ? indexWith(spa) : undefined;
  // The tenants are fixed for the process's life: a guest's databases element is written once.
  const databaseList = databaseListOf(deps.tenants);
  const guestDatabases = spa ? databasesElement(databaseList) : '';
  // A guest's tracking page on a phone, written with the app's components (web/first-view).
  const views = firstViews(spa, app.log);
  if (views) app.addHook('onClose', () => views.close());
  const databaseNames = deps.tenants.tenants.map((t) => t.name);
  // The SPA owns every non-API GET path: send index.html and let its router decide, with the
  // path's own page files named for preloading in its head. Signed in, the page carries the
  // session the app would ask for first (web/boot-session), the answers to the calls its screen
  // makes as it opens (web/page-calls), and its frame and heading (web/page-shell): never stored
  // by any cache, it is this browser's own. A
  // guest's page carries the databases and their themes (the sign-in page's first answer).
  app.setNotFoundHandler(async (request, reply) => {
    if (
      pageWith &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/')
    ) {
      // Before anything the page carries is read: the live events' `since` (web/page-calls).
      const readAt = Date.now();
      const session = await bootSessionOf(request);
      // What the user may see, read before their data as `readAt` is (the live events' `scope`).
      const liveScope = session?.stage === 'full' ? await pageLiveScope(deps, request) : undefined;
      // The tracking page's answers are a guest's as much as a signed-in user's (web/page-calls).
      const trackPage = trackPageOf(request, session, databaseNames);
      const [screenAnswers, trackAnswers] = await Promise.all([
        session ? pageCallAnswers(app, request, session) : {},
        trackPageAnswers(app, request, trackPage),
      ]);
      const answers = { ...screenAnswers, ...trackAnswers };
      const calls = pageCallsElement(answers);
      const own = session
        ? sessionElement(session) + readAtElement(readAt) + liveScopeElement(liveScope) + calls
        : (request.cookies[SESSION_COOKIE] ? '' : sessionElement(null)) + guestDatabases + calls;
      // A guest's (no session cookie at all) tracking page on a phone, with every answer it needs.
      const track = views && !request.cookies[SESSION_COOKIE] && isPhone(request) ? trackPage : undefined;
      const view =
        track && answersEveryTrackCall(trackAnswers, track)
          ? await views!.frameOf({
              url: request.url,
              ...track,
              answers: trackAnswers,
              databases: databaseList,
            })
          : '';
      const shell = session ? pageShell(request.url, session) : view;
      // A page with a session or with answers is this browser's own: no cache keeps it.
      // The map's first tile, named from its details (web/map-preload).
      const head = preloadsOf(request.url) + mapTilePreloads(trackAnswers) + own;
      // A page with a first view loads the app once it has shown it (web/first-view).
      const page = view ? startingLate(pageWith(head, shell), views!.starter) : pageWith(head, shell);
      return sendPage(request, reply, page, !!session || !!calls);
    }
    const path = request.url.split('?')[0]!;
    const allowed = (['GET', 'POST'] as const).filter((method) => app.hasRoute({ method, url: path }));
    if (allowed.length)
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ error: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed on ${path}` });
    return reply.status(404).send({ error: 'NOT_FOUND', message: `No route ${request.method} ${path}` });
  });
  return app;
}
