import { useSearchParams } from 'react-router';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PageTitle } from '../../../components/PageTitle';
import { usePasswordPolicy } from '../../auth/api/password-policy';
import { useSession } from '../../auth/api/session';
import { useGuestDatabase } from '../../auth/use-guest-tenant';
import { RegisterForm } from '../components/RegisterForm';
import { namesBooking, readRegisterParams } from '../register-params';

/** The server's word for a link that names no usable booking. */
const NO_BOOKING = 'This booking cannot be used to register';

/** The database to register on: the signed-in tenant, else the one chosen at login, else the first. */
function useRegisterDatabase(): string | null {
  const { session } = useSession();
  const guest = useGuestDatabase({ fallbackToFirst: true, enabled: !session });
  return session?.tenant.name ?? guest.database?.name ?? null;
}

/**
 * /register (spec "access…" §2 Register screen, "bookings…" §4 quote wizard Register): heading
 * 'Register as a new user', reached from a booking with dck_id, dck_email, dck_contact,
 * dck_telephone and its tracking_reference as query parameters.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const booking = readRegisterParams(params);
  const database = useRegisterDatabase();
  const policy = usePasswordPolicy(database);

  return (
    <Stack maw={960}>
      <PageTitle>Register as a new user</PageTitle>
      {namesBooking(booking) ? (
        <Paper withBorder p="md">
          <Text size="sm">
            Registering from booking <b>{booking.tracking_reference}</b>
            {booking.dck_contact && ` for ${booking.dck_contact}`}
            {booking.dck_email && ` (${booking.dck_email})`}. Choose a username and a password to sign in
            with.
          </Text>
        </Paper>
      ) : (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Register Error">
          {NO_BOOKING}
        </Alert>
      )}
      {database && booking.dck_id !== null && namesBooking(booking) && (
        <RegisterForm database={database} booking={{ ...booking, dck_id: booking.dck_id }} policy={policy} />
      )}
    </Stack>
  );
}
