import type { QueryClient } from '@tanstack/react-query';
import { MSG } from '@courier/contracts';
import { onAuthFailure } from '../lib/api-client';
import { notifyInfo } from '../lib/notify';
import { SESSION_KEY, SESSION_TITLE } from '../features/auth/api/session';
import type { AppRouter } from './router';

/**
 * Route errors of spec "access…" §2: NOT_AUTHENTICATED goes to login (forgetting the session,
 * with the expired-session message when there is one); NOT_AUTHORIZED goes home.
 */
export function installRouteErrors(router: AppRouter, queryClient: QueryClient): void {
  onAuthFailure((error) => {
    if (error.notAuthenticated) {
      if (error.message !== MSG.notAuthenticated) notifyInfo(SESSION_TITLE, error.message);
      queryClient.setQueryData(SESSION_KEY, null);
      void router.navigate('/login', { replace: true });
    } else {
      void router.navigate('/home', { replace: true });
    }
  });
}
