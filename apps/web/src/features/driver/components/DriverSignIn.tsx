import { useRef, useState } from 'react';
import { Button, Center, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DRIVER_MSG } from '@courier/contracts';
import { useGuestDatabase } from '../../auth';
import { ApiError } from '../../../lib/api-client';
import { driverLogin } from '../api/driver-api';

interface DriverSignInProps {
  onSignedIn: () => void;
}

/**
 * The driver's sign-in (issue 10 §2): database (when there are several), driver code and the PIN
 * the control room set. A refusal shows the server's message under the form, with focus back in
 * the PIN, selected for typing again (Sign in's wait had taken the focus from the button).
 */
export function DriverSignIn({ onSignedIn }: DriverSignInProps) {
  const guest = useGuestDatabase({ fallbackToFirst: true });
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinField = useRef<HTMLInputElement>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!guest.database) return;
    setBusy(true);
    setError(null);
    try {
      await driverLogin({ database: guest.database.name, drv_driver: code.trim(), pin });
      onSignedIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The connection failed, please try again');
      pinField.current?.focus();
      pinField.current?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="md" p="lg" w="100%" maw={420}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <Title order={1} fz={22}>
              {DRIVER_MSG.signIn}
            </Title>
            {/* The phone's own picker; hidden when there is one database (spec "access…" §2 login). */}
            {guest.databases.length > 1 && (
              <NativeSelect
                label="Database"
                data={guest.databases.map((d) => d.name)}
                value={guest.database?.name ?? ''}
                onChange={(e) => guest.choose(e.currentTarget.value)}
              />
            )}
            <TextInput
              label="Driver code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoCapitalize="characters"
              autoComplete="username"
              required
              maxLength={10}
            />
            {/* A plain password field: Mantine's PasswordInput would leave the login page's chunk. */}
            <TextInput
              type="password"
              label="PIN"
              ref={pinField}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              inputMode="numeric"
              autoComplete="current-password"
              required
              maxLength={12}
            />
            {error && (
              <Text c="red.8" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" size="md" loading={busy} disabled={!guest.database}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
