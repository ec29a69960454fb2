import { queryOptions } from '@tanstack/react-query';
import type { ListRequest, ListResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { DOCKET_LIST_KEY } from './docket-keys';

export { DOCKET_LIST_KEY };

/**
 * POST /api/docket/list: a page of bookings, filtered, sorted and paged on the server (spec "bookings…"
 * §2 Booking list and history). History needs dateStart and dateEnd. The answer's schema loads with
 * the answer: the home screen shows this list, and zod stays out of its first load.
 */
export const fetchDocketList = (body: ListRequest) =>
  apiPost<ListResponse>('/api/docket/list', body, () =>
    import('@courier/contracts/dockets').then((m) => m.listResponse),
  );

/** The newest recent bookings (page 1, docket number descending) for the home screen. */
export const latestDocketsQuery = queryOptions({
  queryKey: [...DOCKET_LIST_KEY, 'latest'],
  queryFn: () => fetchDocketList({ archive: false, page: 1 }),
});
