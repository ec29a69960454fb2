import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { tariffType } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/tarifftype/list: vehicles / tariffs by id 1–11 (spec "bookings…" §7 lookups, §9). */
export const fetchTariffTypeList = () => apiPost('/api/tarifftype/list', {}, z.array(tariffType));

/** Tariffs change rarely: ten minutes fresh. */
export const tariffTypeListQuery = queryOptions({
  queryKey: ['tarifftype-list'],
  queryFn: fetchTariffTypeList,
  staleTime: 10 * 60_000,
});
