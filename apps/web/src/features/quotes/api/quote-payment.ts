import { useMutation } from '@tanstack/react-query';
import { quotePaymentResponse, type QuotePaymentRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/quote/payment {database, guid, reference}: asks the server what the provider said of
 * the payment and books it once. Answers the booking reference (dck_docket); 422 'Payment
 * Unsuccessful' with the settings' message and the provider's own in `fields.reference` for a
 * declined, abandoned or failed payment; 409 while the provider has no answer yet; 410 expired.
 */
export const postQuotePayment = (body: QuotePaymentRequest) =>
  apiPost('/api/quote/payment', body, quotePaymentResponse);

/** Page 7 (the return from the provider's page) and the /failed screen's last payment error. */
export const useQuotePayment = () => useMutation({ mutationFn: postQuotePayment });
