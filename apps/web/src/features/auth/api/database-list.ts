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
  const written = writtenDatabaseList();
  if (written) return Promise.resolve(written);
  return apiPost<DatabaseList>('/api/database/list', {}, () =>
    import('@courier/contracts/auth').then((m) => m.databaseList),
  );
};

/** The list the page carries (BOOT_DATABASES_ELEMENT_ID), taken once; undefined when it has none. */
function writtenDatabaseList(): DatabaseList | undefined {
  const written = takeBootJson(BOOT_DATABASES_ELEMENT_ID);
  return Array.isArray(written) ? (written as DatabaseList) : undefined;
}

/**
 * The database list rarely changes: fetched once per page load. The list the page carries is its
 * first data, so that a guest's first screen (sign-in, tracking) draws with it in its first render.
 */
export const databaseListQuery = queryOptions({
  queryKey: ['database-list'],
  queryFn: fetchDatabaseList,
  initialData: writtenDatabaseList,
  staleTime: Infinity,
});
