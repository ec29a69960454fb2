import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { useTenantTheme } from '../../../lib/tenant-theme';
import { usePasswordPolicy } from '../api/password-policy';
import { databaseOfResetToken } from '../api/password-reset';
import { useSession } from '../api/session';
import { useGuestTenant } from '../use-guest-tenant';
import { ForgotForm } from '../components/ForgotForm';
import { GuestButton } from '../components/GuestButton';
import { LoginCard } from '../components/LoginCard';
import { LoginForm } from '../components/LoginForm';

// The password pages (a reset link, a forced change) load when shown: their form validation
// (zod) and strength meter stay out of the sign-in page's first load.
const ResetPassword = lazy(() =>
  import('../components/ResetPassword').then((m) => ({ default: m.ResetPassword })),
);
const ForcedChange = lazy(() =>
  import('../components/ForcedChange').then((m) => ({ default: m.ForcedChange })),
);

/** The pages of the login screen this component shows (the mfa page has its own route, /mfa). */
type Page = 'login' | 'forgotten' | 'reset' | 'change';

const TITLES: Record<Page, string | undefined> = {
  login: undefined,
  forgotten: 'Forgotten password',
  reset: 'Change password',
  change: 'Change password',
};

const SUBTITLES: Record<Page, string> = {
  login: 'Sign in to book and track your deliveries',
  forgotten: 'Enter your username and we will mail you a link to choose a new password',
  reset: 'Choose a new password for your account',
  change: 'Your password has expired, please choose a new one',
};

/**
 * The login screen, /login and /reset/{token} (spec "access…" §2 Login screen, §4 login flow): the
 * chosen database's theme, the login form with 'Forgotten password?', the guest button where guest
 * access is allowed, and the version text. A reset token opens it in change mode; so does a login
 * waiting at the forced password change. A login waiting for its code goes to /mfa.
 */
export default function LoginPage() {
  const { token } = useParams();
  const { session, pending } = useSession();
  const { tenant } = useTenantTheme();
  const [forgotten, setForgotten] = useState(false);
  const resetDatabase = token ? databaseOfResetToken(token) : null;
  const guest = useGuestTenant({ prefer: resetDatabase ?? pending?.tenant.name });
  const databaseName = guest.database?.name ?? null;
  const policy = usePasswordPolicy(resetDatabase ?? pending?.tenant.name ?? databaseName);

  if (!token) {
    if (session) return <Navigate to="/home" replace />;
    if (pending?.stage === 'otp') return <Navigate to="/mfa" replace />;
  }
  if (guest.isPending) return <FullPageLoader />;

  const page: Page = token
    ? 'reset'
    : pending?.stage === 'password'
      ? 'change'
      : forgotten
        ? 'forgotten'
        : 'login';

  return (
    <LoginCard tenant={guest.database?.theme ?? tenant} title={TITLES[page]} subtitle={SUBTITLES[page]}>
      <Suspense fallback={<FullPageLoader />}>
        {page === 'reset' && token && <ResetPassword token={token} policy={policy} />}
        {page === 'change' && pending?.stage === 'password' && (
          <ForcedChange pending={pending} policy={policy} />
        )}
      </Suspense>
      {page === 'forgotten' && (
        <ForgotForm
          databases={guest.databases}
          database={databaseName}
          onDatabase={guest.choose}
          onDone={() => setForgotten(false)}
        />
      )}
      {page === 'login' && (
        <Stack gap="lg">
          <LoginForm
            databases={guest.databases}
            database={databaseName}
            onDatabase={guest.choose}
            onForgot={() => setForgotten(true)}
          />
          <GuestButton database={databaseName} />
        </Stack>
      )}
    </LoginCard>
  );
}
