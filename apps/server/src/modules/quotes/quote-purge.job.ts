import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { daysBefore } from '../../lib/dates';
import { recordPurge } from '../audit/log-purge.job';
import { purgeExpiredQuotesPage } from './quotes.repository';

/**
 * Days an expired quote is kept before the nightly purge deletes it. Until then a guest who comes
 * back is told 'Quote Expired'; after, the guid is not found.
 */
export const QUOTE_KEEP_DAYS = 7;
/** Quotes read per statement (the deleted ones among them are at most as many). */
const PAGE = 5_000;

/**
 * Deletes one tenant's quotes that expired more than QUOTE_KEEP_DAYS before `clock.now()` and were
 * never booked or paid for (quotes.repository purgeExpiredQuotesPage), a page at a time, and
 * records the purge as a log entry when it deleted any; the number deleted. Every guest's
 * quote/alltariffs/list stores a quote (issue 11 §1): without this the table grows with every
 * visitor, and with every address an attacker can call from. Safe to run in several processes at
 * once: a second run finds nothing left to delete.
 */
export async function purgeExpiredQuotes(db: Executor, clock: Clock): Promise<number> {
  const before = daysBefore(clock.now(), QUOTE_KEEP_DAYS);
  let total = 0;
  for (let after = 0; ;) {
    const page = await purgeExpiredQuotesPage(db, after, before, PAGE);
    total += page.deleted;
    if (page.last === null || page.allLive) break;
    after = page.last;
  }
  await recordPurge(db, 'quote purge', total, {
    deleted: total,
    keptDays: QUOTE_KEEP_DAYS,
    before: before.toISOString(),
  });
  return total;
}
