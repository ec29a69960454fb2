/**
 * UK dates (spec "bookings…" §9: every date the portal shows or parses is UK time).
 *
 * One `Intl.DateTimeFormat` for Europe/London, made once and reused. dayjs's timezone plugin made
 * a new ICU formatter for every call (`toLocaleString` with a time zone): under the soak it was 13 %
 * of the server's CPU, formatting export rows and checking booking times.
 */

export const UK_TZ = 'Europe/London';

/** The instant `days` whole days (of 24 hours) before `now`: the cut-off of a retention. */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * 86_400_000);

/** PostgreSQL's timestamptz text in any session zone: date, time, fraction, offset ±HH[:MM[:SS]]. */
const PG_TIMESTAMPTZ =
  /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/;

/**
 * The ISO 8601 UTC text (`2026-11-28T17:17:36.994Z`, milliseconds, as `Date#toISOString`) of a
 * timestamptz as PostgreSQL writes it (DateStyle ISO): `2026-11-28 17:17:36.994+00`, the fraction
 * cut to milliseconds. A UTC session's text is rewritten as it is; another zone's offset is taken
 * off by arithmetic (years below 100 stay themselves, where Date's reading made 0049 into 2049).
 * Parsing into a Date and formatting it again cost the booking list about 0.6 µs a row, 5 % of
 * the server's CPU per page (bench `recent`). Throws RangeError on text that is not such a time
 * (BC, infinity, another DateStyle).
 */
export function isoOfPgTimestamptz(text: string): string {
  const n = text.length;
  if (n >= 22 && n <= 29 && text[10] === ' ' && text[4] === '-' && text.endsWith('+00')) {
    if (n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
    if (text[19] === '.')
      return `${text.slice(0, 10)}T${text.slice(11, 20)}${text.slice(20, Math.min(n - 3, 23)).padEnd(3, '0')}Z`;
  }
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) throw new RangeError(`Not a PostgreSQL timestamptz: ${text.slice(0, 40)}`);
  const [, y, mo, d, h, mi, sec, frac = '', sign, oh, om = '0', os = '0'] = m;
  const utc = new Date(0);
  utc.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  utc.setUTCHours(Number(h), Number(mi), Number(sec), Number(frac.slice(0, 3).padEnd(3, '0')));
  const offsetMs = (Number(oh) * 3600 + Number(om) * 60 + Number(os)) * 1000;
  return new Date(utc.getTime() - (sign === '+' ? offsetMs : -offsetMs)).toISOString();
}

const ukFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'long',
  hourCycle: 'h23',
});

/** The wall-clock fields of a moment in UK time, as 'YYYY', 'MM', 'DD', 'HH', 'mm', and the weekday name. */
export interface UkParts {
  YYYY: string;
  MM: string;
  DD: string;
  HH: string;
  mm: string;
  dddd: string;
}

/** A moment's UK wall-clock fields. */
export function ukParts(d: Date): UkParts {
  const p: Record<string, string> = {};
  for (const { type, value } of ukFormat.formatToParts(d)) p[type] = value;
  return { YYYY: p.year!, MM: p.month!, DD: p.day!, HH: p.hour!, mm: p.minute!, dddd: p.weekday! };
}

/** 'DD/MM/YYYY HH:mm' in UK time; 'DD/MM/YYYY' with `dateOnly`. */
export function formatUk(d: Date, format: 'DD/MM/YYYY HH:mm' | 'DD/MM/YYYY' = 'DD/MM/YYYY HH:mm'): string {
  const p = ukParts(d);
  const day = `${p.DD}/${p.MM}/${p.YYYY}`;
  return format === 'DD/MM/YYYY' ? day : `${day} ${p.HH}:${p.mm}`;
}

/** Minutes UK time is ahead of UTC at a moment (0 in winter, 60 in summer time). */
function ukOffsetMinutes(utcMs: number): number {
  const p = ukParts(new Date(utcMs));
  const wall = Date.UTC(Number(p.YYYY), Number(p.MM) - 1, Number(p.DD), Number(p.HH), Number(p.mm));
  return Math.round((wall - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/**
 * The UK offset (minutes) at each UTC midnight asked for: a day's offset never changes, and asking
 * ICU for it (formatToParts) was half the CPU of log/list's own handler (bench:log profile). Bounded:
 * emptied when it holds 4,096 days.
 */
const midnightOffsets = new Map<number, number>();

/** Midnight UK time of a calendar day (month 1–12; day may overflow into the next month). */
function ukMidnight(year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  // The clocks change at 01:00 UTC, never at UK midnight, so the offset at UTC midnight holds.
  let offset = midnightOffsets.get(utcMidnight);
  if (offset === undefined) {
    if (midnightOffsets.size >= 4096) midnightOffsets.clear();
    offset = ukOffsetMinutes(utcMidnight);
    midnightOffsets.set(utcMidnight, offset);
  }
  return new Date(utcMidnight - offset * 60_000);
}

/** The day, month and year of a real DD/MM/YYYY date, or null. */
function parseDay(value: string): [number, number, number] | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
    ? [day, month, year]
    : null;
}

/** Start of a DD/MM/YYYY day in UK time, or null when not a real date. */
export function ukDayStart(value: string): Date | null {
  const d = parseDay(value);
  return d ? ukMidnight(d[2], d[1], d[0]) : null;
}

/**
 * The last instant whose ISO form has a four-digit year: the day after 31/12/9999 would be written
 * '+010000-…', which PostgreSQL refuses (a 500 for a real date).
 */
const LAST_ISO_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Start of the UK day after a DD/MM/YYYY day (the exclusive end of an inclusive day range); for
 * 31/12/9999, the last instant of that year (LAST_ISO_INSTANT).
 */
export function ukNextDayStart(value: string): Date | null {
  const d = parseDay(value);
  return d ? new Date(Math.min(ukMidnight(d[2], d[1], d[0] + 1).getTime(), LAST_ISO_INSTANT)) : null;
}

/**
 * An inclusive range of DD/MM/YYYY days as UK day bounds: `from` the start of the first day, `to`
 * the start of the day after the last. `fields` names what is wrong (not a date, only one of the
 * two given, the end before the start); the bounds are set only when both days are real dates.
 */
export function ukDayRange(
  dateStart: string | undefined,
  dateEnd: string | undefined,
): { from?: Date; to?: Date; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const from = dateStart ? ukDayStart(dateStart) : undefined;
  const end = dateEnd ? ukDayStart(dateEnd) : undefined;
  if (from === null) fields.dateStart = 'Not a date';
  if (end === null) fields.dateEnd = 'Not a date';
  if (Boolean(dateStart) !== Boolean(dateEnd))
    fields[dateStart ? 'dateEnd' : 'dateStart'] ??= 'Give both dates';
  if (from && end && end < from) fields.dateEnd = 'dateEnd is before dateStart';
  return {
    from: from ?? undefined,
    to: end && dateEnd ? (ukNextDayStart(dateEnd) ?? undefined) : undefined,
    fields,
  };
}

/** Weekday key (sun…sat), name and HH:mm of a moment in UK time. */
export function ukDayAndTime(d: Date): { key: string; name: string; time: string } {
  const p = ukParts(d);
  return { key: p.dddd.slice(0, 3).toLowerCase(), name: p.dddd, time: `${p.HH}:${p.mm}` };
}
