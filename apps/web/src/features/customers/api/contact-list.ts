import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lazyListOf } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const ROWS = lazyListOf(() => import('@courier/contracts/customers').then((m) => m.contactRow));

/** POST /api/customer/contact/list {ccnt_cust_id}: an account's contacts (spec "access…" §7 Customer). */
export const fetchContactList = (custId: number) =>
  apiPost('/api/customer/contact/list', { ccnt_cust_id: custId }, ROWS);

/** The contacts of an account for the booking's customer contacts modal. */
export const contactListQuery = (custId: number) =>
  queryOptions({ queryKey: ['customer-contact-list', custId], queryFn: () => fetchContactList(custId) });
