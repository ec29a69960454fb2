import { useMutation } from '@tanstack/react-query';
import { checkoutResponse, type QuoteRef } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/quote/checkout {database, guid}: starts the card payment of the chosen tariff's hold
 * (pounds in the answer) and answers the provider's reference and its page `url`. 422 'Incomplete
 * addresses', 'Payment amount not provided' (naming `amount`) or an unconfigured provider; 410.
 */
export const postQuoteCheckout = (body: QuoteRef) => apiPost('/api/quote/checkout', body, checkoutResponse);

/** Page 6's Confirm. */
export const useQuoteCheckout = () => useMutation({ mutationFn: postQuoteCheckout });
