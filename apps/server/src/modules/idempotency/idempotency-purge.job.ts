import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { daysBefore } from '../../lib/dates';
import { deleteInBatches, recordPurge } from '../audit/log-purge.job';
import { purgeKeysBatch } from './idempotency.repository';

/**
 * Days a stored Idempotency-Key answer is kept: a retry (a lost answer, the driver page's queue
 * sent again after a day without signal) comes well within it; after it the key is unknown and a
 * request that carries it runs as new.
 */
export const IDEMPOTENCY_KEEP_DAYS = 7;

/**
 * Deletes one tenant's stored Idempotency-Key answers older than IDEMPOTENCY_KEEP_DAYS before
 * `clock.now()`, in batches, and logs the purge when it deleted any; the number deleted. Every
 * booking, driver scan, job action and position report sent with a key stores one: without this
 * the table only grows. Safe to run in several processes at once.
 */
export async function purgeIdempotencyKeys(db: Executor, clock: Clock): Promise<number> {
  const before = daysBefore(clock.now(), IDEMPOTENCY_KEEP_DAYS);
  const total = await deleteInBatches((batch) => purgeKeysBatch(db, before, batch));
  await recordPurge(db, 'idempotency key purge', total, {
    deleted: total,
    keptDays: IDEMPOTENCY_KEEP_DAYS,
    before: before.toISOString(),
  });
  return total;
}
