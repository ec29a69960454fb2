import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail, IconUser } from '@tabler/icons-react';
import type { DatabaseList } from '@courier/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AUTH_TEXT } from '../auth-messages';
import { errorText } from '../error-text';
import { useForgotPassword } from '../api/password-forgot';
import { DatabaseSelect } from './DatabaseSelect';

interface ForgotFormProps {
  databases: DatabaseList;
  database: string | null;
  onDatabase: (name: string | null) => void;
  /** Back to the login page (after the mail is asked for, or on 'Back to login'). */
  onDone: () => void;
}

/**
 * The forgotten-password page of the login screen (spec "access…" §4 forgotten state): the username
 * on the chosen database; the reset mail is asked for, 'Check your email account for a reset
 * password mail' is shown and the page returns to login. Failures: 'Send Reset Failed: {message}'.
 */
export function ForgotForm({ databases, database, onDatabase, onDone }: ForgotFormProps) {
  const forgot = useForgotPassword();
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<{ username?: string; database?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      username: username.trim() ? undefined : 'Username is required',
      database: database ? undefined : 'Please choose a database',
    };
    setErrors(next);
    if (next.username || next.database || !database) return;
    forgot.mutate(
      { database, username: username.trim() },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onDone();
        },
        onError: (error) => notifyError(AUTH_TEXT.sendResetFailed, errorText(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DatabaseSelect
          databases={databases}
          value={database}
          onChange={(v) => {
            setErrors((x) => ({ ...x, database: undefined }));
            onDatabase(v);
          }}
          error={errors.database}
        />
        <TextInput
          label="Username"
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
          autoFocus
        />
        <Button type="submit" fullWidth loading={forgot.isPending} leftSection={<IconMail size={16} />}>
          Send reset mail
        </Button>
        <Button variant="subtle" fullWidth leftSection={<IconArrowLeft size={16} />} onClick={onDone}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
