import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocketInput } from '@courier/contracts';
import { apiPost, isNetworkError } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';
import { DOCKET_LIST_KEY } from './docket-list';

/**
 * The answer's schema of docket/post and docket/payment (the booking's number and tracking
 * reference), loaded with the first answer: zod is not part of the booking screen's first load.
 */
export const POSTED = lazySchema(() => import('@courier/contracts/dockets').then((m) => m.postResponse));

/** One submit of the booking: the body and the Idempotency-Key its retries share. */
export interface DocketSubmit {
  body: DocketInput;
  idempotencyKey: string;
}

/** A new submit of `body`, with a fresh key. */
export const submitOf = (body: DocketInput): DocketSubmit => ({ body, idempotencyKey: crypto.randomUUID() });

/**
 * POST /api/docket/post: saves the booking; answers its number and tracking reference (spec
 * "bookings…" §7). The Idempotency-Key makes a retry after a lost answer return the same booking
 * instead of booking twice.
 */
export const postDocket = ({ body, idempotencyKey }: DocketSubmit) =>
  apiPost('/api/docket/post', body, POSTED, { headers: { 'idempotency-key': idempotencyKey } });

/**
 * The booking screen's Confirm action; the booking lists are stale afterwards. A submit whose
 * answer was lost on the network is sent again, twice at most, with the same key.
 */
export function useDocketPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDocket,
    retry: (count, error) => count < 2 && isNetworkError(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCKET_LIST_KEY }),
  });
}
