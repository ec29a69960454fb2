import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { waitFor } from '@testing-library/react';
import { PAGE_CALLS, pageCallKey } from '@courier/contracts/page-calls';
import { SESSION_KEY } from '../features/auth';
import BookingDetailPage from '../features/dockets/pages/BookingDetailPage';
import BookingListPage from '../features/dockets/pages/BookingListPage';
import HomePage from '../features/home/pages/HomePage';
import { mockApi } from '../test/api-mock';
import { sessionWith } from '../test/fixtures';
import { renderApp, testQueryClient } from '../test/render';

/** The screen each PAGE_CALLS path opens, as the router mounts it. */
const SCREENS: Record<string, ComponentType> = {
  '/docket/detail': BookingDetailPage,
  '/docket/list': BookingListPage,
  '/home': HomePage,
};

afterEach(() => vi.unstubAllGlobals());

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
      const session = sessionWith({
        ausr_rights_booking: 'T',
        ausr_rights_history: 'T',
        ausr_rights_price: 'T',
      });
      const queryClient = testQueryClient();
      queryClient.setQueryData(SESSION_KEY, session);
      const Screen = SCREENS[path]!;
      renderApp(null, { route: path, queryClient, routes: <Route path={path} element={<Screen />} /> });
      const declared = PAGE_CALLS[path]!(session.user).map((c) => pageCallKey(c.path, c.body));
      await waitFor(() =>
        expect(api.calls.map((c) => pageCallKey(c.path, c.body))).toEqual(expect.arrayContaining(declared)),
      );
    },
  );
});
