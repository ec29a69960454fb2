import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lazyListOf } from '../../../lib/lazy-schema';
import { ADDRESS_LIST_KEY } from './address-page';

/** The account (main) address type (spec "access…" §3 Customer address: 0 means main/account address). */
export const MAIN_ADDRESS_TYPE = 0;

/** Its answer's schema, loaded with the first answer. */
const ROWS = lazyListOf(() => import('@courier/contracts/addresses').then((m) => m.customerAddress));

/**
 * POST /api/customer/address/list {cadd_cust_id, cadd_address_type?}: an account's addresses, or
 * only those of one type (spec "access…" §7 Customer).
 */
export const fetchAccountAddresses = (custId: number, type?: number) =>
  apiPost('/api/customer/address/list', { cadd_cust_id: custId, cadd_address_type: type }, ROWS);

/** An account's addresses: the booking's customer address list, or its main address (type 0). */
export const accountAddressesQuery = (custId: number, type?: number) =>
  queryOptions({
    queryKey: [...ADDRESS_LIST_KEY, 'account', custId, type ?? 'all'],
    queryFn: () => fetchAccountAddresses(custId, type),
  });
