import type { FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import type { PasswordPolicy } from '@courier/contracts';
import { CurrentPasswordInput, NewPasswordFields, useCurrentPassword } from '../password/PasswordFields';
import { useNewPassword } from '../password/use-new-password';

interface ChangePasswordFormProps {
  policy: PasswordPolicy;
  /** The user's logon when known (forced change), for the 'not the username' rule; '' on reset. */
  username: string;
  /** Asks for the current password too (a forced change; a reset link proves itself). */
  askCurrent?: boolean;
  /** Sends the new (and current) password; resolves to the server's verdicts on the fields, if any. */
  onSubmit: (password: string, current: string) => Promise<ChangeVerdict | undefined>;
  pending: boolean;
  onCancel: () => void;
}

/** The server's words on the fields of a refused change. */
export interface ChangeVerdict {
  password?: string;
  current?: string;
}

/**
 * The change-password page of the login screen (spec "access…" §2, §4, §5): New password, Confirm
 * password (cleared when the password changes) and the strength meter; the policy is checked here
 * and again by the server. Used for a /reset/{token} link and for a forced change, which also asks
 * for the Current password.
 */
export function ChangePasswordForm({
  policy,
  username,
  askCurrent = false,
  onSubmit,
  pending,
  onCancel,
}: ChangePasswordFormProps) {
  const fields = useNewPassword(policy);
  const current = useCurrentPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = askCurrent && !current.check();
    if (!fields.validate(username) || missing) return;
    void onSubmit(fields.password, current.value).then((verdict) => {
      if (verdict?.password) fields.setServerError(verdict.password);
      if (verdict?.current) current.setError(verdict.current);
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {askCurrent && <CurrentPasswordInput {...current.field} autoFocus />}
        <NewPasswordFields
          label="New password"
          state={fields}
          policy={policy}
          username={username}
          autoFocus={!askCurrent}
        />
        <Button type="submit" fullWidth loading={pending} leftSection={<IconCheck size={16} />} mt="xs">
          Change password
        </Button>
        <Button variant="subtle" fullWidth leftSection={<IconArrowLeft size={16} />} onClick={onCancel}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
