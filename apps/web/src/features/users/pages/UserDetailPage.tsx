import { useLocation, useSearchParams } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import type { UserSession } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { useSignedIn } from '../../auth';
import { linksQuery, userQuery } from '../api/user-detail';
import { MyAccountForm } from '../components/MyAccountForm';
import { UserAdminForm } from '../components/UserAdminForm';
import { emptyUser, valuesOfUser, type UserFormValues } from '../user-form';

/** An existing user (state existing): the user and its three kinds of links; 'Load Data' when a load fails. */
function ExistingUser({ session, ausrId }: { session: UserSession; ausrId: number }) {
  const user = useQuery(userQuery(ausrId));
  const [accounts, circuits, reports] = useQueries({
    queries: [linksQuery('accounts', ausrId), linksQuery('circuits', ausrId), linksQuery('reports', ausrId)],
  });
  if (!user.data || !accounts.data || !circuits.data || !reports.data)
    return <LoadingBlock error={user.error ?? accounts.error ?? circuits.error ?? reports.error} />;
  const initial = valuesOfUser(user.data, {
    accounts: accounts.data,
    circuits: circuits.data,
    reports: reports.data,
  });
  return <UserAdminForm session={session} initial={initial} />;
}

/** My Account (state current): the caller's own record and linked accounts. */
function MyAccount({ session }: { session: UserSession }) {
  const id = session.user.ausr_id;
  const user = useQuery(userQuery(id));
  const accounts = useQuery(linksQuery('accounts', id));
  if (!user.data || !accounts.data) return <LoadingBlock error={user.error ?? accounts.error} />;
  const initial = valuesOfUser(user.data, { accounts: accounts.data, circuits: [], reports: [] });
  return <MyAccountForm session={session} initial={initial} accounts={accounts.data} />;
}

/**
 * /user/detail?_id&state (spec "bookings…" §2 User detail and My Account, §4): state current, or
 * any state for a user without the admin right, is My Account; otherwise an administrator's
 * detail of user `_id` (state existing) or a new one (state new, possibly a clone carried in the
 * navigation state). A new location remounts the form.
 */
export default function UserDetailPage() {
  const [params] = useSearchParams();
  const { key, state } = useLocation() as { key: string; state: { clone?: UserFormValues } | null };
  const session = useSignedIn();
  const id = Number(params.get('_id'));
  const admin = session.rights.includes('admin');
  if (params.get('state') === 'current' || !admin)
    return (
      <Stack gap={0}>
        <PageTitle>My Account</PageTitle>
        <MyAccount key={key} session={session} />
      </Stack>
    );
  const existing = params.get('state') !== 'new' && Number.isInteger(id) && id > 0;
  return (
    <Stack gap={0}>
      <PageTitle>{existing ? 'User Detail' : 'New User'}</PageTitle>
      {existing ? (
        <ExistingUser key={key} session={session} ausrId={id} />
      ) : (
        <UserAdminForm key={key} session={session} initial={state?.clone ?? emptyUser()} />
      )}
    </Stack>
  );
}
