import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TenantRegistry } from './db/tenants';
import type { Clock } from './lib/clock';
import type { GeoIndex } from './lib/geo';
import { registerAuth, registerJsonOnly, registerSameOrigin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { documentCalls, SECURITY_SCHEMES } from './plugins/openapi';
import { authRoutes } from './modules/auth/auth.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { docketRoutes } from './modules/dockets/dockets.routes';
import { postcodeRoutes } from './modules/postcode/postcode.routes';
import type { AddressProvider } from './modules/postcode/providers/provider';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { systemRoutes } from './modules/system/system.routes';
import { userRoutes } from './modules/users/users.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import type { Mailer } from './lib/mail';
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
  cookieSecure: boolean;
  mailer: Mailer;
  /** Base URL of links in mails. */
  publicUrl: string;
  trustProxy?: boolean;
  logLevel?: string;
  /** Redis for the rate-limit counters (REDIS_URL); in-memory per process when absent. */
  rateLimitRedis?: Redis;
  /** Where logs go (stdout by default); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Built web app to serve at /; skipped when absent. */
  webDist?: string;
  /** The address search's provider (getAddress.io when configured); the embedded open data by default. */
  addressProvider?: AddressProvider;
}

/** Builds the Fastify app with every plugin and module registered; never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'silent',
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
      },
    },
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
      info: { title: 'Courier portal API', version: deps.appVersion },
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

  await app.register(systemRoutes(deps.tenants, deps.appVersion));
  await app.register(authRoutes(deps));
  await app.register(customerRoutes);
  await app.register(postcodeRoutes(deps));
  await app.register(addressRoutes(deps));
  await app.register(docketRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(settingsRoutes);

  const spa =
    deps.webDist && existsSync(resolve(deps.webDist, 'index.html')) ? resolve(deps.webDist) : undefined;
  if (spa) await app.register(fastifyStatic, { root: spa, wildcard: false });
  // The SPA owns every non-API GET path: send index.html and let its router decide.
  app.setNotFoundHandler((request, reply) => {
    if (
      spa &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/')
    )
      return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ error: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}
