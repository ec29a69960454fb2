import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postResponse, type DocketInput } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { DOCKET_LIST_KEY } from './docket-list';

/** POST /api/docket/post: saves the booking; answers its number and tracking reference (spec "bookings…" §7). */
export const postDocket = (body: DocketInput) => apiPost('/api/docket/post', body, postResponse);

/** The booking screen's Confirm action; the booking lists are stale afterwards. */
export function useDocketPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDocket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCKET_LIST_KEY }),
  });
}
