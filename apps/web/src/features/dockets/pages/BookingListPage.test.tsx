import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import type { ListRequest, ListRow } from '@courier/contracts';
import { trackDetailWith } from '@courier/contracts/testing';
import { SESSION_KEY } from '../../auth';
import { mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import BookingListPage from './BookingListPage';

const row = (dck_id: number, from_town: string, to_town: string): ListRow => ({
  dck_id,
  dck_docket: 1000 + dck_id,
  dck_cust_ref1: `REF-${dck_id}`,
  cust_acc_code: 'ACME',
  dck_booked: '2026-03-09T10:15:00Z',
  from_town,
  from_postcode: 'LS1 4DY',
  to_town,
  to_postcode: 'M1 1AE',
  dsts_description: 'Booked',
  dsts_color: '#ffffff',
  dsts_font_color: '#000000',
  ttyp_description: 'car',
  tracking_reference: `TR${dck_id}`,
  cust_total_price: 42.5,
});
const ROWS = [row(1, 'Leeds', 'Manchester'), row(2, 'York', 'Hull')];

/** docket/list answering the rows whose towns contain the search. */
function serveList() {
  return mockApi({
    '/api/docket/list': (body) => {
      const { search = '' } = body as ListRequest;
      const rows = ROWS.filter((r) =>
        `${r.from_town} ${r.to_town}`.toLowerCase().includes(search.toLowerCase()),
      );
      return reply({ rows, page: 1, pageSize: 20, hasMore: false });
    },
  });
}

function renderList(path: string, flags: Parameters<typeof sessionWith>[0] = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    SESSION_KEY,
    sessionWith({ ausr_rights_history: 'T', ausr_rights_price: 'T', ...flags }),
  );
  return renderApp(null, {
    route: path,
    queryClient,
    routes: (
      <>
        <Route path="/docket/list" element={<BookingListPage />} />
        <Route path="/docket/archive" element={<BookingListPage />} />
      </>
    ),
  });
}

const listBodies = (api: ReturnType<typeof mockApi>) => api.bodiesOf('/api/docket/list') as ListRequest[];

describe('BookingListPage, row actions', () => {
  it('offers Download PDF and Export to CSV only with the export right (spec "bookings…" §6)', async () => {
    serveList();
    const first = renderList('/docket/list');
    expect(await screen.findByRole('button', { name: 'Track 1001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PDF 1001' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export to CSV/ })).toBeNull();
    first.unmount();
    renderList('/docket/list', { ausr_rights_export: 'T' });
    expect(await screen.findByRole('button', { name: 'Download PDF 1001' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export to CSV/ })).toBeTruthy();
  });
});

