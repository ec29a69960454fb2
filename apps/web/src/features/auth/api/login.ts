import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, SessionResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { SESSION_KEY } from './session';

/** POST /api/auth/login: checks the password, sets the session cookie, answers the session. */
export const postLogin = (body: LoginRequest) =>
  apiPost('/api/auth/login', body, () => import('@courier/contracts/auth').then((m) => m.loginResponse));

/**
 * Login (spec "access…" §4 login flow). The session goes straight into the cache at whatever stage
 * the server gave it ('otp', 'password' or 'full'); the login screens route on that stage.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: ({ token: _token, otp_expire_minutes: _minutes, ...session }) => {
      // Nothing cached for an earlier user (lists, details) may show to this one.
      queryClient.removeQueries({ type: 'inactive' });
      queryClient.setQueryData<SessionResponse | null>(SESSION_KEY, session);
    },
  });
}
