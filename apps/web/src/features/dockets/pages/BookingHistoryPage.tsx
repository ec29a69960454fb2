import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@courier/contracts';
import { useSignedIn } from '../../auth/api/session';
import { canOpen } from '../../auth/rights';
import { savedBookingQuery } from '../api/saved-booking';
import { CALLERS, callerOf } from '../booking-paths';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { SavedBookingView } from '../components/SavedBookingView';
import { useBookingLookups } from '../use-booking-lookups';

/**
 * /docket/detailhistory?_id&caller (history right): an existing booking, read-only, with its
 * addresses, barcodes and parcels; 'Load Data' with 'Docket not found' when it is not the user's.
 */
export default function BookingHistoryPage() {
  const session = useSignedIn();
  const [params] = useSearchParams();
  const id = Number(params.get('_id'));
  const caller = callerOf(params.get('caller'));
  const valid = Number.isInteger(id) && id > 0;
  const saved = useQuery({
    ...savedBookingQuery({ _docketId: valid ? id : 0, archive: caller === 'docketArchive' }),
    enabled: valid,
  });
  const lookups = useBookingLookups(canOpen(session, '/docket/detail'));
  if (!valid) return <LoadingBlock error={new Error(MSG.docketNotFound)} />;
  if (!saved.data || !lookups.data) return <LoadingBlock error={saved.error ?? lookups.error} />;
  return <SavedBookingView session={session} saved={saved.data} backTo={CALLERS[caller]} {...lookups.data} />;
}
