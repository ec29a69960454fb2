import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { screen } from '@testing-library/react';
import type { SessionResponse } from '@courier/contracts';
import { SESSION_KEY } from '../features/auth/api/session';
import { mockApi, reply } from '../test/api-mock';
import { DEMO, sessionWith } from '../test/fixtures';
import { renderApp, testQueryClient } from '../test/render';
import { UnknownRoute } from './route-guard';
import { RouteGuard } from './shell/RouteGuard';

/** The app's shape: login and home outside, screens behind the guard, anything else unknown. */
function renderAt(path: string, session: SessionResponse | null) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, session);
  mockApi({
    '/api/database/list': reply([DEMO]),
    '/api/system/guestAccessAllowed': reply({ guestAccessAllowed: true }),
  });
  return renderApp(null, {
    route: path,
    queryClient,
    tenantTheme: true,
    routes: (
      <>
        <Route path="/login" element={<p>Login screen</p>} />
        <Route path="/home" element={<p>Home screen</p>} />
        <Route element={<RouteGuard />}>
          <Route path="/docket/list" element={<p>Booking list</p>} />
          <Route path="/address/list" element={<p>Address book</p>} />
          <Route path="/docket/track" element={<p>Tracking</p>} />
        </Route>
        <Route path="*" element={<UnknownRoute />} />
      </>
    ),
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('RouteGuard', () => {
  it('sends a visitor without a session to login', async () => {
    renderAt('/docket/list', null);
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(location()).toBe('/login');
    expect(screen.queryByText('Booking list')).toBeNull();
  });

  it('treats a login still waiting for its code as no session', async () => {
    renderAt('/docket/list', { stage: 'otp', tenant: { name: DEMO.name, theme: DEMO.theme } });
    expect(await screen.findByText('Login screen')).toBeTruthy();
  });

  it('sends a signed-in user without the right home', async () => {
    renderAt('/address/list', sessionWith({ ausr_rights_history: 'T' }));
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(location()).toBe('/home');
    expect(screen.queryByText('Address book')).toBeNull();
  });

  it('opens the screen in the app frame with the right', async () => {
    renderAt('/docket/list', sessionWith({ ausr_rights_history: 'T' }));
    expect(await screen.findByText('Booking list')).toBeTruthy();
    expect(location()).toBe('/docket/list');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('opens a public screen to a guest in the guest frame', async () => {
    renderAt('/docket/track', null);
    expect(await screen.findByText('Tracking')).toBeTruthy();
    expect(location()).toBe('/docket/track');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

describe('UnknownRoute', () => {
  it('sends a visitor to login', async () => {
    renderAt('/no/such/screen', null);
    expect(await screen.findByText('Login screen')).toBeTruthy();
  });

  it('sends a signed-in user home', async () => {
    renderAt('/no/such/screen', sessionWith());
    expect(await screen.findByText('Home screen')).toBeTruthy();
  });
});
