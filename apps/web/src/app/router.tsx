import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { UserSession } from '@courier/contracts';
// The module itself, not the package's index: the entry chunk must not bring zod.
import { ROUTE_TABLE, routeDecision, type RouteRight } from '@courier/contracts/rights';
import { ErrorScreen } from '../components/ErrorScreen';
import { StartFallback, WithoutBootShell } from './boot-shell';
import { completeSession, sessionQuery } from '../features/auth/api/session';
import { queryClient } from './providers';
import { RootLayout, UnknownRoute } from './route-guard';

/**
 * A page's warm-up (optional export `warm` of its module): asks for the answers its screen waits
 * for first, once the session is known and before the screen is drawn, so they travel while the
 * shell renders. It never waits for them; the screen's own queries take them from the cache.
 */
export type PageWarm = (queryClient: QueryClient, session: UserSession, search: URLSearchParams) => void;

type PageModule = Promise<{ default: ComponentType; warm?: PageWarm }>;

/** A screen of the routes table: its path, the right from ROUTE_TABLE, and its lazy module. */
export interface ScreenRoute {
  path: string;
  right: RouteRight | 'public';
  load: () => PageModule;
}

function screen(path: string, load: () => PageModule): ScreenRoute {
  const right = ROUTE_TABLE[path];
  if (!right) throw new Error(`Route ${path} is not in ROUTE_TABLE`);
  return { path, right, load };
}

/** The screens built so far (spec "access…" §2 routes); rights come from the shared ROUTE_TABLE. */
export const SCREENS: ScreenRoute[] = [
  screen('/home', () => import('../features/home/pages/HomePage')),
  screen('/docket/detail', () => import('../features/dockets/pages/BookingDetailPage')),
  screen('/docket/list', () => import('../features/dockets/pages/BookingListPage')),
  screen('/docket/archive', () => import('../features/dockets/pages/BookingListPage')),
  screen('/docket/detailhistory', () => import('../features/dockets/pages/BookingHistoryPage')),
  screen('/address/list', () => import('../features/addresses/pages/AddressListPage')),
  screen('/address/detail', () => import('../features/addresses/pages/AddressDetailPage')),
  screen('/docket/track', () => import('../features/tracking/pages/TrackPage')),
  screen('/docket/trace', () => import('../features/tracking/pages/TraceListPage')),
  screen('/register', () => import('../features/register/pages/RegisterPage')),
  screen('/control', () => import('../features/control/pages/ControlPage')),
  screen('/user/list', () => import('../features/users/pages/UserListPage')),
  screen('/user/detail', () => import('../features/users/pages/UserDetailPage')),
  screen('/system', () => import('../features/system/pages/SystemPage')),
  screen('/report/list', () => import('../features/reports/pages/ReportListPage')),
  screen('/report/view', () => import('../features/reports/pages/ReportViewPage')),
  screen('/log', () => import('../features/logs/pages/LogListPage')),
  screen('/log/detail', () => import('../features/logs/pages/LogDetailPage')),
  screen('/docket/quote', () => import('../features/quotes/pages/QuotePage')),
  // The payment result screens load with the wizard they return to: one lazy module, so adding
  // them does not re-cut the chunks every other route shares (see vite.config.ts).
  screen('/success', () =>
    import('../features/quotes/pages/QuotePage').then((m) => ({ default: m.PaymentSuccessPage })),
  ),
  screen('/failed', () =>
    import('../features/quotes/pages/QuotePage').then((m) => ({ default: m.PaymentFailedPage })),
  ),
];

const loginPage = () => import('../features/auth/pages/LoginPage');

/** Full-page routes outside the guard: login, mfa, /reset/{token} (the login screen in reset mode) and the driver page. */
const LOGIN_SCREENS: ScreenRoute[] = [
  screen('/login', loginPage),
  screen('/mfa', () => import('../features/auth/pages/MfaPage')),
  { ...screen('/reset', loginPage), path: '/reset/:token' },
  // The link My Account mails to a new e-mail address (public: it may open in another browser).
  {
    ...screen('/email/confirm', () => import('../features/users/pages/EmailConfirmPage')),
    path: '/email/confirm/:token',
  },
  // The driver page: phone-first, its own sign-in, outside the signed-in shell.
  screen('/driver', () => import('../features/driver/pages/DriverPage')),
];

/**
 * The loader of a page with a warm-up: waits only for the session (written into the page by the
 * server when signed in, so usually at once), then warms the page for a signed-in user who may
 * open it. Nothing for anyone else: the guard sends them on.
 */
export const warmLoader =
  (path: string, warm: PageWarm) =>
  async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const session = completeSession(await queryClient.ensureQueryData(sessionQuery));
    if (session && routeDecision(path, session.rights) === 'allow')
      warm(queryClient, session, new URL(request.url).searchParams);
    return null;
  };

const lazyRoute = ({ path, load }: ScreenRoute): RouteObject => ({
  path,
  lazy: async () => {
    const page = await load();
    return { Component: page.default, ...(page.warm ? { loader: warmLoader(path, page.warm) } : {}) };
  },
});

/** The route tree: login outside the guard, every other screen behind it, anything else redirected. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: (
      <WithoutBootShell>
        <ErrorScreen />
      </WithoutBootShell>
    ),
    hydrateFallbackElement: <StartFallback />,
    children: [
      ...LOGIN_SCREENS.map(lazyRoute),
      // The guard and its shells load with the screen they frame (react-router runs both lazies at once).
      {
        lazy: async () => ({ Component: (await import('./shell/RouteGuard')).RouteGuard }),
        children: SCREENS.map(lazyRoute),
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

/**
 * The app's browser router (spec "access…" §2 routes). Creating it starts the first navigation
 * (matching, the screen's lazy modules, its warm-up), so main.tsx calls it in a task of its own.
 */
export const createAppRouter = () => createBrowserRouter(routes);

/** The router createAppRouter makes. */
export type AppRouter = ReturnType<typeof createAppRouter>;
