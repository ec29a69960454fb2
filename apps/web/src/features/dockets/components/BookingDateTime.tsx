import { lazy, Suspense } from 'react';
import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../booking-times';

const loadPicker = () => import('./BookingDateTimePicker');
const Picker = lazy(loadPicker);

/**
 * Starts loading the date-time picker: the booking screen does once it has drawn its top, so that
 * the addresses, drawn a few paints later, find it there.
 */
export const preloadBookingDateTime = (): void => void loadPicker().catch(() => undefined);

/**
 * Ready or Deadline of an address (BookingDateTimePicker: typed DD/MM/YYYY HH:mm or the calendar,
 * spec "bookings…" §9). The calendar and its styles (about 17 KB compressed) load on their own;
 * until they have, the same field shows its value, not yet editable.
 */
export function BookingDateTime(props: DateInputProps) {
  return (
    <Suspense fallback={<WhileLoading {...props} />}>
      <Picker {...props} />
    </Suspense>
  );
}

/** The field as the picker draws it, read-only, for the moment the picker's code is on its way. */
function WhileLoading({ label, value, readOnly, variant, error }: DateInputProps) {
  return (
    <TextInput
      label={label}
      value={value ? dayjs(value).format(DATE_TIME_FORMAT) : ''}
      placeholder={readOnly ? undefined : DATE_TIME_FORMAT}
      variant={variant}
      error={error}
      readOnly
      // Looks like the editable field it stands in for, not like a read-only one (a11y.css).
      data-standin={readOnly ? undefined : true}
    />
  );
}
