import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lazyListOf } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const ROWS = lazyListOf(() => import('@courier/contracts/customers').then((m) => m.customerRow));

/** POST /api/customer/list: the user's accounts that are not on hold (spec "bookings…" §7 Customers). */
export const fetchCustomerList = () => apiPost('/api/customer/list', {}, ROWS);

/** The booking screen's Account choices. */
export const customerListQuery = queryOptions({ queryKey: ['customer-list'], queryFn: fetchCustomerList });
