import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessUnitRow,
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
import * as users from './user-admin.service';

const anyBody = z.object({}).passthrough().optional();

/**
 * User administration and My Account (spec "bookings…" §7 Users, "access…" §7 User): user/list,
 * user/post, user/delete, user/accounts, user/circuits, user/reports, and the site/list and
 * businessunit/list look-ups. Rights and rules are checked in user-admin.service.
 */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/list',
    { schema: { body: userListRequest, response: { 200: userListResponse } } },
    async (req) => users.listUsers(await req.authenticate(), req.body),
  );
  app.post(
    '/api/user/post',
    { schema: { body: userPostRequest, response: { 200: userPostResponse } } },
    async (req) => users.postUser(await req.authenticate(), req.body),
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
};
