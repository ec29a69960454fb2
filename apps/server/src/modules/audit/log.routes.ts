import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logDetailRequest, logDetailResponse, logListRequest, logListResponse } from '@courier/contracts';
import { listLog, logDetail } from './log.service';

/**
 * The log viewer's calls (spec "bookings…" §2 Log viewer; "its path and payload are not shown", so
 * ours): log/list `{day, page, pageSize}` and log/detail `{log_id}`, admin right only.
 */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/log/list',
    { schema: { body: logListRequest, response: { 200: logListResponse } } },
    async (req) => listLog(await req.authenticate(), req.body),
  );
  app.post(
    '/api/log/detail',
    { schema: { body: logDetailRequest, response: { 200: logDetailResponse } } },
    async (req) => logDetail(await req.authenticate(), req.body.log_id),
  );
};
