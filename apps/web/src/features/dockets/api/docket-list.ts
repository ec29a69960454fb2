import { queryOptions } from '@tanstack/react-query';
import { listResponse, type ListRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** Cache key prefix of every booking list page; a new booking invalidates it. */
export const DOCKET_LIST_KEY = ['docket-list'] as const;

/**
 * POST /api/docket/list: a page of bookings, filtered, sorted and paged on the server (spec "bookings…"
 * §2 Booking list and history). History needs dateStart and dateEnd.
 */
export const fetchDocketList = (body: ListRequest) => apiPost('/api/docket/list', body, listResponse);

/** The newest recent bookings (page 1, docket number descending) for the home screen. */
export const latestDocketsQuery = queryOptions({
  queryKey: [...DOCKET_LIST_KEY, 'latest'],
  queryFn: () => fetchDocketList({ archive: false, page: 1 }),
});
