import { Link, useParams } from 'react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { USER_MSG } from '@courier/contracts';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { useTenantTheme } from '../../../lib/tenant-theme';
import { databaseOfResetToken, errorText, LoginCard, useGuestTenant } from '../../auth';
import { useEmailConfirm } from '../api/email-confirm';

/**
 * /email/confirm/{token} (beyond the spec; public): the page of the link My Account mails to a new
 * e-mail address. 'Confirm my new e-mail address' makes it the account's e-mail (a button, not on
 * load, so that a mail scanner opening the link changes nothing); then 'Your e-mail address has
 * been changed' with the address, or the server's message ('This confirmation link is invalid or
 * has expired'). In the theme of the database the token names.
 */
export default function EmailConfirmPage() {
  const { token = '' } = useParams();
  const guest = useGuestTenant({ prefer: databaseOfResetToken(token) });
  const { tenant } = useTenantTheme();
  const confirm = useEmailConfirm();
  if (guest.isPending) return <FullPageLoader />;
  return (
    <LoginCard
      tenant={guest.database?.theme ?? tenant}
      title="Confirm e-mail address"
      subtitle="Use this address for your account's mail, one-time codes and password resets"
    >
      <Stack>
        {confirm.isSuccess ? (
          <Alert color="green" title={confirm.data.message} role="status">
            Mail for your account now goes to {confirm.data.ausr_email}.
          </Alert>
        ) : (
          <>
            {confirm.isError && (
              <Alert color="red" title={USER_MSG.emailLinkInvalid} role="alert">
                {errorText(confirm.error)}
              </Alert>
            )}
            <Button
              onClick={() => confirm.mutate(token)}
              loading={confirm.isPending}
              disabled={confirm.isError}
            >
              Confirm my new e-mail address
            </Button>
          </>
        )}
        <Text ta="center" size="sm">
          <Link to="/login">Back to sign in</Link>
        </Text>
      </Stack>
    </LoginCard>
  );
}
