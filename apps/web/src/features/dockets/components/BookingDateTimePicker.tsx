import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { CALENDAR_LABELS, DATE_TIME_FORMAT, parseUkDateTime } from '../booking-times';

/**
 * Ready or Deadline of an address: a text input taking a typed DD/MM/YYYY HH:mm (spec "bookings…"
 * §9), with a calendar to pick the day. Only a complete, real date-time changes the value; on
 * leaving the field an incomplete entry falls back to the last good value. Loaded on its own
 * (BookingDateTime): the calendar and its styles are not part of the booking screen's first load.
 */
export default function BookingDateTimePicker(props: DateInputProps) {
  return (
    <DateInput
      withTime
      valueFormat={DATE_TIME_FORMAT}
      dateParser={parseUkDateTime}
      clearable={!props.readOnly}
      placeholder={props.readOnly ? undefined : DATE_TIME_FORMAT}
      ariaLabels={CALENDAR_LABELS}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
