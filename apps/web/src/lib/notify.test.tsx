import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { ApiError } from './api-client';
import { notifyApiError, notifyError, notifyInfo, notifySuccess } from './notify';

describe('notifications', () => {
  it('takes error notices away when a success follows, and keeps other notices', async () => {
    renderApp(null);
    act(() => {
      notifyError('Save Data', 'At least one account is required');
      notifyError('Load Data', 'The connection failed', false);
      notifyInfo('Session', 'Your session has expired');
    });
    expect(await screen.findByText('At least one account is required')).toBeTruthy();
    expect(screen.getByText('The connection failed')).toBeTruthy();

    act(() => notifySuccess('Saved', 'Save Data'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('At least one account is required')).toBeNull());
    expect(screen.queryByText('The connection failed')).toBeNull();
    expect(screen.getByText('Your session has expired')).toBeTruthy();

    // A later error shows again.
    act(() => notifyError('Save Data', 'Username is required'));
    expect(await screen.findByText('Username is required')).toBeTruthy();

    // A success of something else (the driver's reports) leaves it.
    act(() => notifySuccess('Docket 1002: Collected', 'Sent', true));
    expect(await screen.findByText('Docket 1002: Collected')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
  });

  it("shows a refused field's own message, not the API's field name, and the server's message otherwise", async () => {
    renderApp(null);
    act(() => {
      notifyApiError(
        'Change password failed',
        new ApiError(400, 'VALIDATION', 'ausr_current_password: The current password is not correct', {
          ausr_current_password: 'The current password is not correct',
        }),
      );
      notifyApiError('Save Data', new ApiError(409, 'CONFLICT', 'Username taken', { ausr_logon: 'Taken' }));
    });
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    expect(screen.queryByText(/ausr_current_password/)).toBeNull();
    expect(screen.getByText('Username taken')).toBeTruthy();
  });
});
