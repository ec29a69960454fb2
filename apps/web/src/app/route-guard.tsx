import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { routeDecision, type SessionResponse } from '@courier/contracts';
import { FullPageLoader } from '../components/FullPageLoader';
import { useSession } from '../features/auth/api/session';
import { AppLayout } from './shell/AppLayout';
import { GuestLayout } from './shell/GuestLayout';
import { useTenantTheme } from './tenant-theme';

/**
 * Applies the session tenant's theme (spec "access…" §2 start-up: activate the theme), also while
 * the login waits at the OTP or password-change step.
 */
function useSessionTheme(session: SessionResponse | null): void {
  const { setTenant } = useTenantTheme();
  useEffect(() => {
    if (session) setTenant(session.tenant.theme);
  }, [session, setTenant]);
}

/** The root: waits for the start-up session restore before any screen decides anything. */
export function RootLayout() {
  const { session, pending, isPending } = useSession();
  useSessionTheme(session ?? pending);
  return isPending ? <FullPageLoader /> : <Outlet />;
}

/**
 * Checks each route against its right (spec "access…" §2): no session → login, no right → home.
 * Signed in, the screen opens in the app shell; a guest on a public screen gets the guest frame. A
 * login still at the OTP or password step counts as no session: the login screen takes it on.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const { session } = useSession();
  const decision = routeDecision(pathname, session?.rights ?? null);
  if (decision === 'login') return <Navigate to="/login" replace />;
  if (decision === 'home') return <Navigate to="/home" replace />;
  return session ? <AppLayout session={session} /> : <GuestLayout />;
}

/** An unknown state sends a signed-in user home and anyone else to login (spec "access…" §2). */
export function UnknownRoute() {
  const { session } = useSession();
  return <Navigate to={session ? '/home' : '/login'} replace />;
}
