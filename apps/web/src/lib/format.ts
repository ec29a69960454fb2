import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Dates show in UK time whatever the browser's zone (ARCHITECTURE: dates). */
export const UK_ZONE = 'Europe/London';
const ZONE = UK_ZONE;

/** `DD/MM/YYYY HH:mm` (spec "access…" §5 and §9). */
export const formatDateTime = (iso: string): string => dayjs(iso).tz(ZONE).format('DD/MM/YYYY HH:mm');

const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Pounds with the symbol (£ unless the settings give another) and two decimals: `£236.70` (spec "bookings…" §9 currency). */
export const formatMoney = (pounds: number, symbol = '£'): string => `${symbol}${money.format(pounds)}`;

/** Miles with one decimal: `195.3 miles`. */
export const formatMiles = (miles: number): string => `${miles.toFixed(1)} miles`;

/** Control-room dates: `DD/MM HH:mm` (spec "access…" §2 Control screen, §9). */
export const formatControlDate = (iso: string): string => dayjs(iso).tz(ZONE).format('DD/MM HH:mm');

/** Log times: `HH:mm:ss` within the chosen day, `DD/MM/YYYY HH:mm:ss` on the detail screen. */
export const formatLogTime = (iso: string, withDay = false): string =>
  dayjs(iso)
    .tz(ZONE)
    .format(withDay ? 'DD/MM/YYYY HH:mm:ss' : 'HH:mm:ss');
