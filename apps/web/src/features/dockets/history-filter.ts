import { UK_DATE_PATTERN } from '@courier/contracts/list-sort';
import { storedHistoryDates } from '../../lib/stored-context';
import { ukDaysAgo } from './booking-times';

/** The history's date range, DD/MM/YYYY, both days included (spec "bookings…" §2 Filter modal). */
export interface HistoryDates {
  dateStart: string;
  dateEnd: string;
}

const isUkDate = (value: unknown): value is string =>
  typeof value === 'string' && UK_DATE_PATTERN.test(value);

/** The filter modal's defaults: two days ago through today (spec "bookings…" §2, §9). */
export const defaultHistoryDates = (): HistoryDates => ({ dateStart: ukDaysAgo(2), dateEnd: ukDaysAgo(0) });

/** The dates set earlier in this tab, or null: then History opens the filter modal first. */
export function loadHistoryDates(): HistoryDates | null {
  try {
    const stored: unknown = JSON.parse(storedHistoryDates.get() ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { dateStart, dateEnd } = stored as Record<string, unknown>;
    return isUkDate(dateStart) && isUkDate(dateEnd) ? { dateStart, dateEnd } : null;
  } catch {
    return null;
  }
}

/** Remembers the dates for this tab (back from a booking, the history shows the same days). */
export const saveHistoryDates = (dates: HistoryDates): void => storedHistoryDates.set(JSON.stringify(dates));
