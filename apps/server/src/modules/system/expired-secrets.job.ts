import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { daysBefore } from '../../lib/dates';
import { deleteInBatches, recordPurge } from '../audit/log-purge.job';
import { EXPIRING_TABLES, purgeExpiredBatch, type ExpiringTable } from './expired-secrets.repository';

/**
 * Days an expired session, one-time code or link is kept before the nightly purge deletes it:
 * until then it is refused as expired (with the message that says so), after, as unknown.
 */
export const SECRET_KEEP_DAYS = 30;

/**
 * Deletes one tenant's sessions, one-time codes, reset links, e-mail change links and driver
 * sessions that expired more than SECRET_KEEP_DAYS before `clock.now()` (expired-secrets.repository),
 * in batches, and logs the purge with the count per table when it deleted any; the number deleted.
 * A public 'forgot password' stores a link per call, and every sign-in a session: without this
 * those tables only grow. Safe to run in several processes at once.
 */
export async function purgeExpiredSecrets(db: Executor, clock: Clock): Promise<number> {
  const before = daysBefore(clock.now(), SECRET_KEEP_DAYS);
  const deleted: Partial<Record<ExpiringTable, number>> = {};
  let total = 0;
  for (const which of EXPIRING_TABLES) {
    const count = await deleteInBatches((batch) => purgeExpiredBatch(db, which, before, batch));
    if (count > 0) deleted[which] = count;
    total += count;
  }
  await recordPurge(db, 'expired secrets purge', total, {
    deleted,
    keptDays: SECRET_KEEP_DAYS,
    before: before.toISOString(),
  });
  return total;
}
