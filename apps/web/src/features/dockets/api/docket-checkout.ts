import { useMutation, useQuery } from '@tanstack/react-query';
import type { DocketCheckoutRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

/** The answers' schemas, loaded with the first answer (zod is not part of the screen's first load). */
const CHECKOUT = lazySchema(() => import('@courier/contracts/quotes').then((m) => m.checkoutResponse));
const CARD_PROVIDER = lazySchema(() =>
  import('@courier/contracts/quotes').then((m) => m.docketCardProviderResponse),
);

/**
 * POST /api/docket/checkout: a card payer's booking and its `attempt` key; starts the card payment
 * of its hold on the server's price and answers the provider's reference, its page `url` and the
 * `amount` (pounds). 422 'Payment amount not provided' (naming `amount`), an unconfigured
 * provider, or an account that pays on account; 409 once that attempt is booked.
 */
export const postDocketCheckout = (body: DocketCheckoutRequest) =>
  apiPost('/api/docket/checkout', body, CHECKOUT);

/** The booking screen's Authorise (or Confirm for a card checkout account). */
export const useDocketCheckout = () => useMutation({ mutationFn: postDocketCheckout });

/**
 * POST /api/docket/checkout/provider {dck_cust_id}: how a card payer's card is taken, the
 * provider of the account's method of payment and `form` (true: Worldpay's card form on the
 * capture page; false: the provider's own page, opened by Authorise). Asked only for card payers.
 */
export const fetchCardProvider = (custId: number) =>
  apiPost('/api/docket/checkout/provider', { dck_cust_id: custId }, CARD_PROVIDER);

/** The card provider of account `custId` while it is a card payer's (null: not asked). */
export const useCardProvider = (custId: number | null) =>
  useQuery({
    queryKey: ['docket-card-provider', custId],
    queryFn: () => fetchCardProvider(custId!),
    enabled: custId !== null,
    staleTime: 60_000,
  });
