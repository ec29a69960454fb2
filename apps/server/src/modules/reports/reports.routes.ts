import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportExportRequest,
  reportListRequest,
  reportListResponse,
  reportRunRequest,
  reportRunResponse,
} from '@courier/contracts';
import { sendFile } from '../dockets/docket-file';
import { exportReport, listReports, runReport } from './reports.service';

/**
 * The report calls (spec "bookings…" §7 report/list; issue 12 §3 our viewer's report/run and
 * report/export): reports right, only the reports linked to the caller.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/report/list',
    { schema: { body: reportListRequest, response: { 200: reportListResponse } } },
    async (req) => listReports(await req.authenticate(), req.body),
  );
  app.post(
    '/api/report/run',
    { schema: { body: reportRunRequest, response: { 200: reportRunResponse } } },
    async (req) => runReport(await req.authenticate(), req.body),
  );
  app.post('/api/report/export', { schema: { body: reportExportRequest } }, async (req, reply) =>
    sendFile(reply, await exportReport(await req.authenticate(), req.body)),
  );
};
