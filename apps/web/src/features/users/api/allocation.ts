import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { businessUnitRow, siteRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/site/list: the tenant's sites (the Allocation section). */
export const sitesQuery = queryOptions({
  queryKey: ['site-list'],
  queryFn: () => apiPost('/api/site/list', {}, z.array(siteRow)),
  staleTime: 5 * 60_000,
});

/** POST /api/businessunit/list: the tenant's business units, each of a site. */
export const businessUnitsQuery = queryOptions({
  queryKey: ['businessunit-list'],
  queryFn: () => apiPost('/api/businessunit/list', {}, z.array(businessUnitRow)),
  staleTime: 5 * 60_000,
});
