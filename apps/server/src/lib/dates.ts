import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Every date the portal shows or parses is UK time (spec "bookings…" §9). */
export const UK_TZ = 'Europe/London';

/** 'DD/MM/YYYY HH:mm' in UK time. */
export const formatUk = (d: Date, format = 'DD/MM/YYYY HH:mm'): string => dayjs(d).tz(UK_TZ).format(format);

/** Start of a DD/MM/YYYY day in UK time, or null when not a real date. */
export function ukDayStart(value: string): Date | null {
  const d = dayjs.tz(value, 'DD/MM/YYYY', UK_TZ);
  return d.isValid() && d.format('DD/MM/YYYY') === value ? d.toDate() : null;
}

/** Weekday key (sun…sat), name and HH:mm of a moment in UK time. */
export function ukDayAndTime(d: Date): { key: string; name: string; time: string } {
  const t = dayjs(d).tz(UK_TZ);
  return { key: t.format('ddd').toLowerCase(), name: t.format('dddd'), time: t.format('HH:mm') };
}

/** Start of the UK day after a DD/MM/YYYY day (the exclusive end of an inclusive day range). */
export function ukNextDayStart(value: string): Date | null {
  const start = ukDayStart(value);
  return start ? dayjs.tz(value, 'DD/MM/YYYY', UK_TZ).add(1, 'day').toDate() : null;
}
