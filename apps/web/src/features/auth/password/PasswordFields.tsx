import { PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { PasswordPolicy } from '@courier/contracts';
import { policyHint } from './password-rules';
import { StrengthMeter } from './StrengthMeter';
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
