import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS_GROUPS, settingsListRequest } from '@courier/contracts';
import * as service from './settings.service';

/**
 * system/{group}/list for the groups of spec "access…" §3 (general, mandatory, message, default,
 * config, customer, hoo) and system/cfg_disallow_pobox/list; signed-in users read their tenant's.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const group of SETTINGS_GROUPS) {
    app.post(
      `/api/system/${group}/list`,
      { schema: { body: settingsListRequest, response: { 200: z.record(z.string(), z.string()) } } },
      async (req) => service.groupFor(await req.authenticate(), group, req.body.cust_id),
    );
  }
  app.post(
    '/api/system/cfg_disallow_pobox/list',
    {
      schema: { body: settingsListRequest, response: { 200: z.object({ cfg_disallow_pobox: z.string() }) } },
    },
    async (req) => service.disallowPobox(await req.authenticate()),
  );
};
