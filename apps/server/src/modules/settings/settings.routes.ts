import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EDITABLE_SETTINGS_GROUPS,
  SETTINGS_GROUPS,
  settingsListRequest,
  settingsPostRequest,
  settingsPostResponse,
} from '@courier/contracts';
import { assertRight } from '../auth/access';
import { saveSettings } from './settings-save.service';
import * as service from './settings.service';

/**
 * system/{group}/list for the groups of spec "access…" §3 (general, mandatory, message, default,
 * config, customer, hoo) and system/cfg_disallow_pobox/list; signed-in users read their tenant's.
 * system/payment/list for administrators. system/{group}/post (those groups and payment) for
 * administrators with the system settings right: see saveSettings.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const group of SETTINGS_GROUPS) {
    app.post(
      `/api/system/${group}/list`,
      { schema: { body: settingsListRequest, response: { 200: z.record(z.string(), z.string()) } } },
      async (req) => service.groupFor(await req.authenticate(), group, req.body.cust_id, req.body.own),
    );
  }
  app.post(
    '/api/system/payment/list',
    { schema: { body: settingsListRequest, response: { 200: z.record(z.string(), z.string()) } } },
    async (req) => {
      const auth = await req.authenticate();
      assertRight(auth, 'admin');
      return service.groupFor(auth, 'payment', req.body.cust_id, req.body.own);
    },
  );
  for (const group of EDITABLE_SETTINGS_GROUPS) {
    app.post(
      `/api/system/${group}/post`,
      { schema: { body: settingsPostRequest, response: { 200: settingsPostResponse } } },
      async (req) => saveSettings(await req.authenticate(), group, req.body),
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
