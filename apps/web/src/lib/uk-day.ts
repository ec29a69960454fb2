import dayjs from 'dayjs';
import { ukParts } from './uk-clock';

/**
 * UK days for the date filters (booking history, the log viewer): DD/MM/YYYY as the API takes it,
 * and the date picker's 'YYYY-MM-DD'.
 */

/** The list filters' date format (spec "bookings…" §9: DD/MM/YYYY). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** The UK day `days` before today (or before `now`'s UK day), DD/MM/YYYY; no Intl (uk-clock.ts). */
export function ukDaysAgo(days: number, now = new Date()): string {
  const today = ukParts(now);
  return dayjs(`${today.year}-${today.month}-${today.day}`).subtract(days, 'day').format(DATE_FORMAT);
}

/** DD/MM/YYYY → the date picker's 'YYYY-MM-DD'. */
export const ukDateToPicker = (value: string): string => value.split('/').reverse().join('-');

/** The date picker's 'YYYY-MM-DD' → DD/MM/YYYY. */
export const pickerToUkDate = (value: string): string => value.slice(0, 10).split('-').reverse().join('/');

/** Names of the calendars' month, year and decade controls for assistive technology. */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * Every day from `first` to `last` (DD/MM/YYYY, both included), in order; [] when either does not
 * read as a day, `last` is before `first` or the span is longer than `max` days.
 */
export function ukDaysBetween(first: string, last: string, max = 400): string[] {
  const pattern = /^\d{2}\/\d{2}\/\d{4}$/;
  if (!pattern.test(first) || !pattern.test(last)) return [];
  // Calendar days in UTC: no clock change on the way, whatever the browser's time zone.
  const start = dayjs.utc(ukDateToPicker(first));
  const span = dayjs.utc(ukDateToPicker(last)).diff(start, 'day');
  if (!start.isValid() || !(span >= 0) || span >= max) return [];
  return Array.from({ length: span + 1 }, (_, i) => start.add(i, 'day').format(DATE_FORMAT));
}
