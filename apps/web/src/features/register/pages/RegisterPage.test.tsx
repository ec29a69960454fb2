import { describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { apiError, mockApi, reply, type Handler } from '../../../test/api-mock';
import { DEMO } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import RegisterPage from './RegisterPage';

/** A fixed meter reading: the strength scorer itself is tested on its own. */
vi.mock('../../auth/password/strength', () => ({ passwordScore: () => 70 }));

const TOKEN = 'k3Xq9fZ0aB7cD2eF4gH6iJ8kL0mN1oP3qR5sT7uV9wY';
const FROM_BOOKING = `/register?database=Demo+Couriers&dck_id=12&dck_email=sam%40example.com&dck_contact=Sam%20Jones&dck_telephone=0113%20496%200000&token=${TOKEN}`;

function serve(
  register: Handler = reply({ message: MSG.registered, detail: MSG.registeredDetail }),
  valid = true,
) {
  return mockApi({
    '/api/database/list': reply([DEMO]),
    '/api/system/password': reply({ minLength: 8, enforceRules: 'T' }),
    '/api/user/register/check': reply({ valid }),
    '/api/user/register': register,
  });
}

function renderRegister(route = FROM_BOOKING) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, null);
  return renderApp(null, {
    route,
    queryClient,
    routes: (
      <>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<p>Login screen</p>} />
      </>
    ),
  });
}

const username = () => screen.getByRole('textbox', { name: /^Username/ });
const password = () => screen.getByLabelText(/^Password( \*)?$/, { selector: 'input' });
const confirm = () => screen.getByLabelText(/^Confirm password/);

describe('RegisterPage', () => {
  it("shows 'Register as a new user' with the Username and Password sections, Submit and Reset", async () => {
    serve();
    renderRegister();
    expect(screen.getByRole('heading', { name: 'Register as a new user' })).toBeTruthy();
    expect((await screen.findByText(/Registering from booking/)).textContent).toBe(
      'Registering from booking confirmation for Sam Jones (sam@example.com). Choose a username and a password to sign in with; you will see this booking and the ones you make.',
    );
    const usernameSection = await screen.findByRole('group', { name: 'Username' });
    const passwordSection = screen.getByRole('group', { name: 'Password' });
    expect(within(usernameSection).getByRole('textbox', { name: /^Username/ })).toBeTruthy();
    expect(within(passwordSection).getByLabelText(/^Password( \*)?$/, { selector: 'input' })).toBeTruthy();
    expect(within(passwordSection).getByLabelText(/^Confirm password/)).toBeTruthy();
    expect(within(passwordSection).getByLabelText('Password strength')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
  });

  it('checks the username and the password before sending anything', async () => {
    const api = serve();
    const { user } = renderRegister();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm the password')).toBeTruthy();

    await user.type(username(), 'sam jones');
    await user.type(password(), 'sam.jones');
    await user.type(confirm(), 'sam.jones');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Letters, digits and . _ @ - only')).toBeTruthy();
    expect(screen.getByText('Password must contain an upper-case letter')).toBeTruthy();
    expect(api.bodiesOf('/api/user/register')).toEqual([]);
  });

  it('empties the confirmation when the password changes', async () => {
    serve();
    const { user } = renderRegister();
    await user.type(await screen.findByLabelText(/^Password( \*)?$/, { selector: 'input' }), 'Harbour#2026');
    await user.type(confirm(), 'Harbour#2026');
    await user.type(password(), 'x');
    expect(confirm()).toHaveProperty('value', '');
  });

  it('registers on the booking, then says so and opens login', async () => {
    const api = serve();
    const { user } = renderRegister();
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), ' sam.jones ');
    await user.type(password(), 'Harbour#2026');
    await user.type(confirm(), 'Harbour#2026');
    expect(screen.getByTestId('strength-label').textContent).toBe('Good (3/5)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(screen.getByText(MSG.registered)).toBeTruthy();
    expect(screen.getByText(MSG.registeredDetail)).toBeTruthy();
    expect(api.bodiesOf('/api/user/register')).toEqual([
      {
        database: 'Demo Couriers',
        ausr_logon: 'sam.jones',
        ausr_password: 'Harbour#2026',
        dck_id: 12,
        token: TOKEN,
        dck_email: 'sam@example.com',
        dck_contact: 'Sam Jones',
        dck_telephone: '0113 496 0000',
      },
    ]);
  });

  it("shows 'Register Error' and the server's field message", async () => {
    serve(
      apiError(400, 'VALIDATION_ERROR', 'Invalid request', { ausr_logon: 'This username is already taken' }),
    );
    const { user } = renderRegister();
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'customer');
    await user.type(password(), 'Harbour#2026');
    await user.type(confirm(), 'Harbour#2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Register Error')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('This username is already taken')).toHaveLength(2));
    expect(screen.getByTestId('location').textContent).toMatch(/^\/register\?/);
  });

  it('empties the form on Reset', async () => {
    serve();
    const { user } = renderRegister();
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'sa');
    await user.type(password(), 'Harbour#2026');
    await user.type(confirm(), 'Harbour#2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(username()).toHaveProperty('value', '');
    expect(password()).toHaveProperty('value', '');
    expect(confirm()).toHaveProperty('value', '');
    expect(screen.queryByText('Username must be at least 3 characters')).toBeNull();
  });

  it('refuses a link without its token, without asking the server', async () => {
    const api = serve();
    renderRegister('/register?database=Demo+Couriers&dck_id=12&dck_email=sam%40example.com');
    expect(screen.getByRole('heading', { name: 'Register as a new user' })).toBeTruthy();
    expect(screen.getByText('Register Error')).toBeTruthy();
    expect(screen.getByText(MSG.registerLinkInvalid)).toBeTruthy();
    expect(api.bodiesOf('/api/user/register/check')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('says a used or invalid link is so before anything is typed', async () => {
    const api = serve(undefined, false);
    renderRegister();
    expect(await screen.findByText(MSG.registerLinkInvalid)).toBeTruthy();
    expect(screen.getByText('Register Error')).toBeTruthy();
    expect(api.bodiesOf('/api/user/register/check')).toEqual([
      { database: 'Demo Couriers', dck_id: 12, token: TOKEN },
    ]);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
