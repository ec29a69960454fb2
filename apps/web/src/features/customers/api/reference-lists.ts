import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { lazyListOf } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const ROWS = lazyListOf(() => import('@courier/contracts/customers').then((m) => m.referenceRow));

/** POST /api/customer/reference/lists {cref_cust_id}: an account's allowed reference values (spec "access…" §7). */
export const fetchReferenceLists = (custId: number) =>
  apiPost('/api/customer/reference/lists', { cref_cust_id: custId }, ROWS);

/** The reference lists of an account; reference 5 is a choice from them when cust_ref5_fromlist is 'T'. */
export const referenceListsQuery = (custId: number) =>
  queryOptions({
    queryKey: ['customer-reference-lists', custId],
    queryFn: () => fetchReferenceLists(custId),
    staleTime: 5 * 60_000,
  });
