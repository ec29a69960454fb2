import { queryOptions } from '@tanstack/react-query';
import type { VersionResponse } from '@courier/contracts';
import { apiGet } from '../../../lib/api-client';

/** GET /api/system/version: the login screen's version text (spec "access…" §2 login). */
export const fetchVersion = () =>
  apiGet<VersionResponse>('/api/system/version', () =>
    import('@courier/contracts/auth').then((m) => m.versionResponse),
  );

/** The version never changes while the page is open. */
export const versionQuery = queryOptions({
  queryKey: ['version'],
  queryFn: fetchVersion,
  staleTime: Infinity,
});
