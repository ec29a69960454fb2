import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { SESSION_KEY } from './session';

/** POST /api/auth/logout: ends the session and clears the cookie. */
export const postLogout = () => apiPost<{ ok: boolean }>('/api/auth/logout', {}, undefined, { quiet: true });

/** Logout (spec "access…" §2 menus): forget the session and its data, say 'You are logged out!', go to login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postLogout,
    onSettled: async () => {
      await navigate('/login', { replace: true });
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      notifySuccess(MSG.loggedOut);
    },
  });
}

/**
 * 'Back to login' from the OTP or password-change step: ends the half-done session on the server
 * and returns to the login form without the logout message (nobody was signed in yet).
 */
export function useCancelLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postLogout,
    onSettled: async () => {
      queryClient.setQueryData(SESSION_KEY, null);
      await navigate('/login', { replace: true });
    },
  });
}
