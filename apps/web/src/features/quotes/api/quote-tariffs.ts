import { useMutation } from '@tanstack/react-query';
import { quoteView, type QuoteTariffsRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSetQuote } from './quote';

/**
 * POST /api/quote/alltariffs/list (spec "bookings…" §7): every tariff priced on the server for the
 * post codes and parcels, as a new quote valid 15 minutes, with its guid. 400 naming a bad post
 * code (`addresses.{i}.dadd_postalcode`), 422 an unknown one or `parcels` when no vehicle fits.
 */
export const postQuoteTariffs = (body: QuoteTariffsRequest) =>
  apiPost('/api/quote/alltariffs/list', body, quoteView);

/** Page 1's Next, and the new quote after an expiry. */
export function useQuoteTariffs() {
  const setQuote = useSetQuote();
  return useMutation({
    mutationFn: postQuoteTariffs,
    onSuccess: (view, body) => setQuote(body.database, view),
  });
}
