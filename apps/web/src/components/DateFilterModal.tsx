import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../hooks/use-opened-once';
import type { DateFilterModalProps } from './DateFilterForm';

export type { DateFilterModalProps, DateRange } from './DateFilterForm';

const DateFilterForm = lazy(() => import('./DateFilterForm'));

/**
 * 'Filter' (spec "bookings…" §2 Booking history, Track and Trace list): dateStart and dateEnd,
 * DD/MM/YYYY. History loads only once both are set. Nothing is drawn or loaded until it first
 * opens: the date pickers (about 20 KB compressed with their styles) are not part of Recent
 * bookings' first load. History, which opens it at once, names its file among its page's preloads.
 */
export function DateFilterModal(props: DateFilterModalProps) {
  return useOpenedOnce(props.opened) ? (
    <Suspense fallback={null}>
      <DateFilterForm {...props} />
    </Suspense>
  ) : null;
}
