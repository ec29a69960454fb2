import { useState } from 'react';
import { PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { PasswordPolicy } from '@courier/contracts';
import { policyHint } from './password-rules';
import { StrengthMeter } from './StrengthMeter';
import type { NewPasswordState } from './use-new-password';
import { usePasswordStrength } from './use-password-strength';

interface PasswordFieldsProps {
  /** 'New password' on the change form, 'Password' on Register. */
  label: string;
  password: string;
  confirm: string;
  /** The new password; the caller clears the confirm field with it (spec "access…" §5). */
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  passwordError?: string | null;
  confirmError?: string | null;
  policy: PasswordPolicy;
  /** Counted as a known word by the meter. */
  username?: string;
  autoFocus?: boolean;
  /** False when an empty password keeps the current one (an existing user's detail). */
  required?: boolean;
}

/**
 * A new password, its confirmation and the strength meter (spec "access…" §5): the policy as a hint,
 * and the level of the score divided by 20 under the field.
 */
export function PasswordFields(props: PasswordFieldsProps) {
  const strength = usePasswordStrength(props.password, props.username);
  return (
    <Stack gap="sm">
      <PasswordInput
        label={props.label}
        description={policyHint(props.policy)}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
        error={props.passwordError}
        autoFocus={props.autoFocus}
        required={props.required ?? true}
      />
      <StrengthMeter strength={strength} empty={!props.password} />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        value={props.confirm}
        onChange={(e) => props.onConfirm(e.currentTarget.value)}
        error={props.confirmError}
        required={props.required ?? true}
      />
    </Stack>
  );
}

type NewPasswordFieldsProps = Pick<PasswordFieldsProps, 'label' | 'policy' | 'username' | 'autoFocus'> & {
  /** The state of useNewPassword: the values, their setters and their problems. */
  state: NewPasswordState;
};

/** PasswordFields wired to a useNewPassword state (the change, register and My Account forms). */
export function NewPasswordFields({ state, ...props }: NewPasswordFieldsProps) {
  return (
    <PasswordFields
      {...props}
      password={state.password}
      confirm={state.confirm}
      onPassword={state.setPassword}
      onConfirm={state.setConfirm}
      passwordError={state.errors.password}
      confirmError={state.errors.confirm}
    />
  );
}

/** Said when the current password is left empty. */
export const CURRENT_REQUIRED = 'Please enter your current password';

/**
 * The state of a 'Current password' field: its value and error, typing clearing the error.
 * `check()` names an empty field (CURRENT_REQUIRED) and answers whether it was filled.
 */
export function useCurrentPassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    setError,
    check: () => {
      setError(value ? null : CURRENT_REQUIRED);
      return value !== '';
    },
    reset: () => {
      setValue('');
      setError(null);
    },
    /** The props of CurrentPasswordInput. */
    field: {
      value,
      error,
      onChange: (v: string) => {
        setValue(v);
        setError(null);
      },
    },
  };
}

interface CurrentPasswordInputProps {
  value: string;
  /** The typed value; the caller clears the field's error with it. */
  onChange: (value: string) => void;
  error: string | null;
  autoFocus?: boolean;
}

/** 'Current password' of a forced change and of My Account's Change Password (spec "access…" §5). */
export function CurrentPasswordInput({ value, onChange, error, autoFocus }: CurrentPasswordInputProps) {
  return (
    <PasswordInput
      label="Current password"
      autoComplete="current-password"
      leftSection={<IconLock size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
      autoFocus={autoFocus}
    />
  );
}
