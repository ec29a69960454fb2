import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  circuitColumn,
  circuitDocketListRequest,
  circuitDocketListResponse,
  type CircuitDocketListResponse,
  circuitParams,
  circuitRow,
  docketStatusRow,
  driverInput,
  driverListRequest,
  driverRow,
  exceptionRow,
  statusChangeRequest,
  statusChangeResponse,
} from '@courier/contracts';
import * as control from './control.service';
import type { ControlDeps } from './control.service';
import { changeStatus } from './status-change.service';

const anyBody = z.object({}).passthrough().optional();

/**
 * The control room's calls (spec "access…" §7 Control and Driver; spec "bookings…" §7
 * docket/status/list, exception/list): circuits, their columns and dockets, statuses, the status
 * change, drivers and exception reasons. Rights and rules are checked in the services.
 */
export function controlRoutes(deps: ControlDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const noticing = {
      ...deps,
      onNoticeError: (err: unknown) => app.log.error({ err }, 'tracking notice failed'),
    };
    app.post(
      '/api/circuit/list',
      { schema: { body: anyBody, response: { 200: z.array(circuitRow) } } },
      async (req) => control.listCircuits(await req.authenticate()),
    );
    app.post(
      '/api/circuit/columns/:code',
      { schema: { params: circuitParams, body: anyBody, response: { 200: z.array(circuitColumn) } } },
      async (req) => control.circuitColumns(await req.authenticate(), req.params.code),
    );
    app.post(
      '/api/circuit/docket/list/:code',
      {
        schema: {
          params: circuitParams,
          body: circuitDocketListRequest,
          response: { 200: circuitDocketListResponse },
        },
      },
      // JSON text already in the response's shape (its rows built by PostgreSQL): sent as it is.
      async (req, reply) => {
        const json = await control.circuitDocketList(
          await req.authenticate(),
          deps,
          req.params.code,
          req.body,
        );
        return reply
          .type('application/json; charset=utf-8')
          .send(json as unknown as CircuitDocketListResponse);
      },
    );
    app.post(
      '/api/docket/status/list',
      { schema: { body: anyBody, response: { 200: z.array(docketStatusRow) } } },
      async (req) => control.listStatuses(await req.authenticate()),
    );
    app.post(
      '/api/docket/status/change',
      { schema: { body: statusChangeRequest, response: { 200: statusChangeResponse } } },
      async (req) => changeStatus(await req.authenticate(), noticing, req.body),
    );
    app.post(
      '/api/driver/list',
      { schema: { body: driverListRequest, response: { 200: z.array(driverRow) } } },
      async (req) => control.listDrivers(await req.authenticate(), req.body),
    );
    app.post(
      '/api/driver/post',
      { schema: { body: driverInput, response: { 200: driverRow } } },
      async (req) => control.postDriver(await req.authenticate(), req.body),
    );
    app.post(
      '/api/exception/list',
      { schema: { body: anyBody, response: { 200: z.array(exceptionRow) } } },
      async (req) => control.listExceptions(await req.authenticate()),
    );
  };
}
