import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { apiError, mockApi } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import BookingDetailPage, { warm } from './BookingDetailPage';

const notFound = apiError(404, 'NOT_FOUND', MSG.docketNotFound);

function renderDetail(path: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_booking: 'T', ausr_rights_history: 'T' }));
  return renderApp(null, {
    route: path,
    queryClient,
    routes: (
      <>
        <Route path="/docket/detail" element={<BookingDetailPage />} />
        <Route path="/docket/list" element={<h1>Your Recent Bookings</h1>} />
        <Route path="/docket/archive" element={<h1>Your Booking History</h1>} />
      </>
    ),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('BookingDetailPage with a docket id', () => {
  it("says 'Docket not found' and goes back to the list when the docket is missing, not to a blank booking", async () => {
    const api = mockApi({
      '/api/docket/detail': notFound,
      '/api/docket/address/list': notFound,
      '/api/docket/barcode/list': notFound,
      '/api/docket/parcel/list': notFound,
    });
    renderDetail('/docket/detail?_id=199999');
    expect(await screen.findByRole('heading', { name: 'Your Recent Bookings' })).toBeTruthy();
    expect(screen.getByText('Load Data')).toBeTruthy();
    expect(screen.getByText(MSG.docketNotFound)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'NEW BOOKING' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/docket/list');
    expect(api.bodiesOf('/api/docket/detail')).toEqual([{ _docketId: 199999, archive: false }]);
  });

  it('goes back to the history when opened from it, and treats a malformed id as missing', async () => {
    mockApi({});
    renderDetail('/docket/detail?_id=abc&caller=docketArchive');
    expect(await screen.findByRole('heading', { name: 'Your Booking History' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(MSG.docketNotFound)).toBeTruthy());
  });
});

describe('BookingDetailPage warm-up (app/router PageWarm)', () => {
  it("asks for a new booking's lists and its account's rules at once, and for nothing with a docket id", async () => {
    const api = mockApi({});
    const session = sessionWith({ ausr_rights_booking: 'T' });
    warm(testQueryClient(), session, new URLSearchParams('_id=5'));
    expect(api.calls).toEqual([]);

    warm(testQueryClient(), session, new URLSearchParams());
    await waitFor(() => expect(api.calls).toHaveLength(8));
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      '/api/customer/list',
      '/api/servicetype/list',
      '/api/system/config/list',
      '/api/system/general/list',
      '/api/system/hoo/list',
      '/api/system/mandatory/list',
      '/api/system/message/list',
      '/api/tarifftype/list',
    ]);
    expect(api.bodiesOf('/api/system/hoo/list')).toEqual([
      { type: 'settings', cust_id: session.user.ausr_cust_id },
    ]);
  });
});
