import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@courier/contracts';
// The module itself, not the package's index: the entry chunk must not bring zod.
import { routeDecision, SIGNED_IN_HINT_COOKIE, TRACK_PAGE_PATH } from '@courier/contracts/rights';
import { databaseListQuery } from '../features/auth/api/database-list';
import { FullPageLoader } from '../components/FullPageLoader';
import { useDropBootShell } from './boot-shell';
import { useDropBootView } from '../lib/boot-data';
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

/**
 * A screen a guest may open (login, tracking, quote, register) needs the databases and their themes
 * if nobody is signed in: asked for beside the session restore instead of after it, a round trip
 * less before a guest sees anything. Signed in, it is a 1 KB answer not used.
 */
function usePublicScreenPrefetch(restoring: boolean, forGuests: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (restoring && forGuests) void queryClient.prefetchQuery(databaseListQuery);
  }, [restoring, forGuests, queryClient]);
}

/**
 * Whether the browser holds the server's signed-in hint (a cookie set and cleared with the
 * session's own, which scripts cannot read): without it nobody is signed in here, as far as the
 * server has said.
 */
const signedInHint = () => document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);

/**
 * The root: waits for the start-up session restore before any screen decides anything, except a
 * screen a guest may open when the browser holds no signed-in hint: that one draws at once as a
 * guest's (a round trip sooner), while the restore still runs and takes over if it finds a session.
 */
export function RootLayout() {
  useDropBootShell();
  const { pathname } = useLocation();
  // The tracking page the server wrote stays until that page has drawn it (features/tracking),
  // never once the app is elsewhere.
  useDropBootView(pathname.replace(/\/+$/, '') !== TRACK_PAGE_PATH);
  const { session, pending, isPending } = useSession();
  const forGuests = routeDecision(pathname, null) === 'allow';
  useSessionTheme(session ?? pending);
  usePublicScreenPrefetch(isPending, forGuests);
  const guestNow = isPending && forGuests && !signedInHint();
  return isPending && !guestNow ? <FullPageLoader /> : <Outlet />;
}

/** An unknown state sends a signed-in user home and anyone else to login (spec "access…" §2). */
export function UnknownRoute() {
  const { session } = useSession();
  return <Navigate to={session ? '/home' : '/login'} replace />;
}
