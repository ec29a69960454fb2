import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRequest,
  forgotRequest,
  loginRequest,
  loginResponse,
  messageResponse,
  otpSettings,
  otpVerifyRequest,
  otpVerifyResponse,
  resetRequest,
  sessionResponse,
} from '@courier/contracts';
import type { FastifyRequest } from 'fastify';
import { clearSessionCookies, routeAndSession, setSessionCookies } from '../../plugins/auth';
import { errorSummary } from '../../lib/error-summary';
import type { AuthDeps } from './auth-deps';
import { login } from './login.service';
import { logout, sessionResponseOf } from './sessions.service';
import * as otp from './otp.service';
import * as password from './password.service';

export interface AuthRouteOptions extends AuthDeps {
  cookieSecure: boolean;
  /** Login attempts allowed per address and username per minute. */
  loginRateMax: number;
}

/**
 * Rate-limit key (ARCHITECTURE rule 12): the route as registered (never the raw URL, whose query
 * string a caller can vary at will), the caller's address and the lower-cased username of the body.
 */
export const routeAddressAndUser = (req: FastifyRequest) => {
  const body = req.body as { username?: unknown } | undefined;
  const user = typeof body?.username === 'string' ? body.username.toLowerCase() : '';
  return `${req.routeOptions.url ?? ''}|${req.ip}|${user}`;
};

/**
 * Identity calls under /api/auth/ (spec "access…" §4 login flow, §7 authentication):
 * login, session (token load), logout, otp/verify, otp/resend, password/forgot, password/reset,
 * password/change (also as the spec's user/password).
 */
export function authRoutes(deps: AuthRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/login',
      {
        schema: { body: loginRequest, response: { 200: loginResponse } },
        config: {
          rateLimit: { max: deps.loginRateMax, timeWindow: '1 minute', keyGenerator: routeAddressAndUser },
        },
      },
      async (req, reply) => {
        const { token, session, otpMinutes } = await login(deps, req.body);
        setSessionCookies(reply, token, deps.cookieSecure);
        return { ...session, token, ...(otpMinutes ? { otp_expire_minutes: otpMinutes } : {}) };
      },
    );
    app.post('/api/auth/session', { schema: { response: { 200: sessionResponse } } }, async (req) =>
      sessionResponseOf(await req.authenticateAnyStage()),
    );
    app.post(
      '/api/auth/logout',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async (req, reply) => {
        await logout(deps, req.sessionToken());
        clearSessionCookies(reply, deps.cookieSecure);
        return { ok: true };
      },
    );
    app.post(
      '/api/auth/otp/verify',
      {
        schema: { body: otpVerifyRequest, response: { 200: otpVerifyResponse } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (req) => otp.verifyOtp(deps, await req.authenticateAnyStage(), req.body.code),
    );
    app.post('/api/auth/otp/resend', { schema: { response: { 200: otpSettings } } }, async (req) =>
      otp.resendOtp(deps, await req.authenticateAnyStage()),
    );
    app.post(
      '/api/auth/password/forgot',
      {
        schema: { body: forgotRequest, response: { 200: messageResponse } },
        config: { rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: routeAddressAndUser } },
      },
      async (req) =>
        password.forgot(deps, req.body, (err) =>
          req.log.error({ err: errorSummary(err) }, 'password reset mail failed'),
        ),
    );
    app.post(
      '/api/auth/password/reset',
      {
        schema: { body: resetRequest, response: { 200: messageResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req) => password.reset(deps, req.body),
    );
    for (const url of ['/api/auth/password/change', '/api/user/password'])
      app.post(
        url,
        {
          schema: { body: changeRequest, response: { 200: messageResponse } },
          // The current password is checked here: a stolen session must not be able to guess it.
          config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: routeAndSession } },
        },
        async (req) => password.change(deps, await req.authenticateAnyStage(), req.body),
      );
  };
}
