import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_PASSWORD_POLICY } from '@courier/contracts';
import { useNewPassword } from './use-new-password';

const setup = () => renderHook(() => useNewPassword(DEFAULT_PASSWORD_POLICY));

describe('useNewPassword', () => {
  it('clears the confirm field (and the errors) when the password changes', () => {
    const { result } = setup();
    act(() => result.current.setPassword('Customer#2026'));
    act(() => result.current.setConfirm('Customer#2026'));
    expect(result.current.confirm).toBe('Customer#2026');
    act(() => result.current.setPassword('Customer#2027'));
    expect(result.current.password).toBe('Customer#2027');
    expect(result.current.confirm).toBe('');
  });

  it('checks the policy and the match on validate', () => {
    const { result } = setup();
    act(() => result.current.setPassword('short'));
    act(() => result.current.setConfirm('other'));
    let ok = true;
    act(() => {
      ok = result.current.validate('sam');
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({
      password: 'Password must be at least 8 characters',
      confirm: 'Passwords do not match',
    });
  });

  it('refuses the username as the password', () => {
    const { result } = setup();
    act(() => result.current.setPassword('Sam.Jones#1'));
    act(() => result.current.setConfirm('Sam.Jones#1'));
    act(() => void result.current.validate('sam.jones#1'));
    expect(result.current.errors.password).toBe('Password cannot be the same as the username');
  });

  it('lets a good, confirmed password through', () => {
    const { result } = setup();
    act(() => result.current.setPassword('Customer#2026'));
    act(() => result.current.setConfirm('Customer#2026'));
    let ok = false;
    act(() => {
      ok = result.current.validate('customer');
    });
    expect(ok).toBe(true);
    expect(result.current.errors).toEqual({ password: null, confirm: null });
  });

  it("clears the confirm field's error as it is typed, and the password's when the password changes", () => {
    const { result } = setup();
    act(() => void result.current.validate('sam'));
    expect(result.current.errors.confirm).toBe('Please confirm the password');
    act(() => result.current.setConfirm('x'));
    expect(result.current.errors.confirm).toBeNull();
    expect(result.current.errors.password).toBe('Password is required');
    act(() => result.current.setPassword('y'));
    expect(result.current.errors).toEqual({});
  });

  it("shows the server's verdict on the password, and resets", () => {
    const { result } = setup();
    act(() => result.current.setPassword('Customer#2026'));
    act(() => result.current.setServerError('Password was used before'));
    expect(result.current.errors).toEqual({ password: 'Password was used before' });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ password: '', confirm: '', errors: {} });
  });
});
