import { queryOptions } from '@tanstack/react-query';
import { quoteView } from '@courier/contracts';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/larry/cardbooking/{guid}?database= (spec "bookings…" §7 card booking lookup by guid):
 * a card booking (a quote with its addresses saved) for the wizard's `srv`/`id` link. 422
 * 'Incomplete addresses' before its addresses are saved, 404 unknown, 410 'Quote Expired'.
 */
export const fetchCardBooking = (database: string, guid: string) =>
  apiGet(
    `/api/larry/cardbooking/${encodeURIComponent(guid)}?${new URLSearchParams({ database }).toString()}`,
    quoteView,
  );

/** The card booking of a guid; an error is an answer, not worth a retry. */
export const cardBookingQuery = (database: string, guid: string) =>
  queryOptions({
    queryKey: ['cardbooking', database, guid] as const,
    queryFn: () => fetchCardBooking(database, guid),
    retry: false,
  });
