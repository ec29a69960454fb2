/**
 * UK wall-clock time of an instant without Intl (ARCHITECTURE: dates show in Europe/London). The
 * browser's first Intl formatter of a page loads its locale and time-zone data: 20–60 ms measured
 * in Chromium here, four times that on a phone, paid inside the task that draws a list's first rows
 * (Lighthouse's mobile total blocking time). The UK's rule is short and fixed in law since 1996 (the
 * Summer Time Order 2002 keeps it): British Summer Time, GMT + 1, from 01:00 GMT on the last Sunday
 * of March to 01:00 GMT on the last Sunday of October. Earlier years, whose rules differed, are
 * left to Intl. uk-clock.test.ts checks 1996–2045 against Intl's time-zone data (every 7 hours, and
 * every quarter hour around each change). A change in UK law must be made here: it would not arrive
 * with the browser's time-zone data.
 */

const HOUR_MS = 3_600_000;
/** The first year of the rule above (before it, October's change fell on other Sundays). */
const RULE_SINCE = 1996;

/** A UK wall-clock time's fields, two digits each but the four-digit year. */
export interface UkParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** 01:00 GMT on the last Sunday of `month` (0 = January) of `year`, ms since the epoch. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/** The UK's offset from UTC at `ms` (since the epoch), from RULE_SINCE on: 1 h in summer time, else 0. */
function ukOffsetMs(ms: number, year: number): number {
  return ms >= lastSundayOneAm(year, 2) && ms < lastSundayOneAm(year, 9) ? HOUR_MS : 0;
}

const two = (n: number) => String(n).padStart(2, '0');

// Years before the rule: Intl's data, made on first use only.
let older: Intl.DateTimeFormat | undefined;

/** The UK wall-clock fields as Intl's time-zone data gives them (years before the rule; tests). */
export function intlUkParts(date: Date): UkParts {
  older ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts: UkParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const { type, value } of older.formatToParts(date))
    if (type in parts) parts[type as keyof UkParts] = value;
  return parts;
}

/** The UK wall-clock fields of a valid instant (a Date that is not Invalid Date). */
export function ukParts(date: Date): UkParts {
  const ms = date.getTime();
  const year = date.getUTCFullYear();
  if (year < RULE_SINCE) return intlUkParts(date);
  const uk = new Date(ms + ukOffsetMs(ms, year));
  return {
    year: String(uk.getUTCFullYear()),
    month: two(uk.getUTCMonth() + 1),
    day: two(uk.getUTCDate()),
    hour: two(uk.getUTCHours()),
    minute: two(uk.getUTCMinutes()),
    second: two(uk.getUTCSeconds()),
  };
}
