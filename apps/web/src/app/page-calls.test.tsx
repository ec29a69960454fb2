import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import {
  BOOKING_SETTINGS_GROUPS,
  PAGE_CALLS,
  PAGE_HEADINGS,
  pageCallKey,
} from '@courier/contracts/page-calls';
import { SESSION_KEY } from '../features/auth';
import BookingDetailPage from '../features/dockets/pages/BookingDetailPage';
import BookingListPage from '../features/dockets/pages/BookingListPage';
import HomePage from '../features/home/pages/HomePage';
import { mockApi, reply } from '../test/api-mock';
import { accountWith, sessionWith } from '../test/fixtures';
import { renderApp, testQueryClient } from '../test/render';

/** The screen each PAGE_CALLS path opens, as the router mounts it. */
const SCREENS: Record<string, ComponentType> = {
  '/docket/detail': BookingDetailPage,
  '/docket/list': BookingListPage,
  '/home': HomePage,
};

afterEach(() => vi.unstubAllGlobals());

/** Opens `Screen` at `path` as the router mounts it, for a user with the booking, history and price rights. */
function openScreen(path: string, Screen: ComponentType) {
  const session = sessionWith({
    ausr_rights_booking: 'T',
    ausr_rights_history: 'T',
    ausr_rights_price: 'T',
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, session);
  renderApp(null, { route: path, queryClient, routes: <Route path={path} element={<Screen />} /> });
  return session;
}

/**
 * The server answers a screen's opening calls inside its page only for the calls PAGE_CALLS
 * declares; a declaration that drifted from what the screen asks would quietly save nothing.
 */
describe('PAGE_CALLS, the calls a screen makes as it opens', () => {
  it('names a screen for every declaration', () => {
    expect(Object.keys(PAGE_CALLS).sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it.each(Object.keys(SCREENS))(
    '%s asks for every call declared for it, with the same body',
    async (path) => {
      const api = mockApi({});
      const session = openScreen(path, SCREENS[path]!);
      const declared = PAGE_CALLS[path]!(session.user).map((c) => pageCallKey(c.path, c.body));
      await waitFor(() =>
        expect(api.calls.map((c) => pageCallKey(c.path, c.body))).toEqual(expect.arrayContaining(declared)),
      );
    },
  );
});

/** The screen of each PAGE_HEADINGS path, as the router mounts it. */
const HEADED: Record<string, ComponentType> = {
  '/docket/detail': BookingDetailPage,
  '/docket/list': BookingListPage,
  '/docket/archive': BookingListPage,
};

/**
 * The server draws a screen's heading into its page (PAGE_HEADINGS) until the app draws the
 * screen: a declaration that drifted from the screen's own heading would show one heading and
 * then another.
 */
describe('PAGE_HEADINGS, the heading a screen opens with', () => {
  it('names a screen for every declaration', () => {
    expect(Object.keys(PAGE_HEADINGS).sort()).toEqual(Object.keys(HEADED).sort());
  });

  it.each(Object.entries(PAGE_HEADINGS))('%s opens with the heading %s', async (path, heading) => {
    // The booking screen draws once its account, service and tariff lists are in.
    mockApi({
      '/api/customer/list': reply([accountWith()]),
      '/api/servicetype/list': reply([{ styp_id: 'A', styp_description: 'Standard' }]),
      '/api/tarifftype/list': reply([{ ttyp_tariff: 3, ttyp_description: 'Small van' }]),
      ...Object.fromEntries(BOOKING_SETTINGS_GROUPS.map((g) => [`/api/system/${g}/list`, reply([])])),
    });
    openScreen(path, HEADED[path]!);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
  });
});
