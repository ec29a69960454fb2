import type { AddressListRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const PAGE = lazySchema(() => import('@courier/contracts/addresses').then((m) => m.addressPage));

/** Cache key prefix of every address list (pages and an account's addresses); a save invalidates it. */
export const ADDRESS_LIST_KEY = ['customer-address-list'] as const;

/**
 * POST /api/customer/address/list {page, pageSize, search, sort}: a page of the address book over
 * all the user's accounts (spec "access…" §2 Address list).
 */
export const fetchAddressPage = (body: Omit<AddressListRequest, 'cadd_id' | 'cadd_cust_id'>) =>
  apiPost('/api/customer/address/list', body, PAGE);
