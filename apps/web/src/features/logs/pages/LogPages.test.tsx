import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { screen } from '@testing-library/react';
import type { LogRow } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import LogDetailPage from './LogDetailPage';
import LogListPage from './LogListPage';

const row = (log_id: number, log_user: string, log_type = 'info'): LogRow => ({
  log_id,
  log_time: '2026-11-20T14:05:09.000Z',
  log_user,
  log_unit: 'auth',
  log_process: 'login',
  log_type,
});

const admin = () => {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_admin: 'T' }));
  return queryClient;
};

describe('the log viewer screens', () => {
  it("asks for the day in the URL, shows the day's rows newest first and opens one by its time link", async () => {
    const asked: unknown[] = [];
    mockApi({
      '/api/log/list': (body) => {
        asked.push(body);
        return reply({
          rows: [row(9, 'admin'), row(8, 'mallory', 'warning')],
          page: 1,
          pageSize: 20,
          hasMore: false,
        });
      },
    });
    const { user } = renderApp(null, {
      route: '/log?day=20/11/2026',
      queryClient: admin(),
      routes: <Route path="/log" element={<LogListPage />} />,
    });
    const link = await screen.findByRole('link', { name: '14:05:09, admin, login' });
    expect(asked[0]).toEqual({ day: '20/11/2026', page: 1, pageSize: 20 });
    expect(screen.getByText('mallory')).toBeTruthy();
    expect(screen.getByText('warning')).toBeTruthy();
    link.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/log/detail?_id=9');
  });

  it("says 'Load Log' with the server's message when the list or an entry cannot load", async () => {
    mockApi({
      '/api/log/list': () => apiError(403, 'NOT_AUTHORIZED', 'NOT_AUTHORIZED'),
      '/api/log/detail': () => apiError(404, 'NOT_FOUND', 'Log entry not found'),
    });
    renderApp(null, {
      route: '/log',
      queryClient: admin(),
      routes: <Route path="/log" element={<LogListPage />} />,
    });
    expect(await screen.findByText('Load Log')).toBeTruthy();

    renderApp(null, {
      route: '/log/detail?_id=5',
      queryClient: admin(),
      routes: <Route path="/log/detail" element={<LogDetailPage />} />,
    });
    expect(await screen.findByText('Log entry not found')).toBeTruthy();
  });

  it('shows every item recorded for an entry, before and after as they were', async () => {
    mockApi({
      '/api/log/detail': () =>
        reply({
          ...row(5, 'admin'),
          log_unit: 'settings',
          log_detail: { group: 'general', before: { A: '1' }, after: { A: '2' } },
        }),
    });
    renderApp(null, {
      route: '/log/detail?_id=5',
      queryClient: admin(),
      routes: <Route path="/log/detail" element={<LogDetailPage />} />,
    });
    expect(await screen.findByText('settings')).toBeTruthy();
    expect(screen.getByText('general')).toBeTruthy();
    expect(screen.getByText(/"A": "2"/)).toBeTruthy();
    // The detail's labels read as the headings above them: 'Group', 'Before', 'After'.
    expect([...document.querySelectorAll('th')].map((h) => h.textContent)).toEqual([
      'Time',
      'User',
      'Unit',
      'Process',
      'Type',
      'Group',
      'Before',
      'After',
    ]);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/log?day=20/11/2026');
  });
});
