import { useNavigate } from 'react-router';
import { storedDocketId } from '../../lib/stored-context';
import { reuseOf, type BookingValues } from './booking-values';

/** State the booking screen is opened with: caller none, and the copied booking for Re-use. */
export interface BookingLocationState {
  caller: 'none';
  reuse?: BookingValues;
}

/** The copied booking a Re-use opened the screen with, if any. */
export const reusedValues = (state: unknown): BookingValues | undefined =>
  (state as BookingLocationState | null)?.reuse;

/**
 * 'New booking' (spec "access…" §2 menus): clears the stored docket id and opens the booking
 * screen with caller none; a new history entry gives the screen a fresh form.
 */
export function useNewBooking(): () => void {
  const navigate = useNavigate();
  return () => {
    storedDocketId.set(null);
    const state: BookingLocationState = { caller: 'none' };
    void navigate('/docket/detail', { state });
  };
}

/** Re-use (spec "bookings…" §4): opens a new booking screen with a copy of `values`. */
export function useReuseBooking(): (values: BookingValues) => void {
  const navigate = useNavigate();
  return (values) => {
    storedDocketId.set(null);
    const state: BookingLocationState = { caller: 'none', reuse: reuseOf(values) };
    void navigate('/docket/detail', { state });
  };
}
