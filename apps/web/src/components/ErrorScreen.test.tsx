import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { ErrorScreen } from './ErrorScreen';

/** A data router whose one route fails in its loader as `fail` says, with the app's error screen. */
function renderFailing(fail: () => never) {
  const router = createMemoryRouter([
    { path: '/', loader: fail, element: <p>Loaded</p>, errorElement: <ErrorScreen /> },
  ]);
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the error screen (spec "bookings…" §2 Error page)', () => {
  it("says 'Error code {status} - {statusText}' for an answer that failed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailing(() => {
      throw data(null, { status: 503, statusText: 'Service Unavailable' });
    });
    expect(await screen.findByRole('heading', { name: 'AN ERROR OCCURRED', level: 1 })).toBeTruthy();
    expect(screen.getByText('Something when wrong with your last request')).toBeTruthy();
    expect(screen.getByText('Error code 503 - Service Unavailable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it("shows an error's own message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailing(() => {
      throw new Error('The list could not be read');
    });
    expect(await screen.findByText('The list could not be read')).toBeTruthy();
    expect(screen.getByText('Something when wrong with your last request')).toBeTruthy();
  });
});
