import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressDeleteRequest,
  addressDeleteResponse,
  addressListRequest,
  addressListResponse,
  addressPostRequest,
  customerAddress,
} from '@courier/contracts';
import * as service from './addresses.service';
import type { AddressDeps } from './addresses.service';

/** customer/address/list, /post, /delete: the address book (spec "access…" §2, §7 Customer). */
export function addressRoutes(deps: AddressDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/customer/address/list',
      { schema: { body: addressListRequest, response: { 200: addressListResponse } } },
      async (req) => service.listAddresses(await req.authenticate(), req.body),
    );
    app.post(
      '/api/customer/address/post',
      { schema: { body: addressPostRequest, response: { 200: customerAddress } } },
      async (req) => service.postAddress(await req.authenticate(), deps, req.body),
    );
    app.post(
      '/api/customer/address/delete',
      { schema: { body: addressDeleteRequest, response: { 200: addressDeleteResponse } } },
      async (req) => service.deleteAddress(await req.authenticate(), req.body.cadd_id),
    );
  };
}
