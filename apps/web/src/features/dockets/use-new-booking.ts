import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { modals } from '@mantine/modals';
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

/** Whether the open booking screen holds entered data that is not saved; null with no form open. */
let unsaved: (() => boolean) | null = null;

/** The booking form tells 'New booking' whether it holds entered data, for as long as it is open. */
export function useUnsavedBooking(check: () => boolean): void {
  useEffect(() => {
    unsaved = check;
    return () => {
      if (unsaved === check) unsaved = null;
    };
  });
}

/**
 * 'New booking' (spec "access…" §2 menus): clears the stored docket id and opens the booking
 * screen with caller none; a new history entry gives the screen a fresh form. Over a booking being
 * entered it asks first (the spec words no question: this one is ours), and Cancel keeps the form.
 */
export function useNewBooking(): () => void {
  const navigate = useNavigate();
  const start = () => {
    storedDocketId.set(null);
    const state: BookingLocationState = { caller: 'none' };
    void navigate('/docket/detail', { state });
  };
  return () => {
    if (!unsaved?.()) return start();
    modals.openConfirmModal({
      title: 'New booking',
      children: 'Clear the booking you have entered and start a new one?',
      labels: { confirm: 'Start new booking', cancel: 'Keep editing' },
      // Enter on the question keeps the form: wiping it takes a deliberate choice.
      cancelProps: { 'data-autofocus': true },
      onConfirm: start,
    });
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
