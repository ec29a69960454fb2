import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { driverRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { CONTROL_KEY } from './control-keys';

/** POST /api/driver/list: the active drivers, with their vehicle (spec "bookings…" §7 Driver). */
export const fetchDriverList = () =>
  apiPost('/api/driver/list', { active: true, search: '' }, z.array(driverRow));

export const driverListQuery = queryOptions({
  queryKey: [...CONTROL_KEY, 'drivers'],
  queryFn: fetchDriverList,
  staleTime: 60_000,
});

/** POST /api/driver/list with every driver, active or not, for the Drivers modal. */
export const allDriversQuery = queryOptions({
  queryKey: [...CONTROL_KEY, 'drivers', 'all'],
  queryFn: () => apiPost('/api/driver/list', { active: false, search: '' }, z.array(driverRow)),
});
