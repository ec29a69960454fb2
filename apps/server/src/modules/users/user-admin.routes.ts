import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessUnitRow,
  emailConfirmRequest,
  emailConfirmResponse,
  messageResponse,
  siteRow,
  userAccountRow,
  userCircuitRow,
  userDeleteRequest,
  userLinksRequest,
  userListRequest,
  userListResponse,
  userPostRequest,
  userPostResponse,
  userReportRow,
} from '@courier/contracts';
import { routeAndSession } from '../../plugins/auth';
import { confirmEmailChange, type EmailChangeDeps } from './email-change.service';
import * as users from './user-admin.service';

const anyBody = z.object({}).passthrough().optional();

/**
 * User administration and My Account (spec "bookings…" §7 Users, "access…" §7 User): user/list,
 * user/post, user/delete, user/accounts, user/circuits, user/reports, and the site/list and
 * businessunit/list look-ups; user/email/confirm (public, rate limited), the link My Account mails to
 * a new e-mail address. Rights and rules are checked in user-admin.service.
 */
export const userAdminRoutes =
  (deps: Omit<EmailChangeDeps, 'log'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/list',
      { schema: { body: userListRequest, response: { 200: userListResponse } } },
      async (req) => users.listUsers(await req.authenticate(), req.body),
    );
    app.post(
      '/api/user/post',
      {
        schema: { body: userPostRequest, response: { 200: userPostResponse } },
        // My Account checks the current password here (an e-mail change): a stolen session must
        // not be able to guess it. Only saves that carry one count, as password/change's 10.
        config: {
          rateLimit: {
            max: 10,
            timeWindow: '1 minute',
            keyGenerator: routeAndSession,
            allowList: (req) =>
              !(req.body as { ausr_current_password?: unknown } | undefined)?.ausr_current_password,
          },
        },
      },
      async (req) =>
        users.postUser(await req.authenticate(), req.body, {
          ...deps,
          log: (err) => req.log.error({ err }, 'e-mail change mail failed'),
        }),
    );
    app.post(
      '/api/user/delete',
      { schema: { body: userDeleteRequest, response: { 200: messageResponse } } },
      async (req) => users.deleteUser(await req.authenticate(), req.body),
    );
    app.post(
      '/api/user/accounts',
      { schema: { body: userLinksRequest, response: { 200: z.array(userAccountRow) } } },
      async (req) => users.userLinks(await req.authenticate(), 'accounts', req.body),
    );
    app.post(
      '/api/user/circuits',
      { schema: { body: userLinksRequest, response: { 200: z.array(userCircuitRow) } } },
      async (req) => users.userLinks(await req.authenticate(), 'circuits', req.body),
    );
    app.post(
      '/api/user/reports',
      { schema: { body: userLinksRequest, response: { 200: z.array(userReportRow) } } },
      async (req) => users.userLinks(await req.authenticate(), 'reports', req.body),
    );
    app.post(
      '/api/site/list',
      { schema: { body: anyBody, response: { 200: z.array(siteRow) } } },
      async (req) => users.listSites(await req.authenticate()),
    );
    app.post(
      '/api/businessunit/list',
      { schema: { body: anyBody, response: { 200: z.array(businessUnitRow) } } },
      async (req) => users.listBusinessUnits(await req.authenticate()),
    );
    app.post(
      '/api/user/email/confirm',
      {
        schema: { body: emailConfirmRequest, response: { 200: emailConfirmResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req) => confirmEmailChange(deps, req.body.token),
    );
  };
