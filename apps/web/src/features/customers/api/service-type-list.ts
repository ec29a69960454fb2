import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lazyListOf } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const ROWS = lazyListOf(() => import('@courier/contracts/customers').then((m) => m.serviceType));

/** POST /api/servicetype/list: service types for Service Details (spec "bookings…" §7 lookups). */
export const fetchServiceTypeList = () => apiPost('/api/servicetype/list', {}, ROWS);

/** Service types change rarely: ten minutes fresh. */
export const serviceTypeListQuery = queryOptions({
  queryKey: ['servicetype-list'],
  queryFn: fetchServiceTypeList,
  staleTime: 10 * 60_000,
});
