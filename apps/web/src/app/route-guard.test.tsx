import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen } from '@testing-library/react';
import type { SessionResponse } from '@courier/contracts';
import { SESSION_KEY } from '../features/auth/api/session';
import { mockApi, reply } from '../test/api-mock';
import { DEMO, sessionWith } from '../test/fixtures';
import { renderApp, testQueryClient } from '../test/render';
import { RootLayout, UnknownRoute } from './route-guard';
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

/**
 * The app's root with the start-up session restore still running: `/api/auth/session` answers
 * only when the test calls `answer`.
 */
function renderRestoring(path: string) {
  mockApi({
    '/api/database/list': reply([DEMO]),
    '/api/system/guestAccessAllowed': reply({ guestAccessAllowed: true }),
  });
  const fake = globalThis.fetch;
  let answer: (session: SessionResponse) => void = () => undefined;
  const restore = new Promise<Response>((resolve) => {
    answer = (session) =>
      resolve(new Response(JSON.stringify(session), { headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/auth/session' ? restore : fake(input, init),
  );
  renderApp(null, {
    route: path,
    tenantTheme: true,
    routes: (
      <Route element={<RootLayout />}>
        <Route element={<RouteGuard />}>
          <Route path="/docket/track" element={<p>Tracking</p>} />
          <Route path="/docket/list" element={<p>Booking list</p>} />
        </Route>
      </Route>
    ),
  });
  return { answer };
}

/** Sets or removes the server's signed-in hint cookie (courier_signed_in). */
const hint = (on: boolean) => {
  document.cookie = on ? 'courier_signed_in=1; path=/' : 'courier_signed_in=; path=/; max-age=0';
};

describe('RootLayout', () => {
  afterEach(() => hint(false));

  it('draws a public screen for a guest at once, before the session restore answers', async () => {
    const { answer } = renderRestoring('/docket/track');
    expect(await screen.findByText('Tracking')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    // A session the restore finds after all (one begun before the hint existed) takes over.
    answer(sessionWith({ ausr_rights_trace: 'T' }));
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByText('Tracking')).toBeTruthy();
  });

  it('waits for the restore when the browser holds the signed-in hint', async () => {
    hint(true);
    const first = renderRestoring('/docket/track');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Tracking')).toBeNull();
    first.answer(sessionWith({ ausr_rights_trace: 'T' }));
    expect(await screen.findByText('Tracking')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('waits for the restore on a screen that needs a session, hint or not', async () => {
    const { answer } = renderRestoring('/docket/list');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Booking list')).toBeNull();
    expect(screen.queryByText('Login screen')).toBeNull();
    answer(sessionWith({ ausr_rights_history: 'T' }));
    expect(await screen.findByText('Booking list')).toBeTruthy();
  });
});
