import { useMutation } from '@tanstack/react-query';
import { quoteRegisterResponse, type QuoteRef } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/quote/register {database, guid}: the booking's contact details and a fresh
 * single-use registration token, for the confirmation's Register to open /register with. 422
 * naming `guid` until the quote is booked.
 */
export const postQuoteRegister = (body: QuoteRef) =>
  apiPost('/api/quote/register', body, quoteRegisterResponse);

/** The confirmation's Register. */
export const useQuoteRegister = () => useMutation({ mutationFn: postQuoteRegister });
