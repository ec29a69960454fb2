import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG, type TrackDetailResponse, type TrackResponse } from '@courier/contracts';
import { BOOT_CALLS_ELEMENT_ID, pageCallKey, trackPageCalls } from '@courier/contracts/page-calls';
import { trackSummaryWith } from '@courier/contracts/testing';
import { SESSION_KEY } from '../../auth';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { DEMO, sessionWith } from '../../../test/fixtures';
import { writeBootCalls, writeBootElement } from '../../../test/boot-session';
import { BOOT_DATABASES_ELEMENT_ID } from '@courier/contracts/rights';
import { renderApp, testQueryClient } from '../../../test/render';
import TrackPage from './TrackPage';

// Leaflet needs a real layout engine; the map's own chunk is replaced by a marker of its props.
vi.mock('../components/TrackMap', () => ({
  default: ({ detail }: { detail: TrackDetailResponse }) => (
    <div data-testid="leaflet">{`route ${detail.route.length}, zoom ${detail.map.zoom}`}</div>
  ),
}));
// The map's code loaded ahead (preloadTrackMap): counted, not loaded.
const preload = vi.hoisted(() => vi.fn());
vi.mock('../components/MapView', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../components/MapView')>()),
  preloadTrackMap: preload,
}));

const summary: TrackResponse = trackSummaryWith();

const detail = (over: Partial<TrackDetailResponse> = {}): TrackDetailResponse => ({
  live: false,
  timeline: [
    {
      dtr_id: 2,
      dtr_kind: 'status',
      dtr_scandate: '2026-11-20T14:00:00.000Z',
      tloc_description: 'York',
      dtr_box: '',
      dtr_item: '',
      dsts_description: 'Delivered',
      dsts_color: '#2b8a3e',
      dsts_font_color: '#ffffff',
    },
    {
      dtr_id: 1,
      dtr_kind: 'scan',
      dtr_scandate: '2026-11-20T10:00:00.000Z',
      tloc_description: 'Leeds depot',
      dtr_box: 'CAGE1',
      dtr_item: 'BOX-1',
      dsts_description: null,
      dsts_color: null,
      dsts_font_color: null,
    },
  ],
  route: [
    { lat: 53.8, lon: -1.55 },
    { lat: 53.96, lon: -1.08 },
  ],
  markers: { collection: { lat: 53.8, lon: -1.55 }, delivery: { lat: 53.96, lon: -1.08 } },
  driver: null,
  stock: [
    {
      stk_id: 1,
      stk_code: 'BOX-1',
      stk_description: 'Printer paper',
      stk_quantity: 3,
      dtr_box: 'CAGE1',
      scanned: true,
    },
  ],
  signatures: [
    {
      dsig_id: 7,
      dsig_signed_by: 'J Smith',
      dsig_time: '2026-11-20T14:00:00.000Z',
      url: '/api/docket/track/signature/7?database=Demo&tracking_ref=TABC123',
    },
  ],
  photos: [
    {
      dpho_id: 3,
      dpho_time: '2026-11-20T14:01:00.000Z',
      url: '/api/docket/track/photo/3?database=Demo&tracking_ref=TABC123',
    },
  ],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Tiles', zoom: 6 },
  shown: { map: true, stock: true, signatures: true },
  ...over,
});

function renderTrack(ref = 'TABC123') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_history: 'T' }));
  return renderApp(null, {
    route: `/docket/track?tracking_ref=${ref}`,
    queryClient,
    routes: <Route path="/docket/track" element={<TrackPage />} />,
  });
}

