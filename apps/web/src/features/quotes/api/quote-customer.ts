import { queryOptions } from '@tanstack/react-query';
import { quoteCustomer } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/quote/customer {database} (spec "bookings…" §7): the account guests book on (its method
 * of payment: A skips the card pages), the terms checkbox setting and the currency symbol.
 */
export const fetchQuoteCustomer = (database: string) =>
  apiPost('/api/quote/customer', { database }, quoteCustomer);

export const quoteCustomerQuery = (database: string) =>
  queryOptions({
    queryKey: ['quote-customer', database],
    queryFn: () => fetchQuoteCustomer(database),
    staleTime: 5 * 60_000,
  });
