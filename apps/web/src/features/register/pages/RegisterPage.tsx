import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { usePasswordPolicy } from '../../auth';
import { useSession } from '../../auth';
import { useGuestDatabase } from '../../auth';
import { registerCheckQuery } from '../api/register';
import { REGISTER_ERROR, RegisterForm } from '../components/RegisterForm';
import { completeLink, readRegisterParams } from '../register-params';

/** The database to register on: the link's, else the signed-in tenant, else the one chosen at login. */
function useRegisterDatabase(linkDatabase: string): string | null {
  const { session } = useSession();
  const guest = useGuestDatabase({ fallbackToFirst: true, enabled: !session && !linkDatabase });
  return linkDatabase || session?.tenant.name || guest.database?.name || null;
}

/** 'Register Error' with the server's one message for a link that cannot be used. */
const RefusedLink = () => (
  <Alert color="red" icon={<IconAlertTriangle size={18} />} title={REGISTER_ERROR}>
    {MSG.registerLinkInvalid}
  </Alert>
);

/**
 * /register (spec "access…" §2 Register screen, "bookings…" §4 quote wizard Register): heading
 * 'Register as a new user', opened from the link of a booking confirmation mail (database, dck_id,
 * dck_email, dck_contact, dck_telephone and the single-use token). The link is checked first, so a
 * used or invalid one is said before anything is typed.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const link = readRegisterParams(params);
  const database = useRegisterDatabase(link.database);
  const policy = usePasswordPolicy(database);
  const ready = completeLink(link) && !!database;
  const check = useQuery({
    ...registerCheckQuery(database ?? '', link.dck_id ?? 0, link.token),
    enabled: ready,
  });

  const usable = ready && check.data?.valid === true;
  return (
    <Stack maw={960}>
      <PageTitle>Register as a new user</PageTitle>
      {ready && !check.data ? (
        <LoadingBlock error={check.error} />
      ) : usable ? (
        <>
          <Paper withBorder p="md">
            <Text size="sm">
              Registering from booking confirmation
              {link.dck_contact && ` for ${link.dck_contact}`}
              {link.dck_email && ` (${link.dck_email})`}. Choose a username and a password to sign in with;
              you will see this booking and the ones you make.
            </Text>
          </Paper>
          <RegisterForm database={database} link={{ ...link, dck_id: link.dck_id! }} policy={policy} />
        </>
      ) : (
        <RefusedLink />
      )}
    </Stack>
  );
}
