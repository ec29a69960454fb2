import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCheckRequest, registerCheckResponse, registerRequest } from '@courier/contracts';
import type { Clock } from '../../lib/clock';
import type { TenantRegistry } from '../../db/tenants';
import { checkLink, register } from './register.service';

/** Registration calls allowed per address per minute. */
const REGISTER_RATE = { max: 10, timeWindow: '1 minute' };

/** user/register and user/register/check (public, rate-limited; spec "access…" §7). */
export function userRoutes(deps: { tenants: TenantRegistry; clock: Clock }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/register',
      {
        schema: {
          body: registerRequest,
          response: { 200: z.object({ message: z.string(), detail: z.string() }) },
        },
        config: { rateLimit: REGISTER_RATE },
      },
      async (req) => register(deps, req.body),
    );
    app.post(
      '/api/user/register/check',
      {
        schema: { body: registerCheckRequest, response: { 200: registerCheckResponse } },
        config: { rateLimit: REGISTER_RATE },
      },
      async (req) => checkLink(deps, req.body),
    );
  };
}
