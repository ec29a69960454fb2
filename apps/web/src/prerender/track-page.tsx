/**
 * A guest's tracking page as the server writes it into the page it sends to a phone (issue 15 §1
 * LCP; apps/server web/first-view), drawn by the app's own components (GuestLayout, TrackPage)
 * from the answers the page carries, so that a phone shows the page, its map's tiles included,
 * before the app's code (~150 KB) has loaded: built by `vite build --ssr` (vite.prerender.config.ts)
 * and run by the server in a worker of its own (browser globals stood in for there). Nothing of
 * it runs in the browser: the app draws the page again when it starts and removes this one
 * (BOOT_VIEW_ELEMENT_ID). Spec "bookings…" §2.
 */
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import {
  pageCallKey,
  TRACK_DETAIL_CALL,
  trackPageCalls,
  type TrackFirstViewInput,
} from '@courier/contracts/page-calls';
import { TRACK_PAGE_PATH } from '@courier/contracts/rights';
import { GuestLayout } from '../app/shell/GuestLayout';
import { databaseListQuery } from '../features/auth/api/database-list';
import { guestAccessQuery } from '../features/auth/api/guest-access';
import { sessionQuery } from '../features/auth/api/session';
import { docketTrackQuery } from '../features/tracking/api/docket-track';
import { trackDetailQuery } from '../features/tracking/api/docket-track-detail';
import { trackingSettingsQuery } from '../features/tracking/api/system-tracking';
import TrackPage from '../features/tracking/pages/TrackPage';
import { PrerenderContext } from '../lib/prerender';
import { TenantThemeProvider } from '../lib/tenant-theme';

/**
 * The element the page's theme is set on (its colours, Mantine's CSS variables, light as the app's
 * page is), rather than the page's root, where the app's own are set as it draws the same page
 * under this one: each keeps its own colours, and this one's never change while it is shown.
 */
const THEMED = 'boot-view-theme';

/**
 * The markup of the tracking page of `input` for a guest on a phone; undefined when the answers
 * lack one of the page's calls (the app then draws it alone, as it would without them).
 */
export function renderTrackFirstView({
  url,
  database,
  tracking_ref,
  answers,
  databases,
}: TrackFirstViewInput): string | undefined {
  const keyOf: Record<string, QueryKey> = {
    '/api/system/tracking': trackingSettingsQuery(database).queryKey,
    '/api/docket/track': docketTrackQuery(database, tracking_ref).queryKey,
    [TRACK_DETAIL_CALL]: trackDetailQuery(database, tracking_ref).queryKey,
    '/api/system/guestAccessAllowed': guestAccessQuery(database).queryKey,
  };
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const call of trackPageCalls(database, tracking_ref, true)) {
    const answer = answers[pageCallKey(call.path, call.body)];
    if (answer === undefined || !keyOf[call.path]) return undefined;
    client.setQueryData(keyOf[call.path]!, answer);
  }
  client.setQueryData(databaseListQuery.queryKey, [...databases]);
  client.setQueryData(sessionQuery.queryKey, null);
  const theme = databases.find((d) => d.name === database)?.theme;
  const html = renderToString(
    <PrerenderContext value>
      <QueryClientProvider client={client}>
        <TenantThemeProvider initial={theme} cssVariablesSelector={`.${THEMED}`}>
          <div className={THEMED} data-mantine-color-scheme="light">
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route element={<GuestLayout />}>
                  <Route path={TRACK_PAGE_PATH} element={<TrackPage />} />
                </Route>
              </Routes>
            </MemoryRouter>
          </div>
        </TenantThemeProvider>
      </QueryClientProvider>
    </PrerenderContext>,
  );
  // The ids React's useId makes ('P0-1', …: in element ids and the attributes that point at them,
  // and in Mantine's as 'mantine-P0-1' and in the class names of its responsive styles, `__m__-P0-1`)
  // are the ones the app makes as it draws the same page under this one: named apart, the styles
  // and labels of one never reach the other's elements.
  return html
    .replace(/\b(__m__|mantine)-P(\d+-\d+)\b/g, '$1-S$2')
    .replace(
      /\b(id|for|aria-(?:labelledby|describedby|controls|owns))="([^"]*)"/g,
      (_attribute, name: string, value: string) =>
        `${name}="${value.replace(/(^|\s)P(\d+-\d+)(?=\s|$)/g, '$1S$2')}"`,
    );
}
