import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotePaymentResponse, type QuoteRef, type QuoteView } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { quoteKey } from './quote';

/**
 * POST /api/quote/book {database, guid} (signed in): books an account payer's quote (mop A) on
 * account, without a card payment, at the quote's frozen price; answers the booking reference.
 * A repeat answers the same booking. 401 without a session, 404 another user's quote, 422 when
 * the account pays by card or the addresses are not saved, 410 'Quote Expired'.
 */
export const postQuoteBook = (body: QuoteRef) => apiPost('/api/quote/book', body, quotePaymentResponse);

/** Page 4's Next for an account payer: the quote is booked (its cached view too), then confirmation. */
export function useQuoteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postQuoteBook,
    onSuccess: (booked, body) => {
      queryClient.setQueryData<QuoteView>(
        quoteKey(body.database, body.guid),
        (old) => old && { ...old, state: 'booked', dck_docket: booked.dck_docket },
      );
      void queryClient.invalidateQueries({ queryKey: quoteKey(body.database, body.guid) });
    },
  });
}
