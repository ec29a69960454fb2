import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceType } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/servicetype/list: service types for Service Details (spec "bookings…" §7 lookups). */
export const fetchServiceTypeList = () => apiPost('/api/servicetype/list', {}, z.array(serviceType));

/** Service types change rarely: ten minutes fresh. */
export const serviceTypeListQuery = queryOptions({
  queryKey: ['servicetype-list'],
  queryFn: fetchServiceTypeList,
  staleTime: 10 * 60_000,
});
