import { useSearchParams } from 'react-router';
import { ExistingBooking } from '../components/ExistingBooking';

/**
 * /docket/detailhistory?_id&caller (history right): an existing booking, read-only, with its
 * addresses, barcodes and parcels; 'Docket not found' and back to the list when it is not the user's.
 */
export default function BookingHistoryPage() {
  const [params] = useSearchParams();
  return <ExistingBooking id={params.get('_id') ?? ''} caller={params.get('caller')} />;
}
