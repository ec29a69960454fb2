import { useMutation } from '@tanstack/react-query';
import { checkoutResponse, type DocketCheckoutRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/docket/checkout: a card payer's booking and its `attempt` key; starts the card payment
 * of its hold on the server's price and answers the provider's reference, its page `url` and the
 * `amount` (pounds). 422 'Payment amount not provided' (naming `amount`), an unconfigured
 * provider, or an account that pays on account; 409 once that attempt is booked.
 */
export const postDocketCheckout = (body: DocketCheckoutRequest) =>
  apiPost('/api/docket/checkout', body, checkoutResponse);

/** The booking screen's Authorise (or Confirm for a card checkout account). */
export const useDocketCheckout = () => useMutation({ mutationFn: postDocketCheckout });
