import type { FastifyInstance } from 'fastify';
import { errorBody } from '@courier/contracts';

/**
 * The calls anyone may make, without a session (spec "access…" §6 public routes and the calls
 * their screens make). Every other /api call needs one; the OpenAPI document says so, and a test
 * holds this list to what the server does.
 */
export const PUBLIC_CALLS = new Set([
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/password/forgot',
  '/api/auth/password/reset',
  '/api/database/list',
  '/api/system/version',
  '/api/system/guestAccessAllowed',
  '/api/system/otp',
  '/api/system/password',
  '/api/docket/track',
  '/api/quote/country/list',
  '/api/quote/county/list',
  '/api/quote/postcode/list',
  '/api/user/register',
  '/api/user/register/check',
  '/api/ping',
]);

/** How a session is sent: the httpOnly cookie, or `Authorization: Bearer` (API users, downloads). */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'courier_session' },
  bearer: { type: 'http', scheme: 'bearer' },
} as const;

/**
 * The error statuses of the one error shape (ARCHITECTURE rule 3) a call may answer: public calls
 * too answer 401 (guest access off), 403 (another site's Origin) and 429 (rate limits).
 */
const ERRORS = [400, 401, 403, 404, 409, 415, 422, 429] as const;

/** `POST /api/docket/address/list` → `post_docket_address_list`. */
export const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}_${url
    .replace(/^\/api\//, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_+$/, '')}`;

/**
 * Makes the OpenAPI document tell the truth about every /api call (issue: the API contract tells
 * the truth): an operationId, its security (none for PUBLIC_CALLS), and each error status it can
 * answer with the error body. Register before the routes.
 */
export function documentCalls(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ?? {}) as Record<string, unknown> & { hide?: boolean };
    if (schema.hide) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const open = PUBLIC_CALLS.has(route.url);
    route.schema = {
      ...schema,
      operationId: operationIdOf(method, route.url),
      security: open ? [] : [{ session: [] }, { bearer: [] }],
      response: {
        ...Object.fromEntries(ERRORS.map((status) => [status, errorBody])),
        ...(schema.response as object | undefined),
      },
    };
  });
}
