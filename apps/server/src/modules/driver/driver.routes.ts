import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  driverActionRequest,
  driverActionResponse,
  driverJob,
  driverLoginRequest,
  driverLoginResponse,
  driverPositionRequest,
  driverPositionResponse,
  driverScanRequest,
  driverScanResponse,
  driverSession,
  exceptionRow,
  requiredIdempotencyHeader,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import { DRIVER_COOKIE, driverCookieOptions } from '../../plugins/auth';
import type { AuthDeps } from '../auth/auth-deps';
import { driverLogin, driverLogout, driverSessionOf } from './driver-auth.service';
import * as jobs from './driver-jobs.service';
import type { NoticeDeps } from '../tracking/tracking-notice.service';

export interface DriverRouteOptions
  extends Pick<AuthDeps, 'tenants' | 'clock'>, Partial<Pick<NoticeDeps, 'mailer' | 'publicUrl'>> {
  cookieSecure: boolean;
  /** Sign-in attempts allowed per address and driver code per minute (as the users' login). */
  loginRateMax: number;
}

/** Rate-limit key of the driver sign-in: the route as registered, the address and the driver code. */
const routeAddressAndDriver = (req: FastifyRequest) => {
  const body = req.body as { drv_driver?: unknown } | undefined;
  const code = typeof body?.drv_driver === 'string' ? body.drv_driver.toUpperCase() : '';
  return `${req.routeOptions.url ?? ''}|${req.ip}|${code}`;
};

/** A delivery with a photo: the photo (2 MB) and the signature in base64, with room to spare. */
const ACTION_BODY_LIMIT = 3_500_000;

/**
 * The driver page's calls under /api/driver/ (issue 10 §2, beyond the spec): sign in with driver
 * code and PIN (rate limited like the users' login), session, sign out; the driver's jobs and the
 * exception reasons; actions, scans and positions, each with a required Idempotency-Key. Every
 * call but the sign-in and the session (null without one) needs a driver session (401 otherwise);
 * a user's session does not do.
 */
export function driverRoutes(deps: DriverRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const noticing = {
      ...deps,
      onNoticeError: (err: unknown) => app.log.error({ err }, 'tracking notice failed'),
    };
    const positionDeps = {
      ...deps,
      onNotifyError: (err: unknown) => app.log.error({ err }, 'live notices of driver positions failed'),
    };
    app.post(
      '/api/driver/auth/login',
      {
        schema: { body: driverLoginRequest, response: { 200: driverLoginResponse } },
        config: {
          rateLimit: { max: deps.loginRateMax, timeWindow: '1 minute', keyGenerator: routeAddressAndDriver },
        },
      },
      async (req, reply) => {
        const { token, session } = await driverLogin(deps, req.body);
        reply.setCookie(DRIVER_COOKIE, token, driverCookieOptions(deps.cookieSecure));
        return { ...session, token };
      },
    );
    // Null without a live driver session: the page asks on every load, and a 401 there would be
    // an error in the phone's console before each sign-in.
    app.post(
      '/api/driver/auth/session',
      { schema: { response: { 200: driverSession.nullable() } } },
      async (req) => {
        const ctx = await req.authenticateDriver().catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_AUTHENTICATED') return null;
          throw err;
        });
        return ctx && driverSessionOf(ctx);
      },
    );
    app.post(
      '/api/driver/auth/logout',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async (req, reply) => {
        await driverLogout(deps, req.driverToken());
        reply.clearCookie(DRIVER_COOKIE, driverCookieOptions(deps.cookieSecure));
        return { ok: true };
      },
    );
    app.post('/api/driver/job/list', { schema: { response: { 200: z.array(driverJob) } } }, async (req) =>
      jobs.jobList(await req.authenticateDriver()),
    );
    app.post(
      '/api/driver/exception/list',
      { schema: { response: { 200: z.array(exceptionRow) } } },
      async (req) => jobs.exceptionList(await req.authenticateDriver()),
    );
    app.post(
      '/api/driver/job/action',
      {
        bodyLimit: ACTION_BODY_LIMIT,
        schema: {
          body: driverActionRequest,
          headers: requiredIdempotencyHeader,
          response: { 200: driverActionResponse },
        },
      },
      async (req) =>
        jobs.jobAction(await req.authenticateDriver(), noticing, req.body, req.headers['idempotency-key']),
    );
    app.post(
      '/api/driver/scan',
      {
        schema: {
          body: driverScanRequest,
          headers: requiredIdempotencyHeader,
          response: { 200: driverScanResponse },
        },
      },
      async (req) =>
        jobs.scan(await req.authenticateDriver(), deps, req.body, req.headers['idempotency-key']),
    );
    app.post(
      '/api/driver/position',
      {
        schema: {
          body: driverPositionRequest,
          headers: requiredIdempotencyHeader,
          response: { 200: driverPositionResponse },
        },
      },
      async (req) =>
        jobs.positions(
          await req.authenticateDriver(),
          positionDeps,
          req.body,
          req.headers['idempotency-key'],
        ),
    );
  };
}
