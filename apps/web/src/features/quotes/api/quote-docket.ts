import { useMutation } from '@tanstack/react-query';
import { quoteView, type QuoteDocketRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSetQuote } from './quote';

/**
 * POST /api/quote/docket (spec "bookings…" §7): the contact details (page 3) and the full
 * addresses (page 4), checked by the booking's rules; 422 with the rule's message naming the field
 * (`addresses.{i}` for the three-parts rule), 410 'Quote Expired'.
 */
export const postQuoteDocket = (body: QuoteDocketRequest) => apiPost('/api/quote/docket', body, quoteView);

/** Page 4's Next. */
export function useQuoteDocket() {
  const setQuote = useSetQuote();
  return useMutation({
    mutationFn: postQuoteDocket,
    onSuccess: (view, body) => setQuote(body.database, view),
  });
}
