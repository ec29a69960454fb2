import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { CALENDAR_LABELS, DATE_TIME_FORMAT, parseUkDateTime } from '../booking-times';

/**
 * Ready or Deadline of an address: a text input taking a typed DD/MM/YYYY HH:mm (spec "bookings…"
 * §9), with a calendar to pick the day. Only a complete, real date-time changes the value; on
 * leaving the field an incomplete entry falls back to the last good value.
 */
export function BookingDateTime(props: DateInputProps) {
  return (
    <DateInput
      withTime
      valueFormat={DATE_TIME_FORMAT}
      dateParser={parseUkDateTime}
      clearable={!props.readOnly}
      placeholder={props.readOnly ? undefined : 'DD/MM/YYYY HH:mm'}
      ariaLabels={CALENDAR_LABELS}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
