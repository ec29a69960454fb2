import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { TenantThemeProvider } from '../lib/tenant-theme';

/** One query client: no retry on 4xx (the answer will not change), short staleness. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

/*
 * The hosts of notifications and confirm windows load after the first screen (issue 15: with their
 * transitions, focus trap and scroll lock they weighed on the sign-in page's first load). Both are
 * fed through stores that hold what is asked before they mount: `notifications.show` queues in
 * @mantine/notifications' store, which the host shows when it mounts; `modals.openConfirmModal` is
 * an event the modals host listens to, and no screen can ask for one before it has loaded itself,
 * which takes longer than this small chunk.
 */
const Overlays = lazy(() => import('./overlays'));

/**
 * Mounts the overlay hosts once the page is idle after its first screen: their chunk is then not
 * fetched beside the first screen's own files and answers (on a phone's connection it delayed the
 * tracking page's largest paint), and within a second even if the page is never idle.
 */
function DeferredOverlays() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(show, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(show, { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}

/** Query cache, tenant theme (Mantine), and the notification and confirm-window hosts around the app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantThemeProvider>
        <DeferredOverlays />
        {children}
      </TenantThemeProvider>
    </QueryClientProvider>
  );
}