describe('BookingListPage, row modals (spec "bookings…" §2 Modals)', () => {
  /** docket/list plus the tracking calls of docket 1 (id 1, reference TR1). */
  const serveWithTracking = () =>
    mockApi({
      '/api/docket/list': reply({ rows: ROWS, page: 1, pageSize: 20, hasMore: false }),
      '/api/docket/signature/list': reply([
        {
          dsig_id: 5,
          dsig_dadd_id: null,
          drv_driver: 'D1',
          dsig_signed_by: 'Ann Other',
          dsig_time: '2026-03-09T15:00:00Z',
          dsig_latitude: null,
          dsig_longitude: null,
          url: '/api/docket/signature/5',
        },
      ]),
      '/api/docket/photo/list': reply([]),
      '/api/stock/list': reply([
        {
          stk_id: 1,
          stk_code: 'SKU-1',
          stk_description: 'Printer paper',
          stk_quantity: 2,
          dtr_box: 'BOX1',
          scanned: true,
        },
      ]),
      '/api/docket/track/detail': reply(
        trackDetailWith({
          timeline: [
            {
              dtr_id: 9,
              dtr_kind: 'scan',
              dtr_scandate: '2026-03-09T12:00:00Z',
              tloc_description: 'Scanned',
              dtr_box: 'BOX1',
              dtr_item: 'SKU-1',
              dsts_description: null,
              dsts_color: null,
              dsts_font_color: null,
            },
          ],
          markers: { collection: null, delivery: null },
        }),
      ),
    });

  it('opens Signatures, Stock List, Map View and Tracking View of the row', async () => {
    const api = serveWithTracking();
    const { user } = renderList('/docket/list');

    await user.click(await screen.findByRole('button', { name: 'Signature 1001' }));
    let dialog = await screen.findByRole('dialog', { name: 'Signatures · Docket 1001' });
    const img = await within(dialog).findByRole('img', { name: 'Signature of Ann Other' });
    expect(img.getAttribute('src')).toBe('/api/docket/signature/5');
    expect(api.bodiesOf('/api/docket/signature/list')).toEqual([{ _docketId: 1 }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Stock 1001' }));
    dialog = await screen.findByRole('dialog', { name: 'Stock List · Docket 1001' });
    expect(await within(dialog).findByRole('cell', { name: 'Printer paper' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Map 1001' }));
    dialog = await screen.findByRole('dialog', { name: 'Map View · Docket 1001' });
    expect(await within(dialog).findByTestId('map-unavailable')).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Tracking View' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Track 1001' }));
    dialog = await screen.findByRole('dialog', { name: 'Tracking View · Docket 1001' });
    const timeline = await within(dialog).findByRole('region', { name: 'Tracking View' });
    expect(within(timeline).getByText('Scanned SKU-1')).toBeTruthy();
    expect(api.bodiesOf('/api/docket/track/detail')[0]).toEqual({
      database: sessionWith({}).tenant.name,
      tracking_ref: 'TR1',
    });
    await user.click(within(dialog).getByRole('link', { name: 'Open the tracking view' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/docket/track?tracking_ref=TR1&database=Demo+Couriers',
    );
  });
});

describe('BookingListPage, opening a booking', () => {
  it('makes each docket number a link to where its row opens, and follows it with Enter', async () => {
    serveList();
    const { user } = renderList('/docket/list');
    const link = await screen.findByRole('link', { name: '1002' });
    expect(link.getAttribute('href')).toBe('/docket/detailhistory?_id=2&caller=docketList');
    link.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/docket/detailhistory?_id=2&caller=docketList');
  });

  it('links the History rows with caller docketArchive', async () => {
    serveList();
    const { user } = renderList('/docket/archive');
    const dialog = await screen.findByRole('dialog', { name: 'Filter' }, { timeout: 10_000 }); // its file loads on first opening
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const link = await screen.findByRole('link', { name: '1001' });
    expect(link.getAttribute('href')).toBe('/docket/detailhistory?_id=1&caller=docketArchive');
  });
});

describe('BookingListPage, Recent', () => {
  it("lists the recent bookings, newest docket first, 20 a page, with the search box 'Search My Bookings...'", async () => {
    const api = serveList();
    renderList('/docket/list');
    expect(screen.getByRole('heading', { name: 'Your Recent Bookings' })).toBeTruthy();
    const search = screen.getByPlaceholderText('Search My Bookings...');
    expect(search.getAttribute('aria-label')).toBe('Search My Bookings...');
    expect(await screen.findByText('1001')).toBeTruthy();
    expect(screen.getByText('1002')).toBeTruthy();
    expect(screen.getByText('REF-1')).toBeTruthy();
    expect(screen.getByText('Leeds')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getAllByText('£42.50')).toHaveLength(2);
    expect(listBodies(api)).toEqual([
      {
        archive: false,
        search: '',
        sort: { column: 'dck_docket', direction: 'desc' },
        page: 1,
        pageSize: 20,
      },
    ]);
  });

  it('sends what is typed in the search box to docket/list once typing pauses', async () => {
    const api = serveList();
    const { user } = renderList('/docket/list');
    await screen.findByText('1002');
    await user.type(screen.getByPlaceholderText('Search My Bookings...'), '  leeds ');
    await waitFor(() => expect(listBodies(api).map((b) => b.search)).toContain('leeds'));
    await waitFor(() => expect(screen.queryByText('1002')).toBeNull());
    expect(screen.getByText('1001')).toBeTruthy();
    // Debounced and trimmed: no call for each key.
    expect(listBodies(api).map((b) => b.search)).toEqual(['', 'leeds']);
    expect(listBodies(api).at(-1)).toMatchObject({ archive: false, page: 1 });
  });
});

describe('BookingListPage, History', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('opens the Filter first, on two days ago through today, and loads nothing until the dates are applied', async () => {
    const api = serveList();
    const { user } = renderList('/docket/archive');
    expect(screen.getByRole('heading', { name: 'Your Booking History' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search My Archive...')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Filter' }, { timeout: 10_000 }); // its file loads on first opening
    expect(within(dialog).getByRole('button', { name: /Start date/ }).textContent).toContain('08/03/2026');
    expect(within(dialog).getByRole('button', { name: /End date/ }).textContent).toContain('10/03/2026');
    expect(screen.getByText('Set the dates in Filter to see your booking history.')).toBeTruthy();
    expect(listBodies(api)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('1001');
    expect(screen.getByText('From 08/03/2026 to 10/03/2026')).toBeTruthy();
    expect(listBodies(api)).toEqual([
      expect.objectContaining({ archive: true, dateStart: '08/03/2026', dateEnd: '10/03/2026', page: 1 }),
    ]);
    expect(JSON.parse(sessionStorage.getItem('courier.historyDates')!)).toEqual({
      dateStart: '08/03/2026',
      dateEnd: '10/03/2026',
    });
  });

  it('opens on the dates set earlier in the tab, without the Filter', async () => {
    sessionStorage.setItem(
      'courier.historyDates',
      JSON.stringify({ dateStart: '01/03/2026', dateEnd: '05/03/2026' }),
    );
    const api = serveList();
    renderList('/docket/archive');
    await screen.findByText('1001');
    expect(screen.queryByRole('dialog', { name: 'Filter' })).toBeNull();
    expect(listBodies(api)).toEqual([
      expect.objectContaining({ archive: true, dateStart: '01/03/2026', dateEnd: '05/03/2026' }),
    ]);
  });
});
