import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteView, type QuoteChooseRequest, type QuoteView } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** The query key of a quote by database and guid; every quote call that answers the view sets it. */
export const quoteKey = (database: string, guid: string) => ['quote', database, guid] as const;

/**
 * POST /api/quote {database, guid[, ttyp_tariff]} (spec "bookings…" §7): the quote as it stands
 * (the server's state is the truth the wizard resumes from) or, with a tariff, that tariff chosen.
 * 404 unknown guid, 410 'Quote Expired', 409 already booked.
 */
export const fetchQuote = (body: QuoteChooseRequest) => apiPost('/api/quote', body, quoteView);

/** The quote of a guid; a 404 or 410 is an answer, not worth a retry. */
export const quoteQuery = (database: string, guid: string) =>
  queryOptions({
    queryKey: quoteKey(database, guid),
    queryFn: () => fetchQuote({ database, guid }),
    retry: false,
  });

/** Stores a quote view answered by any call in the cache of its guid. */
export function useSetQuote() {
  const queryClient = useQueryClient();
  return (database: string, view: QuoteView) => queryClient.setQueryData(quoteKey(database, view.guid), view);
}

/** 'Your Quote': chooses one of the quote's tariffs (ids 1–11). */
export function useChooseTariff() {
  const setQuote = useSetQuote();
  return useMutation({
    mutationFn: fetchQuote,
    onSuccess: (view, body) => setQuote(body.database, view),
  });
}
