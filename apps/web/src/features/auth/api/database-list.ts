import { queryOptions } from '@tanstack/react-query';
import type { DatabaseList } from '@courier/contracts';
import { BOOT_DATABASES_ELEMENT_ID } from '@courier/contracts/rights';
import { apiPost } from '../../../lib/api-client';
import { takeBootJson } from '../../../lib/boot-data';

/**
 * POST /api/database/list: every database (tenant) with its theme (spec "access…" §7). The first
 * time, a guest's page already carries the answer (BOOT_DATABASES_ELEMENT_ID), written and checked
 * by the server with the call's own schema: it is the page's own data, as its markup is, and is
 * taken as it is, so the sign-in page draws without a call and without the schema library.
 */
export const fetchDatabaseList = (): Promise<DatabaseList> => {
  const written = takeBootJson(BOOT_DATABASES_ELEMENT_ID);
  if (Array.isArray(written)) return Promise.resolve(written as DatabaseList);
  return apiPost<DatabaseList>('/api/database/list', {}, () =>
    import('@courier/contracts/auth').then((m) => m.databaseList),
  );
};

/** The database list rarely changes: fetched once per page load. */
export const databaseListQuery = queryOptions({
  queryKey: ['database-list'],
  queryFn: fetchDatabaseList,
  staleTime: Infinity,
});
