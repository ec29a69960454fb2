import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { SessionResponse } from '@courier/contracts';
import { FullPageLoader } from '../components/FullPageLoader';
import { useSession } from '../features/auth/api/session';
import { useTenantTheme } from '../lib/tenant-theme';

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

/** An unknown state sends a signed-in user home and anyone else to login (spec "access…" §2). */
export function UnknownRoute() {
  const { session } = useSession();
  return <Navigate to={session ? '/home' : '/login'} replace />;
}
