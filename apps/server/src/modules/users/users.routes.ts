import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerRequest } from '@courier/contracts';
import type { Clock } from '../../lib/clock';
import type { TenantRegistry } from '../../db/tenants';
import { register } from './register.service';

/** user/register (public, rate-limited). */
export function userRoutes(deps: { tenants: TenantRegistry; clock: Clock }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/register',
      {
        schema: {
          body: registerRequest,
          response: { 200: z.object({ message: z.string(), detail: z.string() }) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req) => register(deps, req.body),
    );
  };
}
