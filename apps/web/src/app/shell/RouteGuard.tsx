import { Navigate, useLocation } from 'react-router';
import { routeDecision } from '@courier/contracts';
import { useSession } from '../../features/auth/api/session';
import { AppLayout } from './AppLayout';
import { GuestLayout } from './GuestLayout';

/**
 * Checks each route against its right (spec "access…" §2): no session → login, no right → home.
 * Signed in, the screen opens in the app shell; a guest on a public screen gets the guest frame. A
 * login still at the OTP or password step counts as no session: the login screen takes it on. The
 * router loads it lazily, with the screen it frames, so the login screen loads neither shell.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const { session } = useSession();
  const decision = routeDecision(pathname, session?.rights ?? null);
  if (decision === 'login') return <Navigate to="/login" replace />;
  if (decision === 'home') return <Navigate to="/home" replace />;
  return session ? <AppLayout session={session} /> : <GuestLayout />;
}
