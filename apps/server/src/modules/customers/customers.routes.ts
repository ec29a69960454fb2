import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactListRequest,
  contactRow,
  customerDetail,
  customerListRequest,
  customerPostRequest,
  customerRow,
  referenceListRequest,
  referencePostRequest,
  referenceRow,
  settingsPostResponse,
  serviceType,
  tariffType,
} from '@courier/contracts';
import * as service from './customers.service';

const anyBody = z.object({}).passthrough().optional();

/**
 * customer/list, customer/post, customer/reference/lists, customer/reference/post,
 * customer/contact/list, servicetype/list, tarifftype/list (spec "access…" §7 Customer, "bookings…" §7).
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customer/list',
    // The detail first: a union keeps the first shape that fits, and a row would drop its fields.
    {
      schema: {
        body: customerListRequest,
        response: { 200: z.array(z.union([customerDetail, customerRow])) },
      },
    },
    async (req) => service.listCustomers(await req.authenticate(), req.body?.cust_id),
  );
  app.post(
    '/api/customer/post',
    { schema: { body: customerPostRequest, response: { 200: settingsPostResponse } } },
    async (req) => service.saveCustomer(await req.authenticate(), req.body),
  );
  app.post(
    '/api/customer/reference/post',
    { schema: { body: referencePostRequest, response: { 200: z.array(referenceRow) } } },
    async (req) => service.saveReferences(await req.authenticate(), req.body),
  );
  app.post(
    '/api/customer/reference/lists',
    { schema: { body: referenceListRequest, response: { 200: z.array(referenceRow) } } },
    async (req) => service.listReferences(await req.authenticate(), req.body.cref_cust_id),
  );
  app.post(
    '/api/customer/contact/list',
    { schema: { body: contactListRequest, response: { 200: z.array(contactRow) } } },
    async (req) => service.listContacts(await req.authenticate(), req.body.ccnt_cust_id),
  );
  app.post(
    '/api/servicetype/list',
    { schema: { body: anyBody, response: { 200: z.array(serviceType) } } },
    async (req) => service.listServiceTypes(await req.authenticate()),
  );
  app.post(
    '/api/tarifftype/list',
    { schema: { body: anyBody, response: { 200: z.array(tariffType) } } },
    async (req) => service.listTariffTypes(await req.authenticate()),
  );
};
