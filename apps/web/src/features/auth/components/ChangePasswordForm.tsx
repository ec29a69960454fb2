import type { FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import type { PasswordPolicy } from '@courier/contracts';
import { PasswordFields } from '../password/PasswordFields';
import { useNewPassword } from '../password/use-new-password';

interface ChangePasswordFormProps {
  policy: PasswordPolicy;
  /** The user's logon when known (forced change), for the 'not the username' rule; '' on reset. */
  username: string;
  /** Sends the new password; resolves to the server's verdict on the password field, if any. */
  onSubmit: (password: string) => Promise<string | undefined>;
  pending: boolean;
  onCancel: () => void;
}

/**
 * The change-password page of the login screen (spec "access…" §2, §4, §5): New password, Confirm
 * password (cleared when the password changes) and the strength meter; the policy is checked here
 * and again by the server. Used for a /reset/{token} link and for a forced change.
 */
export function ChangePasswordForm({
  policy,
  username,
  onSubmit,
  pending,
  onCancel,
}: ChangePasswordFormProps) {
  const fields = useNewPassword(policy);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fields.validate(username)) return;
    void onSubmit(fields.password).then((serverError) => {
      if (serverError) fields.setServerError(serverError);
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordFields
          label="New password"
          password={fields.password}
          confirm={fields.confirm}
          onPassword={fields.setPassword}
          onConfirm={fields.setConfirm}
          passwordError={fields.errors.password}
          confirmError={fields.errors.confirm}
          policy={policy}
          username={username}
          autoFocus
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
