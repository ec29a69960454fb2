import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../../auth';
import { mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import SystemPage, { READ_ONLY_SETTINGS } from './SystemPage';

afterEach(() => vi.unstubAllGlobals());

/** Opens /system as an administrator, with or without the System settings right. */
function openSystem(system: 'T' | 'F') {
  const api = mockApi({
    '/api/system/general/list': reply({ ArchiveDays: '14' }),
    '/api/system/hoo/list': reply({}),
    '/api/system/config/list': reply({ PasswordMinLength: '8' }),
    '/api/system/payment/list': reply({ holdMargin: '10' }),
    '/api/system/default/list': reply({}),
    '/api/system/mandatory/list': reply({}),
    '/api/system/message/list': reply({}),
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_admin: 'T', ausr_rights_system: system }));
  const view = renderApp(null, {
    route: '/system',
    queryClient,
    routes: <Route path="/system" element={<SystemPage />} />,
  });
  return { ...view, api };
}

describe('System Settings', () => {
  it('lets a user with the System settings right edit and save', async () => {
    openSystem('T');
    expect(await screen.findByRole('cell', { name: 'ArchiveDays' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add General setting' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(READ_ONLY_SETTINGS)).toBeNull();
  });

  it('shows an administrator without the System settings right the settings to read, with no Save', async () => {
    const { api } = openSystem('F');
    expect(await screen.findByRole('cell', { name: 'ArchiveDays' })).toBeTruthy();
    expect(screen.getByText(READ_ONLY_SETTINGS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    for (const name of ['Add General setting', 'Edit ArchiveDays', 'Delete ArchiveDays'])
      expect(screen.getByRole('button', { name }).matches(':disabled')).toBe(true);
    // Tabs still open: reading every group is what the screen is for.
    expect(screen.getByRole('tab', { name: 'Defaults' }).matches(':disabled')).toBe(false);
    expect(api.calls.some((c) => c.path.endsWith('/post'))).toBe(false);
  });
});
