import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lazyListOf } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const ROWS = lazyListOf(() => import('@courier/contracts/customers').then((m) => m.tariffType));

/** POST /api/tarifftype/list: vehicles / tariffs by id 1–11 (spec "bookings…" §7 lookups, §9). */
export const fetchTariffTypeList = () => apiPost('/api/tarifftype/list', {}, ROWS);

/** Tariffs change rarely: ten minutes fresh. */
export const tariffTypeListQuery = queryOptions({
  queryKey: ['tarifftype-list'],
  queryFn: fetchTariffTypeList,
  staleTime: 10 * 60_000,
});
