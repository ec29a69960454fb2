import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { whenIdle } from './idle';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Dates show in UK time whatever the browser's zone (ARCHITECTURE: dates). */
export const UK_ZONE = 'Europe/London';
const ZONE = UK_ZONE;

/** A UK wall-clock time's fields, two digits each but the four-digit year. */
interface UkParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

// One formatter for every date shown, made on first use. dayjs's tz() builds a new one per call
// (Date.toLocaleString with a time zone): 20 list rows cost a long task on a slow phone.
let ukClock: Intl.DateTimeFormat | undefined;

/** The UK clock's formatter, made on first use. */
const clock = (): Intl.DateTimeFormat =>
  (ukClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/**
 * Makes the UK clock's formatter while the browser is idle (a screen waiting for its rows), unless
 * a date has already been shown. The browser's first date formatter loads its calendar data: 20 to
 * 70 ms measured on this machine, four times that on a phone, paid otherwise inside the task that
 * draws a list's first rows.
 */
export function prepareUkDates(): void {
  if (!ukClock) whenIdle(() => void clock());
}

/** What dayjs showed for a date it could not read, kept so that one bad value does not throw. */
const INVALID = 'Invalid Date';

/**
 * An instant (ISO 8601 with its offset) written from its UK wall-clock fields, whatever the
 * browser's zone; 'Invalid Date' when the text is not a date.
 */
function ukFormat(iso: string, write: (p: UkParts) => string): string {
  const date = dayjs(iso);
  if (!date.isValid()) return INVALID;
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const { type, value } of clock().formatToParts(date.toDate()))
    if (type in parts) parts[type as keyof UkParts] = value;
  return write(parts);
}

/** `DD/MM/YYYY HH:mm` (spec "access…" §5 and §9). */
export const formatDateTime = (iso: string): string =>
  ukFormat(iso, (p) => `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);

// Made on first use: building a NumberFormat loads the locale's data, a long task on a slow phone
// that every screen importing this module would otherwise pay while it starts.
let money: Intl.NumberFormat | undefined;

/** Pounds with the symbol (£ unless the settings give another) and two decimals: `£236.70` (spec "bookings…" §9 currency). */
export const formatMoney = (pounds: number, symbol = '£'): string =>
  `${symbol}${(money ??= new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(pounds)}`;

/** Miles with one decimal: `195.3 miles`. */
export const formatMiles = (miles: number): string => `${miles.toFixed(1)} miles`;

/** Control-room dates: `DD/MM HH:mm` (spec "access…" §2 Control screen, §9). */
export const formatControlDate = (iso: string): string =>
  ukFormat(iso, (p) => `${p.day}/${p.month} ${p.hour}:${p.minute}`);

/** Log times: `HH:mm:ss` within the chosen day, `DD/MM/YYYY HH:mm:ss` on the detail screen. */
export const formatLogTime = (iso: string, withDay = false): string =>
  ukFormat(iso, (p) => {
    const time = `${p.hour}:${p.minute}:${p.second}`;
    return withDay ? `${p.day}/${p.month}/${p.year} ${time}` : time;
  });
