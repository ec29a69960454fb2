import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { daysBefore } from '../../lib/dates';
import { settingsOf } from '../settings/settings.repository';
import { writeAudit } from './audit.repository';
import { purgeLogBatch } from './log.repository';

/** How long log entries are kept when config.LogRetentionDays is not set (issue 12 §4). */
export const DEFAULT_LOG_RETENTION_DAYS = 90;
/** Rows deleted per statement. */
const PURGE_BATCH = 5_000;

/** config.LogRetentionDays (1–36,500), else 90. */
export async function logRetentionDaysOf(db: Executor): Promise<number> {
  const v = (await settingsOf(db, 'config')).LogRetentionDays;
  return v && /^\d{1,5}$/.test(v) && Number(v) >= 1 ? Number(v) : DEFAULT_LOG_RETENTION_DAYS;
}

/**
 * Runs `deleteBatch` (deletes up to `batch` rows, answers how many) until a batch comes back short:
 * the number deleted in all. Small batches keep each statement's locks and WAL short.
 */
export async function deleteInBatches(deleteBatch: (batch: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let n = PURGE_BATCH; n === PURGE_BATCH; total += n) n = await deleteBatch(PURGE_BATCH);
  return total;
}

/**
 * Records a purge that deleted anything (`deleted` > 0) as a log entry of the system: the
 * purge's name as its process, and `detail` (what was deleted, the cut-off). Nothing otherwise.
 */
export async function recordPurge(
  db: Executor,
  process: string,
  deleted: number,
  detail: Record<string, unknown>,
): Promise<void> {
  if (deleted > 0) await writeAudit(db, { user: 'system', unit: 'system', process, type: 'info', detail });
}

/**
 * Deletes one tenant's log entries older than its retention (days before `clock.now()`), in batches,
 * and records the purge itself as an entry when it deleted any; the number deleted. Safe to run in
 * several processes at once: a second run finds nothing left to delete.
 */
export async function purgeLog(db: Executor, clock: Clock): Promise<number> {
  const days = await logRetentionDaysOf(db);
  const before = daysBefore(clock.now(), days);
  const total = await deleteInBatches((batch) => purgeLogBatch(db, before, batch));
  await recordPurge(db, 'log purge', total, {
    deleted: total,
    retentionDays: days,
    before: before.toISOString(),
  });
  return total;
}
