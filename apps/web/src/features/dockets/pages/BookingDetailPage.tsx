import { lazy, Suspense, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { UserSession } from '@courier/contracts';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { MSG } from '@courier/contracts';
import { notifyError } from '../../../lib/notify';
import { useSignedIn } from '../../auth';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { NewBookingForm } from '../components/NewBookingForm';
import { prefetchBookingRules, useBookingRulesSettled } from '../booking-rules';
import { prefetchBookingLookups, useBookingLookups } from '../use-booking-lookups';
import { reusedValues } from '../use-new-booking';

/** A saved booking (`_id`): its view and its calls' schemas load only when one is opened. */
const loadExistingBooking = () => import('../components/ExistingBooking');
const ExistingBooking = lazy(() => loadExistingBooking().then((m) => ({ default: m.ExistingBooking })));

/** The default account is missing or on hold: home with the spec's message (spec "access…" §5). */
function DefaultAccountUnavailable() {
  useEffect(() => notifyError('Booking', MSG.defaultAccountUnavailable), []);
  return <Navigate to="/home" replace />;
}

/** Loads the accounts, lookups and the default account's booking rules together, checks the default account, then shows the booking form. */
function BookingDetail({ reused }: { reused: ReturnType<typeof reusedValues> }) {
  const session = useSignedIn();
  const { data, error } = useBookingLookups(true);
  const rulesRead = useBookingRulesSettled(session.user.ausr_cust_id);
  if (!data || !rulesRead) return <LoadingBlock error={error} />;
  const defaultAccount = data.accounts.find((a) => a.cust_id === session.user.ausr_cust_id);
  if (!defaultAccount) return <DefaultAccountUnavailable />;
  return <NewBookingForm session={session} defaultAccount={defaultAccount} reused={reused} {...data} />;
}

/**
 * The warm-up of a new booking (app/router PageWarm): the lists and the default account's rules
 * BookingDetail waits for, asked for while the screen still loads; for an existing booking, its view's code.
 */
export function warm(queryClient: QueryClient, session: UserSession, search: URLSearchParams): void {
  if (search.has('_id')) {
    void loadExistingBooking();
    return;
  }
  prefetchBookingLookups(queryClient, true);
  prefetchBookingRules(queryClient, session.user.ausr_cust_id);
}

/**
 * /docket/detail (booking right): with `_id` (and `caller`) that booking, read-only, or 'Docket not
 * found' and back to the list (spec "bookings…" §2 routes, §8); otherwise each 'New booking' or
 * Re-use opens a fresh form (spec "access…" §2 menus, "bookings…" §4 Re-use copies the booking).
 */
export default function BookingDetailPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const id = params.get('_id');
  if (id !== null)
    return (
      <Suspense fallback={<LoadingBlock error={null} />}>
        <ExistingBooking key={location.key} id={id} caller={params.get('caller')} />
      </Suspense>
    );
  return <BookingDetail key={location.key} reused={reusedValues(location.state)} />;
}
