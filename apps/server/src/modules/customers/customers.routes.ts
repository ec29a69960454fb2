import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactListRequest,
  contactRow,
  customerRow,
  referenceListRequest,
  referenceRow,
  serviceType,
  tariffType,
} from '@courier/contracts';
import * as service from './customers.service';

const anyBody = z.object({}).passthrough().optional();

/** customer/list, customer/reference/lists, customer/contact/list, servicetype/list, tarifftype/list (spec "bookings…" §7). */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customer/list',
    { schema: { body: anyBody, response: { 200: z.array(customerRow) } } },
    async (req) => service.listCustomers(await req.authenticate()),
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
