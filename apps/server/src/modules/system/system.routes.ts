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

/** /healthz, /readyz, database/list, system/version and the public settings calls (password, otp, guestAccessAllowed). */
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
    app.post(
      '/api/system/password',
      { schema: { body: databaseRequest, response: { 200: passwordPolicy } } },
      async (req) => passwordPolicyOf(byName(req.body.database)),
    );
    app.post(
      '/api/system/otp',
      { schema: { body: databaseRequest, response: { 200: otpSettings } } },
      async (req) => ({
        otp_expire_minutes: await otpMinutesOf(byName(req.body.database)),
      }),
    );
    app.post(
      '/api/system/guestAccessAllowed',
      { schema: { body: databaseRequest, response: { 200: guestAccess } } },
      async (req) => ({ guestAccessAllowed: await guestAccessOf(byName(req.body.database)) }),
    );
    app.post(
      '/api/system/tracking',
      { schema: { body: databaseRequest, response: { 200: trackingSettings } } },
      async (req) => trackingSettingsOf(byName(req.body.database)),
    );
    app.post(
      '/api/ping',
      { schema: { hide: true, response: { 200: z.object({ ok: z.number() }) } } },
      async () => service.ping(tenants),
    );
  };
}
