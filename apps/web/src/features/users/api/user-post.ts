import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, userPostResponse, type UserPostRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { USERS_KEY } from './user-keys';

/** POST /api/user/post: creates (no ausr_id) or updates a user; answers 'User data saved' and the id. */
export const postUser = (body: UserPostRequest) => apiPost('/api/user/post', body, userPostResponse);

/** POST /api/user/delete {_id}: deletes a user (admin right; never the caller). */
export const deleteUser = (ausrId: number) => apiPost('/api/user/delete', { _id: ausrId }, messageResponse);

/** The detail screen's Save; every user query is stale afterwards. */
export function useUserPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/**
 * The detail screen's Delete: the deleted user's own queries (detail, links) are dropped, not read
 * again (they would answer 404 'User not found' while the screen leaves); the rest are stale.
 */
export function useUserDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, ausrId) => {
      queryClient.removeQueries({
        queryKey: USERS_KEY,
        predicate: (q) => q.queryKey.length > 2 && q.queryKey[2] === ausrId,
      });
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
