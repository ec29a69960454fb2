import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Ready and deadline are UK times whatever the browser's zone (ARCHITECTURE: dates Europe/London). */
const ZONE = 'Europe/London';
/** The date-time picker's value format: wall time without a zone. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The display format of ready and deadline (spec "bookings…" §9: date-times DD/MM/YYYY HH:mm). */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * A typed 'DD/MM/YYYY HH:mm' as a picker value, or null while it is incomplete or not a real
 * date and time (31/02, 24:00).
 */
export function parseUkDateTime(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy, hh, min] = m;
  const value = `${yyyy}-${mm}-${dd} ${hh}:${min}:00`;
  return dayjs(value).format(PICKER_FORMAT) === value ? value : null;
}

/** A picker value (UK wall time) as the API's ISO date-time with its offset. */
export const pickerToIso = (value: string): string => dayjs.tz(value, ZONE).format();

/** An ISO date-time from the API as a picker value in UK time. */
export const isoToPicker = (iso: string): string => dayjs(iso).tz(ZONE).format(PICKER_FORMAT);

/** Weekday key (sun…sat), weekday name and HH:mm of a picker value. */
export function dayAndTime(value: string): { key: string; name: string; time: string } {
  const t = dayjs(value);
  return { key: t.format('ddd').toLowerCase(), name: t.format('dddd'), time: t.format('HH:mm') };
}

export { CALENDAR_LABELS, DATE_FORMAT, pickerToUkDate, ukDateToPicker, ukDaysAgo } from '../../lib/uk-day';
