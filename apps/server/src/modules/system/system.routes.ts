import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  databaseList,
  databaseRequest,
  guestAccess,
  otpSettings,
  trackingSettings,
  passwordPolicy,
  versionResponse,
} from '@courier/contracts';
import { tenantByName } from '../auth/tenant-tokens';
import {
  guestAccessOf,
  otpMinutesOf,
  passwordPolicyOf,
  trackingSettingsOf,
} from '../settings/settings.service';
import type { TenantRegistry } from '../../db/tenants';
import * as service from './system.service';

/**
 * The public settings reads allowed per address per minute: each reads its tenant's settings, and
 * anyone may call them. A screen asks for one or two as it opens, so only a client in a loop
 * meets the limit (429), never the people behind one office's address.
 */
export const PUBLIC_SETTINGS_RATE_MAX = 600;

/**
 * /healthz, /readyz, database/list, system/version and the public settings calls (password, otp,
 * guestAccessAllowed, tracking: each PUBLIC_SETTINGS_RATE_MAX a minute per address).
 */
export function systemRoutes(tenants: TenantRegistry, appVersion: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const result = await service.readiness(tenants);
      return reply.status(result.ready ? 200 : 503).send(result);
    });
    app.post('/api/database/list', { schema: { response: { 200: databaseList } } }, async () =>
      service.databaseList(tenants),
    );
    app.get('/api/system/version', { schema: { response: { 200: versionResponse } } }, async () =>
      service.version(tenants, appVersion),
    );
    const byName = (database: string) => tenantByName({ tenants }, database).db;
    const limited = { rateLimit: { max: PUBLIC_SETTINGS_RATE_MAX, timeWindow: '1 minute' } };
    app.post(
      '/api/system/password',
      { schema: { body: databaseRequest, response: { 200: passwordPolicy } }, config: limited },
      async (req) => passwordPolicyOf(byName(req.body.database)),
    );
    app.post(
      '/api/system/otp',
      { schema: { body: databaseRequest, response: { 200: otpSettings } }, config: limited },
      async (req) => ({
        otp_expire_minutes: await otpMinutesOf(byName(req.body.database)),
      }),
    );
    app.post(
      '/api/system/guestAccessAllowed',
      { schema: { body: databaseRequest, response: { 200: guestAccess } }, config: limited },
      async (req) => ({ guestAccessAllowed: await guestAccessOf(byName(req.body.database)) }),
    );
    app.post(
      '/api/system/tracking',
      { schema: { body: databaseRequest, response: { 200: trackingSettings } }, config: limited },
      async (req) => trackingSettingsOf(byName(req.body.database)),
    );
    app.post(
      '/api/ping',
      { schema: { hide: true, response: { 200: z.object({ ok: z.number() }) } } },
      async () => service.ping(tenants),
    );
  };
}
