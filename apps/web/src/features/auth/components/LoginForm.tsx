import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconUser } from '@tabler/icons-react';
import { MSG, type DatabaseList } from '@courier/contracts';
import { notifyError } from '../../../lib/notify';
import { AUTH_TEXT } from '../auth-messages';
import { errorText } from '../error-text';
import { useLogin } from '../api/login';
import { DatabaseSelect } from './DatabaseSelect';

interface LoginFormProps {
  databases: DatabaseList;
  database: string | null;
  onDatabase: (name: string | null) => void;
  /** Opens the forgotten-password page. */
  onForgot: () => void;
}

/** State passed to /mfa: the code's lifetime from the login answer. */
export interface MfaState {
  otpMinutes?: number;
}

/**
 * Database selector, username and password (spec "access…" §2 Login screen); a wrong login shows
 * 'Authentication Error: {message}', an OTP user without an e-mail 'Multi-factor authentication:
 * OTP authorization is not yet available'. Then the login flow of §4: the OTP step at /mfa, the forced
 * password change (this screen in change mode, on the session's stage), or home.
 */
export function LoginForm({ databases, database, onDatabase, onForgot }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const [databaseError, setDatabaseError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Username is required'),
      password: (v) => (v ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit((values) => {
    if (!database) {
      setDatabaseError('Please choose a database');
      return;
    }
    login.mutate(
      { database, username: values.username.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          switch (answer.stage) {
            case 'otp':
              void navigate('/mfa', { state: { otpMinutes: answer.otp_expire_minutes } satisfies MfaState });
              break;
            case 'password':
              break; // the session's stage puts this screen in change mode
            case 'full':
              void navigate('/home', { replace: true });
              break;
          }
        },
        onError: (error) => {
          const message = errorText(error);
          // The OTP failure of the login call belongs with the other OTP messages (spec "access…" §8).
          notifyError(message === MSG.otpUnavailable ? AUTH_TEXT.mfaTitle : MSG.authError, message);
          form.setFieldValue('password', '');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DatabaseSelect
          databases={databases}
          value={database}
          onChange={(v) => {
            setDatabaseError(null);
            onDatabase(v);
          }}
          error={databaseError}
        />
        <TextInput
          label="Username"
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            Forgotten password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
