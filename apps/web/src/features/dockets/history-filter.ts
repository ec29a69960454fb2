import { z } from 'zod';
import { ukDate } from '@courier/contracts';
import { storedHistoryDates } from '../../lib/stored-context';
import { ukDaysAgo } from './booking-times';

/** The history's date range, DD/MM/YYYY, both days included (spec "bookings…" §2 Filter modal). */
export const historyDates = z.object({ dateStart: ukDate, dateEnd: ukDate });
export type HistoryDates = z.infer<typeof historyDates>;

/** The filter modal's defaults: two days ago through today (spec "bookings…" §2, §9). */
export const defaultHistoryDates = (): HistoryDates => ({ dateStart: ukDaysAgo(2), dateEnd: ukDaysAgo(0) });

/** The dates set earlier in this tab, or null: then History opens the filter modal first. */
export function loadHistoryDates(): HistoryDates | null {
  try {
    const parsed = historyDates.safeParse(JSON.parse(storedHistoryDates.get() ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers the dates for this tab (back from a booking, the history shows the same days). */
export const saveHistoryDates = (dates: HistoryDates): void => storedHistoryDates.set(JSON.stringify(dates));
