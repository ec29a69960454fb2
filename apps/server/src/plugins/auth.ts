import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, SIGNED_IN_HINT_COOKIE } from '@courier/contracts';
import { AppError } from '../lib/app-error';
import type { AuthDeps } from '../modules/auth/auth-deps';
import { resolveToken } from '../modules/auth/sessions.service';
import type { AuthContext } from '../modules/auth/access';
import { resolveDriverToken, type DriverContext } from '../modules/driver/driver-auth.service';

export const SESSION_COOKIE = 'courier_session';
/** The driver page's session cookie: a separate session kind, sent only to /api/driver/. */
export const DRIVER_COOKIE = 'courier_driver';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's completed session; throws 401 NOT_AUTHENTICATED without a live, full one. */
    authenticate(): Promise<AuthContext>;
    /** The caller's session at any login stage (OTP, forced password change, session load). */
    authenticateAnyStage(): Promise<AuthContext>;
    /** The caller's completed session, or undefined for a guest (no, a stale or an unfinished session). */
    authenticateOptional(): Promise<AuthContext | undefined>;
    /** The raw session token from the cookie or `Authorization: Bearer`. */
    sessionToken(): string | undefined;
    /** The caller's driver session (driver page); throws 401 NOT_AUTHENTICATED without a live one. */
    authenticateDriver(): Promise<DriverContext>;
    /** The raw driver session token from `Authorization: Bearer` or the driver cookie. */
    driverToken(): string | undefined;
  }
}

/** Token from `Authorization: Bearer` first (API users, report download), else the cookie. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Driver token from `Authorization: Bearer` first, else the driver cookie. */
function driverTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[DRIVER_COOKIE] || undefined;
}

/** The driver cookie's options: as the session cookie's, but sent only to the driver calls. */
export const driverCookieOptions = (secure: boolean) =>
  ({ ...cookieOptions(secure), path: '/api/driver' }) as const;

/** Session cookie options: httpOnly, SameSite=Lax, Secure when configured. */
export const cookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure }) as const;

/** The hint's options: the session cookie's, but readable by the web app's scripts. */
const hintCookieOptions = (secure: boolean) => ({ ...cookieOptions(secure), httpOnly: false }) as const;

/**
 * Sets the session cookie and its hint (SIGNED_IN_HINT_COOKIE: '1', readable by scripts, grants
 * nothing; every call is still decided by the session cookie), both for the browser's session.
 */
export function setSessionCookies(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(secure));
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', hintCookieOptions(secure));
}

/** Clears the session cookie and its hint. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(secure));
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions(secure));
}

/** Decorates requests with `authenticate()` and `authenticateAnyStage()`; resolves the session once per request. */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('authenticate', async function (this: FastifyRequest) {
    const auth = await authenticateRequest(this, deps);
    if (auth.stage !== 'full') throw new AppError('NOT_AUTHENTICATED', MSG.stepRequired);
    return auth;
  });
  app.decorateRequest('authenticateAnyStage', function (this: FastifyRequest) {
    return authenticateRequest(this, deps);
  });
  app.decorateRequest('authenticateOptional', function (this: FastifyRequest) {
    // A guest (no token) needs no look-up, nor the error it would throw (public tracking calls).
    if (tokenOf(this) === undefined) return Promise.resolve(undefined);
    return authenticateRequest(this, deps).then(
      (auth) => (auth.stage === 'full' ? auth : undefined),
      () => undefined,
    );
  });
  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    return tokenOf(this);
  });
  app.decorateRequest('authenticateDriver', async function (this: FastifyRequest) {
    const ctx = await resolveDriverToken(deps, driverTokenOf(this));
    if (!ctx) throw new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
    return ctx;
  });
  app.decorateRequest('driverToken', function (this: FastifyRequest) {
    return driverTokenOf(this);
  });
}

const cache = new WeakMap<FastifyRequest, Promise<AuthContext>>();
function authenticateRequest(request: FastifyRequest, deps: AuthDeps): Promise<AuthContext> {
  let p = cache.get(request);
  if (!p) {
    p = resolveToken(deps, tokenOf(request)).then((r) => {
      if (r.ok) return r.auth;
      throw new AppError(
        'NOT_AUTHENTICATED',
        r.reason === 'expired' ? MSG.sessionExpired : MSG.notAuthenticated,
      );
    });
    cache.set(request, p);
  }
  return p;
}

/** Refuses state-changing API calls with a body that is not JSON (a cross-site form cannot send JSON). */
export function registerJsonOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!request.url.startsWith('/api/')) return;
    // A call without a body (country/list, auth/session…) needs no content type.
    const empty =
      request.headers['transfer-encoding'] === undefined &&
      (request.headers['content-length'] ?? '0') === '0';
    const type = request.headers['content-type'] ?? '';
    if (!empty && !type.toLowerCase().startsWith('application/json'))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  });
}

/** The origin (scheme://host[:port]) of a URL, or undefined when it is not one. */
function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? undefined : u.origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a state-changing API call that a browser says comes from another site: its `Origin`
 * (else its `Referer`) must be the portal's own, `PUBLIC_URL` or the request's own host, or 403.
 * Calls that name neither (API users, scripts) pass: SameSite=Lax cookies and the JSON-only rule
 * already stop cross-site forms; this is defence in depth.
 */
export function registerSameOrigin(app: FastifyInstance, publicUrl: string): void {
  const own = originOf(publicUrl);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    // The API, and the sandbox's test payment form (a form post, so not JSON).
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/payment/')) return;
    const claimed = request.headers.origin ?? request.headers.referer;
    if (claimed === undefined) return;
    const origin = originOf(claimed);
    if (origin && (origin === own || origin === originOf(`${request.protocol}://${request.host}`))) return;
    throw new AppError('NOT_AUTHORIZED', 'Cross-site request refused');
  });
}

/** Rate-limit key of calls made inside a session: the route and the signed-in user's token. */
export const routeAndSession = (req: FastifyRequest) =>
  `${req.routeOptions.url ?? ''}|${req.sessionToken() ?? req.ip}`;

/**
 * Rate-limit key of a signed-in user's calls: the route, the tenant and the user, from whichever
 * session (signing in again does not start a new count). A call that is not signed in (it answers
 * 401) counts by its address alone, in a namespace of its own: a made-up bearer token can neither
 * name nor fill a user's count.
 */
export async function routeAndUser(req: FastifyRequest): Promise<string> {
  const route = req.routeOptions.url ?? '';
  const auth = await req.authenticate().catch(() => undefined);
  return auth ? `${route}|user|${auth.tenant.name}|${auth.user.ausr_id}` : `${route}|ip|${req.ip}`;
}
