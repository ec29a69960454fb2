import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import type { ReportRunResponse } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import { ukDaysAgo } from '../../../lib/uk-day';
import ReportListPage from './ReportListPage';
import ReportViewPage from './ReportViewPage';

const REPORT: ReportRunResponse = {
  rpt_id: 3,
  rpt_desc: 'Spend by account and service',
  columns: [
    { key: 'account', title: 'Account', kind: 'text' },
    { key: 'service', title: 'Service', kind: 'text' },
    { key: 'total', title: 'Total', kind: 'money' },
  ],
  rows: [
    { account: 'ACME', service: 'Small van', total: 1250 },
    { account: 'BETA', service: 'Small van', total: 99 },
  ],
  chart: { type: 'bar', x: 'service', y: ['total'], series: 'account' },
};

/** A reports user with the export right and two accounts. */
const signedIn = () => {
  const queryClient = testQueryClient();
  const session = sessionWith({ ausr_rights_reports: 'T', ausr_rights_export: 'T' });
  session.accounts.push({ cust_id: 2, cust_acc_code: 'BETA', cust_name: 'Beta plc', cust_mop: 'A' });
  queryClient.setQueryData(SESSION_KEY, session);
  return queryClient;
};

const viewer = () =>
  renderApp(null, {
    route: '/report/view?_id=3',
    queryClient: signedIn(),
    routes: <Route path="/report/view" element={<ReportViewPage />} />,
  });

afterEach(() => vi.restoreAllMocks());

describe('the report screens', () => {
  it('lists the reports by Description, searches them and opens one in the viewer', async () => {
    const api = mockApi({
      '/api/report/list': (body) =>
        reply({
          rows: (body as { search: string }).search ? [] : [{ rpt_id: 3, rpt_desc: REPORT.rpt_desc }],
          page: 1,
          pageSize: 20,
          hasMore: false,
        }),
    });
    const { user } = renderApp(null, {
      route: '/report/list',
      queryClient: signedIn(),
      routes: <Route path="/report/list" element={<ReportListPage />} />,
    });
    await screen.findByRole('link', { name: REPORT.rpt_desc });
    expect(screen.getByText('Description')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search Reports...' }), 'zzz');
    await waitFor(() => expect(api.bodiesOf('/api/report/list').at(-1)).toMatchObject({ search: 'zzz' }));
    expect(api.bodiesOf('/api/report/list')[0]).toEqual({ search: '', page: 1, pageSize: 20 });
    await user.clear(screen.getByRole('textbox', { name: 'Search Reports...' }));
    await user.click(await screen.findByRole('link', { name: REPORT.rpt_desc }));
    expect(screen.getByTestId('location').textContent).toBe('/report/view?_id=3');
  });

  it('runs the report over the last 30 days at once, shows its chart and table, and runs again for one account', async () => {
    const api = mockApi({ '/api/report/run': reply(REPORT) });
    const { user } = viewer();
    expect(await screen.findByRole('heading', { name: REPORT.rpt_desc })).toBeTruthy();
    expect(api.bodiesOf('/api/report/run')[0]).toEqual({
      rpt_id: 3,
      dateStart: ukDaysAgo(29),
      dateEnd: ukDaysAgo(0),
    });
    expect(await screen.findByRole('figure', { name: `Chart of ${REPORT.rpt_desc}` })).toBeTruthy();
    const table = screen.getByRole('table', { name: REPORT.rpt_desc });
    expect(table.textContent).toContain('£12.50');
    expect(table.textContent).toContain('£0.99');

    await user.click(screen.getByRole('combobox', { name: /^Account/ }));
    await user.click(screen.getByRole('option', { name: 'BETA – Beta plc' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(api.bodiesOf('/api/report/run')).toHaveLength(2));
    expect(api.bodiesOf('/api/report/run')[1]).toMatchObject({ rpt_id: 3, cust_id: 2 });
  });

  it('downloads the CSV of the parameters run', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const api = mockApi({
      '/api/report/run': reply(REPORT),
      '/api/report/export': reply('Account,Service,Total', 200, {
        'content-disposition': 'attachment; filename="spend-by-account-service.csv"',
      }),
    });
    const { user } = viewer();
    await screen.findByRole('heading', { name: REPORT.rpt_desc });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.bodiesOf('/api/report/export')).toHaveLength(1));
    expect(api.bodiesOf('/api/report/export')[0]).toEqual({
      rpt_id: 3,
      dateStart: ukDaysAgo(29),
      dateEnd: ukDaysAgo(0),
      format: 'csv',
    });
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled());
  });

  it("says 'Load Data' with the server's message when the report cannot run", async () => {
    mockApi({ '/api/report/run': apiError(404, 'NOT_FOUND', 'Report not found') });
    viewer();
    expect(await screen.findByText('Load Data')).toBeTruthy();
    expect(screen.getByText('Report not found')).toBeTruthy();
  });
});
