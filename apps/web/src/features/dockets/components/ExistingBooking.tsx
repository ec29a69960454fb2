import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/notify';
import { useSignedIn } from '../../auth';
import { canOpen } from '../../auth';
import { savedBookingQuery } from '../api/saved-booking';
import { CALLERS, callerOf } from '../booking-paths';
import { useBookingLookups } from '../use-booking-lookups';
import { SavedBookingView } from './SavedBookingView';

/** A malformed id is a missing docket, as the server would say. */
const NOT_FOUND = new ApiError(404, 'NOT_FOUND', MSG.docketNotFound);

/** A docket that cannot be opened: 'Load Data' with the server's message, then back to its list. */
function BackToList({ error, to }: { error: Error; to: string }) {
  useEffect(() => notifyApiError('Load Data', error), [error]);
  return <Navigate to={to} replace />;
}

/**
 * The saved booking of `?_id&caller`, read-only, with its addresses, barcodes and parcels. A
 * missing docket (or a malformed id) shows 'Load Data: Docket not found' (spec "access…" §8) and
 * returns to the list it was opened from.
 */
export function ExistingBooking({ id, caller }: { id: string; caller: string | null }) {
  const session = useSignedIn();
  const docketId = Number(id);
  const valid = Number.isInteger(docketId) && docketId > 0;
  const from = callerOf(caller);
  const saved = useQuery({
    ...savedBookingQuery({ _docketId: valid ? docketId : 0, archive: from === 'docketArchive' }),
    enabled: valid,
  });
  const lookups = useBookingLookups(canOpen(session, '/docket/detail'));
  if (!valid) return <BackToList error={NOT_FOUND} to={CALLERS[from]} />;
  if (saved.error) return <BackToList error={saved.error} to={CALLERS[from]} />;
  if (!saved.data || !lookups.data) return <LoadingBlock error={lookups.error} />;
  return <SavedBookingView session={session} saved={saved.data} backTo={CALLERS[from]} {...lookups.data} />;
}