describe('the tracking view', () => {
  /**
   * The tracking page over one the server wrote (BOOT_VIEW_ELEMENT_ID), its answers in; `pending`:
   * a call of the screen's that is still on its way, if any.
   */
  function renderOverWritten(pending?: () => Promise<unknown>) {
    document.body.insertAdjacentHTML('afterbegin', '<div id="boot-view" class="boot-view">written</div>');
    mockApi({
      '/api/docket/track': reply(summary),
      '/api/docket/track/detail': reply(detail()),
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_history: 'T' }));
    if (pending) void queryClient.fetchQuery({ queryKey: ['still-on-its-way'], queryFn: pending });
    renderApp(null, {
      route: '/docket/track?tracking_ref=TABC123',
      queryClient,
      routes: <Route path="/docket/track" element={<TrackPage />} />,
    });
  }
  const written = () => document.getElementById('boot-view');

  it('takes the place of the page the server wrote once it shows what that showed, not before', async () => {
    renderOverWritten();
    // Drawn with the answers still on their way: the server's page stays.
    expect(written()).not.toBeNull();
    expect(await screen.findByText('Printer paper')).toBeTruthy();
    expect(written()).toBeNull();
  });

  it('keeps the page the server wrote while anything of the screen is still on its way (its frame’s settings)', async () => {
    let answer!: (value: unknown) => void;
    renderOverWritten(() => new Promise((r) => (answer = r)));
    expect(await screen.findByText('Printer paper')).toBeTruthy();
    expect(written()).not.toBeNull();
    answer({});
    await waitFor(() => expect(written()).toBeNull());
  });

  it('drops the page the server wrote after 5 s whatever is still on its way (a call that hangs)', async () => {
    renderOverWritten(() => new Promise(() => undefined));
    expect(await screen.findByText('Printer paper')).toBeTruthy();
    const shownAt = Date.now();
    await waitFor(() => expect(written()).toBeNull(), { timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_000);
  }, 15_000);

  it('drops the page the server wrote when it shows something else (a reference it cannot find)', async () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="boot-view" class="boot-view">written</div>');
    mockApi({ '/api/docket/track': apiError(404, 'NOT_FOUND', MSG.trackingNotFound) });
    renderTrack();
    expect(await screen.findByText(MSG.trackingNotFound)).toBeTruthy();
    expect(document.getElementById('boot-view')).toBeNull();
  });

  it('shows Order Summary, Map View, Tracking View newest first, Stock List and Signatures', async () => {
    const api = mockApi({
      '/api/docket/track': reply(summary),
      '/api/docket/track/detail': reply(detail()),
    });
    renderTrack();
    expect(await screen.findByRole('heading', { name: 'Tracking Reference TABC123' })).toBeTruthy();
    expect(await screen.findByText('Order Summary')).toBeTruthy();
    // The summary's status in the status's colours, as the Tracking View and the lists show it.
    const order = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(order).getByText('Delivered').closest('[style]')?.getAttribute('style')).toContain(
      'background-color: rgb(43, 138, 62)',
    );
    expect(await screen.findByTestId('leaflet')).toBeTruthy();
    expect(screen.getByTestId('leaflet').textContent).toBe('route 2, zoom 6');

    const timeline = screen.getByRole('region', { name: 'Tracking View' });
    const events = within(timeline).getAllByRole('listitem');
    expect(events.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Delivered'),
      expect.stringContaining('Scanned BOX-1'),
    ]);
    expect(within(timeline).getByText('Delivered').closest('[style]')?.getAttribute('style')).toContain(
      'background-color: rgb(43, 138, 62)',
    );

    const stock = screen.getByRole('region', { name: 'Stock List' });
    expect(within(stock).getByRole('cell', { name: 'Printer paper' })).toBeTruthy();

    const signatures = screen.getByRole('region', { name: 'Signatures' });
    const img = within(signatures).getByRole('img', { name: 'Signature of J Smith' });
    expect(img.getAttribute('src')).toBe('/api/docket/track/signature/7?database=Demo&tracking_ref=TABC123');
    const photo = within(signatures).getByRole('img', { name: /^Delivery photo, 20\/11\/2026/ });
    expect(photo.getAttribute('src')).toBe('/api/docket/track/photo/3?database=Demo&tracking_ref=TABC123');
    expect(api.calls.find((c) => c.path === '/api/docket/track/detail')?.body).toEqual({
      database: sessionWith({}).tenant.name,
      tracking_ref: 'TABC123',
    });
  });

  it('loads the map’s code while late details are awaited', async () => {
    preload.mockClear();
    const api = mockApi({
      '/api/docket/track': reply(summary),
      '/api/docket/track/detail': reply(detail()),
    });
    const answer = api.fetchMock.getMockImplementation()!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/docket/track/detail')) await held;
      return answer(input, init);
    });
    renderTrack();
    expect(await screen.findByText('Order Summary')).toBeTruthy();
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    release();
    expect(await screen.findByTestId('leaflet')).toBeTruthy();
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('hides the map without a tile URL and keeps the rest, with no map code loaded ahead', async () => {
    preload.mockClear();
    mockApi({
      '/api/docket/track': reply({ ...summary, map: false }),
      '/api/docket/track/detail': reply(detail({ map: { tileUrl: '', attribution: '', zoom: 6 } })),
    });
    renderTrack();
    expect(await screen.findByTestId('map-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('leaflet')).toBeNull();
    expect(screen.getByRole('region', { name: 'Tracking View' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Signatures' })).toBeTruthy();
    expect(preload).not.toHaveBeenCalled();
  });

  it("leaves out the sections the tenant's tracking settings do not show", async () => {
    mockApi({
      '/api/docket/track': reply(summary),
      '/api/docket/track/detail': reply(
        detail({
          stock: [],
          signatures: [],
          photos: [],
          shown: { map: true, stock: false, signatures: false },
        }),
      ),
    });
    renderTrack();
    expect(await screen.findByRole('region', { name: 'Tracking View' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Map View' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Stock List' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Signatures' })).toBeNull();
  });

  it("says the spec's message for an unknown reference and asks for no details", async () => {
    const api = mockApi({ '/api/docket/track': apiError(404, 'NOT_FOUND', MSG.trackingNotFound) });
    renderTrack('TNOSUCH');
    expect(await screen.findByText(MSG.trackingNotFound)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/docket/track/detail')).toBe(false);
  });

  describe('a guest’s page that carries its answers (apps/server web/page-calls)', () => {
    afterEach(() => {
      document.getElementById(BOOT_CALLS_ELEMENT_ID)?.remove();
      document.getElementById(BOOT_DATABASES_ELEMENT_ID)?.remove();
      vi.restoreAllMocks();
    });

    it('draws the summary and the details from the page, asking the server for neither', async () => {
      vi.spyOn(performance, 'now').mockReturnValue(100);
      const [settings, track, trackDetail] = trackPageCalls(DEMO.name, 'TABC123', true).map((c) =>
        pageCallKey(c.path, c.body),
      );
      writeBootCalls({
        [settings!]: { aset_web_tracking: 'T', aset_web_quicktracking: 'T' },
        [track!]: summary,
        [trackDetail!]: detail(),
      });
      // A guest's page carries the databases too (apps/server web/boot-session).
      writeBootElement(BOOT_DATABASES_ELEMENT_ID, JSON.stringify([DEMO]));
      const api = mockApi({});
      preload.mockClear();
      const queryClient = testQueryClient();
      queryClient.setQueryData(SESSION_KEY, null);
      renderApp(null, {
        route: '/docket/track?tracking_ref=tabc123',
        queryClient,
        routes: <Route path="/docket/track" element={<TrackPage />} />,
      });
      // Drawn in the first render: the summary and the details are the queries' first data.
      const order = screen.getByRole('region', { name: 'Order Summary' });
      expect(within(order).getByText('Delivered')).toBeTruthy();
      const timeline = screen.getByRole('region', { name: 'Tracking View' });
      expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
      expect(await screen.findByTestId('leaflet')).toBeTruthy();
      // The details were there: the map's code was not loaded ahead of them.
      expect(preload).not.toHaveBeenCalled();
      expect(api.calls).toEqual([]);
      expect(api.calls.map((c) => c.path)).not.toContain('/api/docket/track');
      expect(api.calls.map((c) => c.path)).not.toContain('/api/docket/track/detail');
    });
  });
});
