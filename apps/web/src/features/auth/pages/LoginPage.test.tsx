import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { MSG, type LoginResponse } from '@courier/contracts';
import { apiError, mockApi, notAuthenticated, reply, type Handler } from '../../../test/api-mock';
import { DEMO, NORTHERN, sessionWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import LoginPage from './LoginPage';

const loggedIn: LoginResponse = { ...sessionWith({ ausr_rights_history: 'T' }), token: 'secret-token' };

/** The public calls of the login screen, no session yet, and `login` for the login itself. */
function serve(databases = [DEMO], login: Handler = reply(loggedIn)) {
  return mockApi({
    '/api/auth/session': notAuthenticated(),
    '/api/database/list': reply(databases),
    '/api/system/version': reply({ appVersion: '1.4.0', dbVersion: '12' }),
    '/api/system/password': reply({ minLength: 8, enforceRules: 'T' }),
    '/api/system/guestAccessAllowed': reply({ guestAccessAllowed: false }),
    '/api/auth/login': login,
  });
}

function renderLogin() {
  return renderApp(null, {
    route: '/login',
    tenantTheme: true,
    routes: (
      <>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/home" element={<p>Home screen</p>} />
      </>
    ),
  });
}

const usernameBox = () => screen.findByRole('textbox', { name: 'Username' });
const passwordBox = () => screen.getByLabelText('Password');

describe('LoginPage', () => {
  it('hides the database selector when there is one database, and logs in to that one', async () => {
    const api = serve([DEMO]);
    const { user } = renderLogin();
    await user.type(await usernameBox(), ' customer ');
    await user.type(passwordBox(), 'Customer#2026');
    expect(screen.queryByRole('combobox', { name: 'Database' })).toBeNull();
    expect(screen.queryByText('Database')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Home screen');
    expect(api.bodiesOf('/api/auth/login')).toEqual([
      { database: 'Demo Couriers', username: 'customer', password: 'Customer#2026' },
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/home');
  });

  it("shows the tenant's name and the version text", async () => {
    serve([DEMO]);
    renderLogin();
    expect(await screen.findByText('Version 1.4.0 / 12')).toBeTruthy();
    expect(screen.getAllByText('Demo Couriers').length).toBeGreaterThan(0);
  });

  it("shows 'Authentication Error' with the server's message for wrong credentials, and empties the password", async () => {
    const api = serve([DEMO], apiError(401, 'AUTHENTICATION_ERROR', MSG.badLogin));
    const { user } = renderLogin();
    await user.type(await usernameBox(), 'customer');
    await user.type(passwordBox(), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Authentication Error')).toBeTruthy();
    expect(screen.getByText(MSG.badLogin)).toBeTruthy();
    await waitFor(() => expect(passwordBox()).toHaveProperty('value', ''));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(api.bodiesOf('/api/auth/login')).toHaveLength(1);
  });

  it('asks for username and password before calling the server', async () => {
    const api = serve([DEMO]);
    const { user } = renderLogin();
    await usernameBox();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.bodiesOf('/api/auth/login')).toHaveLength(0);
  });

  it('with several databases shows the selector and needs a choice', async () => {
    const api = serve([DEMO, NORTHERN]);
    const { user } = renderLogin();
    await user.type(await usernameBox(), 'customer');
    await user.type(passwordBox(), 'Customer#2026');
    const select = screen.getByRole('combobox', { name: 'Database' });
    expect(select).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please choose a database')).toBeTruthy();
    expect(api.bodiesOf('/api/auth/login')).toHaveLength(0);

    // jsdom has no layout, so Mantine hides the open dropdown as detached: choose with the keyboard.
    await user.click(select);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    // The first arrow is held until the list can take it, a frame or two (components/Select.tsx).
    await waitFor(() => expect(select).toHaveProperty('value', 'Northern Express'));
    expect(screen.queryByText('Please choose a database')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Home screen');
    expect(api.bodiesOf('/api/auth/login')).toEqual([
      { database: 'Northern Express', username: 'customer', password: 'Customer#2026' },
    ]);
    expect(localStorage.getItem('courier.database')).toBe('Northern Express');
  });
});
