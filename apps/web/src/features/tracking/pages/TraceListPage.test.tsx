import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { screen, within } from '@testing-library/react';
import type { TraceListRequest, TraceListResponse, TraceListRow } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import { ukDaysAgo } from '../../../lib/uk-day';
import TraceListPage from './TraceListPage';

/** The table's column titles (sortable headers are buttons, not plain column headers). */
const headerTexts = () => [...document.querySelectorAll('thead th')].map((h) => h.textContent?.trim());

const row = (dtr_id: number, dck_docket: number): TraceListRow => ({
  dtr_id,
  dck_id: dtr_id,
  dck_docket,
  dck_cust_ref1: `PO-${dtr_id}`,
  drv_driver: 'D7',
  tloc_description: 'Scanned',
  dtr_box: 'BOX1',
  dtr_item: `SKU-${dtr_id}`,
  cg_cust_ref1: `CN-${dtr_id}`,
  cg_reference: `CR-${dtr_id}`,
  dab_reference: `TRC-${dtr_id}`,
  dtr_scandate: '2026-03-09T10:15:00Z',
  dtr_latitude: 53.4808,
  dtr_longitude: -2.2426,
  tracking_reference: `TREF${dtr_id}`,
  signatures: false,
  hasTracking: true,
  hasStock: true,
});

const answer = (over: Partial<TraceListResponse> = {}): TraceListResponse => ({
  rows: [row(1, 1002), row(2, 1001)],
  page: 1,
  pageSize: 20,
  hasMore: false,
  dateStart: ukDaysAgo(2),
  dateEnd: ukDaysAgo(0),
  columns: { reference: true, consignment: true, traceRef: true },
  docketAccess: true,
  ...over,
});

function renderTrace() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_trace: 'T' }));
  return renderApp(null, {
    route: '/docket/trace',
    queryClient,
    routes: <Route path="/docket/trace" element={<TraceListPage />} />,
  });
}

describe('TraceListPage (spec "bookings…" §2 Track and Trace list)', () => {
  it('shows the twelve columns for two days back to today, descending by docket, 20 a page', async () => {
    const api = mockApi({ '/api/trackandtrace/list': reply(answer()) });
    renderTrace();
    await screen.findByRole('cell', { name: 'SKU-1' });
    const headers = headerTexts();
    expect(headers).toEqual([
      'Docket No',
      'Reference',
      'Driver',
      'Location',
      'Container',
      'Item',
      'Consignment No',
      'Consignment Ref',
      'Trace Ref',
      'Date',
      'Latitude',
      'Longitude',
    ]);
    const body = api.bodiesOf('/api/trackandtrace/list')[0] as TraceListRequest;
    expect(body).toMatchObject({
      dateStart: ukDaysAgo(2),
      dateEnd: ukDaysAgo(0),
      sort: { column: 'dck_docket', direction: 'desc' },
      page: 1,
      pageSize: 20,
    });
    expect(screen.getByText(`From ${ukDaysAgo(2)} to ${ukDaysAgo(0)}`)).toBeTruthy();
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getByRole('cell', { name: '09/03/2026 10:15' })).toBeTruthy();
    expect(within(first).getByRole('cell', { name: '53.48080' })).toBeTruthy();
  });

  it('hides the columns the settings hide', async () => {
    mockApi({
      '/api/trackandtrace/list': reply(
        answer({ columns: { reference: false, consignment: false, traceRef: true } }),
      ),
    });
    renderTrace();
    await screen.findByRole('cell', { name: 'SKU-1' });
    const headers = headerTexts();
    expect(headers).not.toContain('Reference');
    expect(headers).not.toContain('Consignment No');
    expect(headers).not.toContain('Consignment Ref');
    expect(headers).toContain('Trace Ref');
  });

  it('opens the tracking view from a row, by its docket link too', async () => {
    mockApi({ '/api/trackandtrace/list': reply(answer()) });
    const { user } = renderTrace();
    const link = await screen.findByRole('link', { name: '1002' });
    expect(link.getAttribute('href')).toBe('/docket/track?tracking_ref=TREF1&database=Demo+Couriers');
    await user.click(screen.getByRole('cell', { name: 'SKU-2' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/docket/track?tracking_ref=TREF2&database=Demo+Couriers',
    );
  });

  it('opens nothing when docket access is disabled', async () => {
    mockApi({
      '/api/trackandtrace/list': reply(
        answer({
          docketAccess: false,
          rows: [{ ...row(1, 1002), tracking_reference: '' }],
        }),
      ),
    });
    const { user } = renderTrace();
    await user.click(await screen.findByRole('cell', { name: 'SKU-1' }));
    expect(screen.queryByRole('link', { name: '1002' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/docket/trace');
  });
});
