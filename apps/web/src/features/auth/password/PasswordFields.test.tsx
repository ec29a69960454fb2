import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@courier/contracts';
import { renderApp } from '../../../test/render';
import { NewPasswordFields } from './PasswordFields';
import { useNewPassword } from './use-new-password';

/** Five points a character: 'Customer#2026' (13) scores 65, level 3. */
vi.mock('./strength', () => ({ passwordScore: (password: string) => Math.min(100, password.length * 5) }));

function Fields({ policy = DEFAULT_PASSWORD_POLICY }: { policy?: PasswordPolicy }) {
  const fields = useNewPassword(policy);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        fields.validate('customer');
      }}
    >
      <NewPasswordFields label="New password" state={fields} policy={policy} />
      <button type="submit">Check</button>
    </form>
  );
}

const password = () => screen.getByLabelText(/^New password/);
const confirm = () => screen.getByLabelText(/^Confirm password/);
const strength = () => screen.getByTestId('strength-label');

describe('PasswordFields', () => {
  it('describes the policy under the password', () => {
    renderApp(<Fields policy={{ minLength: 10, enforceRules: 'F' }} />);
    expect(screen.getByText('At least 10 characters')).toBeTruthy();
  });

  it('shows the strength level as the password is typed', async () => {
    const { user } = renderApp(<Fields />);
    expect(strength().textContent).toBe('–');
    await user.type(password(), 'Customer#2026');
    expect((await screen.findByText('Good (3/5)')).textContent).toBe('Good (3/5)');
    await user.type(password(), 'abcdefg');
    expect(strength().textContent).toBe('Very strong (5/5)');
    await user.clear(password());
    expect(strength().textContent).toBe('–');
  });

  it('clears the confirmation when the password changes', async () => {
    const { user } = renderApp(<Fields />);
    await user.type(password(), 'Customer#2026');
    await user.type(confirm(), 'Customer#2026');
    expect(confirm()).toHaveProperty('value', 'Customer#2026');
    await user.type(password(), '!');
    expect(confirm()).toHaveProperty('value', '');
  });

  it('shows the policy problem and the mismatch', async () => {
    const { user } = renderApp(<Fields />);
    await user.type(password(), 'customer#2026');
    await user.type(confirm(), 'customer#2025');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Password must contain an upper-case letter')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });
});
