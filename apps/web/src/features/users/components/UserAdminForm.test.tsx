import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { emptyUser } from '../user-form';
import { UserAdminForm } from './UserAdminForm';

afterEach(() => vi.unstubAllGlobals());

/** The look-ups the form makes as it opens: the password policy, sites and business units. */
const mockLookups = () =>
  mockApi({
    '/api/system/password': reply({ minLength: 8, enforceRules: 'F' }),
    '/api/site/list': reply([]),
    '/api/businessunit/list': reply([]),
  });

describe('UserAdminForm', () => {
  it('opens the first tab with a problem after Save on an empty new user, and flags every tab that has one', async () => {
    const api = mockLookups();
    const { user } = renderApp(
      <UserAdminForm session={sessionWith({ ausr_rights_admin: 'T' })} initial={emptyUser()} />,
    );
    await user.click(screen.getByRole('tab', { name: 'Accounts' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Details, left of Accounts, has the username and password problems: it opens, showing them.
    const details = await screen.findByRole('tab', { name: 'Details (has problems)' });
    expect(details.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByText(/Username|password/i).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Accounts (has problems)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Options' })).toBeTruthy();
    expect(api.bodiesOf('/api/user/post')).toEqual([]);
  });

  it('shows the system, price and export rights fixed, saying why, to an administrator who lacks them', async () => {
    mockLookups();
    const { user } = renderApp(
      <UserAdminForm
        session={sessionWith({
          ausr_rights_admin: 'T',
          ausr_rights_price: 'T',
          ausr_rights_system: 'F',
          ausr_rights_export: 'F',
        })}
        initial={emptyUser()}
      />,
    );
    await user.click(screen.getByRole('tab', { name: 'Options' }));
    const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
    expect(box('System settings').disabled).toBe(true);
    expect(box('Export to CSV/PDF').disabled).toBe(true);
    expect(box('Price').disabled).toBe(false);
    expect(box('User admin').disabled).toBe(false);
    expect(screen.getByText('Only a user with the System settings right can change it')).toBeTruthy();
  });

  it("lets such an administrator clear a clone's right they lack, and not set it again", async () => {
    mockLookups();
    const { user } = renderApp(
      <UserAdminForm
        session={sessionWith({ ausr_rights_admin: 'T', ausr_rights_export: 'F' })}
        initial={{ ...emptyUser(), ausr_rights_export: 'T' }}
      />,
    );
    await user.click(screen.getByRole('tab', { name: 'Options' }));
    const box = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Export to CSV/PDF' });
    expect(box().checked).toBe(true);
    expect(box().disabled).toBe(false);
    await user.click(box());
    expect(box().checked).toBe(false);
    expect(box().disabled).toBe(true);
  });
});
