import { queryOptions } from '@tanstack/react-query';
import { customerAddress } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { ADDRESS_LIST_KEY } from './address-page';

/** POST /api/customer/address/list {cadd_id}: one address ('Address not found' 404 when not the user's). */
export const fetchAddress = (caddId: number) =>
  apiPost('/api/customer/address/list', { cadd_id: caddId }, customerAddress);

/** The address the ADDRESS DETAIL screen edits. */
export const addressQuery = (caddId: number) =>
  queryOptions({ queryKey: [...ADDRESS_LIST_KEY, 'one', caddId], queryFn: () => fetchAddress(caddId) });
