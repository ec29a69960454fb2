import { queryOptions } from '@tanstack/react-query';
import type { DatabaseList } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/database/list: every database (tenant) with its theme (spec "access…" §7). */
export const fetchDatabaseList = () =>
  apiPost<DatabaseList>('/api/database/list', {}, () =>
    import('@courier/contracts/auth').then((m) => m.databaseList),
  );

/** The database list rarely changes: fetched once per page load. */
export const databaseListQuery = queryOptions({
  queryKey: ['database-list'],
  queryFn: fetchDatabaseList,
  staleTime: Infinity,
});
