import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG, USER_MSG } from '@courier/contracts';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { emptyUser } from '../user-form';
import { MyAccountForm } from './MyAccountForm';

afterEach(() => vi.unstubAllGlobals());

/** My Account of the session's user (my details right), its e-mail address customer@example.com. */
function renderMyAccount(post: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({
    '/api/system/password': reply({ minLength: 8, enforceRules: 'F' }),
    '/api/user/post': post,
  });
  const session = sessionWith({ ausr_rights_password: 'T' });
  const initial = {
    ...emptyUser(),
    ausr_id: 7,
    ausr_logon: 'customer',
    ausr_firstname: 'Casey',
    ausr_lastname: 'Customer',
    ausr_email: 'customer@example.com',
    ausr_cust_id: '1',
    ausr_rights_password: 'T' as const,
  };
  const view = renderApp(
    <MyAccountForm
      session={session}
      initial={initial}
      accounts={[{ cust_id: 1, cust_acc_code: 'ACME', cust_name: 'Acme Ltd' }]}
    />,
  );
  return { ...view, api };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('MyAccountForm', () => {
  it('asks for the current password only when the e-mail address changes, and sends it with the save', async () => {
    const { user, api } = renderMyAccount(
      reply({ message: USER_MSG.saved, ausr_id: 7, emailPending: 'casey@example.com' }),
    );
    // The two change-password fields are in their own section; none under Communications yet.
    const before = screen.getAllByLabelText(/^Current password/, { selector: 'input' }).length;
    const email = screen.getByRole('textbox', { name: /^E-?mail/i });
    await user.clear(email);
    await user.type(email, 'casey@example.com');
    expect(screen.getAllByLabelText(/^Current password/, { selector: 'input' })).toHaveLength(before + 1);

    await user.click(saveButton());
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(api.bodiesOf('/api/user/post')).toEqual([]);

    // Asked under Communications, after the Change Password section (the spec's order).
    const asked = screen.getAllByLabelText(/^Current password/, { selector: 'input' }).at(-1)!;
    await user.type(asked, 'Customer#2026');
    await user.click(saveButton());
    await vi.waitFor(() => expect(api.bodiesOf('/api/user/post')).toHaveLength(1));
    expect(api.bodiesOf('/api/user/post')[0]).toMatchObject({
      ausr_email: 'casey@example.com',
      ausr_current_password: 'Customer#2026',
      // My Account's save, for an administrator too: personal details only, never their links.
      state: 'current',
    });
    expect(await screen.findByText(`Confirm casey@example.com`)).toBeTruthy();
  });

  it('saves on Enter in a field above Change Password, as Save does', async () => {
    const { user, api } = renderMyAccount(reply({ message: USER_MSG.saved, ausr_id: 7 }));
    const first = screen.getByRole('textbox', { name: /^First Name/ });
    await user.clear(first);
    await user.type(first, 'Cass{Enter}');
    await vi.waitFor(() => expect(api.bodiesOf('/api/user/post')).toHaveLength(1));
    expect(api.bodiesOf('/api/user/post')[0]).toMatchObject({ ausr_firstname: 'Cass', state: 'current' });
  });

  it("shows the server's answer to a wrong current password under the field", async () => {
    const { user } = renderMyAccount(
      apiError(400, 'VALIDATION', MSG.currentPasswordWrong, {
        ausr_current_password: MSG.currentPasswordWrong,
      }),
    );
    const email = screen.getByRole('textbox', { name: /^E-?mail/i });
    await user.clear(email);
    await user.type(email, 'casey@example.com');
    const before = screen.getAllByLabelText(/^Current password/, { selector: 'input' });
    await user.type(before.at(-1)!, 'Wrong#2026');
    await user.click(saveButton());
    const wrapper = before.at(-1)!.closest('.mantine-InputWrapper-root') as HTMLElement;
    await vi.waitFor(() => expect(wrapper.textContent).toContain(MSG.currentPasswordWrong));
  });
});
