import { useState } from 'react';
import type { PasswordPolicy } from '@courier/contracts';
import { confirmError, passwordError } from './password-rules';

/**
 * State of a new password and its confirmation (spec "access…" §5): changing the password clears
 * the confirm field; `validate` applies the policy (the server's rules) and the match.
 */
export function useNewPassword(policy: PasswordPolicy) {
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirmValue] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});

  const setPassword = (value: string) => {
    setPasswordValue(value);
    setConfirmValue('');
    setErrors({});
  };
  const setConfirm = (value: string) => {
    setConfirmValue(value);
    setErrors((e) => ({ ...e, confirm: null }));
  };

  /** Checks both fields for `username`; true when the password may be sent. */
  const validate = (username: string): boolean => {
    const next = {
      password: passwordError(password, username, policy),
      confirm: confirmError(confirm, password),
    };
    setErrors(next);
    return !next.password && !next.confirm;
  };

  /** Shows the server's verdict on the password (its 400 names the field). */
  const setServerError = (message: string) => setErrors({ password: message });

  const reset = () => {
    setPasswordValue('');
    setConfirmValue('');
    setErrors({});
  };

  return { password, confirm, setPassword, setConfirm, errors, validate, setServerError, reset };
}

/** What useNewPassword returns, for forms that take it as a prop. */
export type NewPasswordState = ReturnType<typeof useNewPassword>;
