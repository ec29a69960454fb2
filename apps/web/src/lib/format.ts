import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { ukParts, type UkParts } from './uk-clock';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Dates show in UK time whatever the browser's zone (ARCHITECTURE: dates). */
export const UK_ZONE = 'Europe/London';

/** What dayjs showed for a date it could not read, kept so that one bad value does not throw. */
const INVALID = 'Invalid Date';

/**
 * An instant (ISO 8601 with its offset) written from its UK wall-clock fields, whatever the
 * browser's zone; 'Invalid Date' when the text is not a date.
 */
function ukFormat(iso: string, write: (p: UkParts) => string): string {
  const date = dayjs(iso);
  if (!date.isValid()) return INVALID;
  return write(ukParts(date.toDate()));
}

/** `DD/MM/YYYY HH:mm` (spec "access…" §5 and §9). */
export const formatDateTime = (iso: string): string =>
  ukFormat(iso, (p) => `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);

/**
 * Pounds with the symbol (£ unless the settings give another), thousands grouped with commas and two
 * decimals: `£1,236.70`, `£-5.00` (spec "bookings…" §9 currency). Written without Intl, whose first
 * formatter of a page loads the locale's data inside the task that draws the rows (uk-clock.ts).
 * Amounts are whole pence (penceToPounds); a fraction of a penny rounds on the number's binary
 * value (1.005 → £1.00, where Intl writes £1.01). What is not a finite amount is left to Intl.
 */
export function formatMoney(pounds: number, symbol = '£'): string {
  if (!Number.isFinite(pounds) || Math.abs(pounds) >= 1e21)
    return `${symbol}${new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(pounds)}`;
  const [whole, pence] = Math.abs(pounds).toFixed(2).split('.');
  const sign = pounds < 0 && Number(`${whole}.${pence}`) !== 0 ? '-' : '';
  return `${symbol}${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
}

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
