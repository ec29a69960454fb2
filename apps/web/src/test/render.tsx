import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TenantThemeProvider } from '../lib/tenant-theme';

/** A query client for one test: no retries, nothing shared with other tests. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Shows the current location, so a test can see where a screen navigated to. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

interface RenderOptions {
  /** The URL the memory router starts at. */
  route?: string;
  /** Routes to render instead of `ui` alone at `route` (for redirects). */
  routes?: ReactNode;
  queryClient?: QueryClient;
  /**
   * Wrap in the app's TenantThemeProvider (it brings its own MantineProvider) for screens that read
   * or set the tenant theme; otherwise a plain MantineProvider in test mode (no transitions, no portals).
   */
  tenantTheme?: boolean;
}

/** Renders `ui` as the app would: query cache, Mantine, notifications and a memory router. */
export function renderApp(ui: ReactElement | null, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  const user = userEvent.setup();
  const content = (
    <>
      <Notifications />
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        {options.routes ? <Routes>{options.routes}</Routes> : ui}
        <LocationProbe />
      </MemoryRouter>
    </>
  );
  const themed = options.tenantTheme ? (
    <TenantThemeProvider>{content}</TenantThemeProvider>
  ) : (
    <MantineProvider env="test">{content}</MantineProvider>
  );
  const result = render(<QueryClientProvider client={queryClient}>{themed}</QueryClientProvider>);
  return { ...result, user, queryClient };
}
