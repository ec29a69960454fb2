import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { CALENDAR_LABELS, DATE_TIME_FORMAT } from '../booking-times';

/**
 * Ready or Deadline of an address: a date-time picker showing DD/MM/YYYY HH:mm (spec "bookings…"
 * §9); in a modal on phones, where a drop-down would not fit.
 */
export function BookingDateTime(props: DateTimePickerProps) {
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <DateTimePicker
      valueFormat={DATE_TIME_FORMAT}
      clearable={!props.readOnly}
      dropdownType={compact ? 'modal' : 'popover'}
      placeholder={props.readOnly ? undefined : 'DD/MM/YYYY HH:mm'}
      ariaLabels={CALENDAR_LABELS}
      submitButtonProps={{ 'aria-label': 'Set date and time' }}
      {...props}
    />
  );
}
