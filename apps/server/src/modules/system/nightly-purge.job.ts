import { Cron } from 'croner';
import type { Executor } from '../../db/client';
import type { TenantRegistry } from '../../db/tenants';
import type { Clock } from '../../lib/clock';
import { UK_TZ } from '../../lib/dates';
import { purgeLog } from '../audit/log-purge.job';
import { purgeIdempotencyKeys } from '../idempotency/idempotency-purge.job';
import { purgeExpiredQuotes } from '../quotes/quote-purge.job';
import { purgeExpiredSecrets } from './expired-secrets.job';

/** One of the nightly purges: its name (for a failure's log line) and its run on a tenant's database. */
export interface Purge {
  name: string;
  run: (db: Executor, clock: Clock) => Promise<number>;
}

/**
 * What is purged each night: the log past its retention (issue 12 §4), the quotes past their
 * keep (issue 11 §1: expired, never booked or paid for), sessions, one-time codes and links
 * a month past their expiry, and stored Idempotency-Key answers a week old.
 */
export const NIGHTLY_PURGES: readonly Purge[] = [
  { name: 'log purge', run: purgeLog },
  { name: 'quote purge', run: purgeExpiredQuotes },
  { name: 'expired secrets purge', run: purgeExpiredSecrets },
  { name: 'idempotency key purge', run: purgeIdempotencyKeys },
];

/**
 * Runs every purge on every tenant, one tenant and one purge after another; a failure is logged
 * and the rest still run. Resolves when all are done.
 */
export async function runNightlyPurges(
  tenants: Pick<TenantRegistry, 'tenants'>,
  clock: Clock,
  log: (msg: string, err?: unknown) => void,
  purges: readonly Purge[] = NIGHTLY_PURGES,
): Promise<void> {
  for (const tenant of tenants.tenants)
    for (const purge of purges) {
      try {
        await purge.run(tenant.db, clock);
      } catch (err) {
        log(`${purge.name} failed for ${tenant.name}`, err);
      }
    }
}

/**
 * Schedules runNightlyPurges (croner; by default daily at 03:17 UK time), never overlapping
 * itself: the next night tries again what failed. Returns the stop.
 */
export function scheduleNightlyPurges(
  tenants: TenantRegistry,
  clock: Clock,
  log: (msg: string, err?: unknown) => void,
  pattern = '17 3 * * *',
): () => void {
  const job = new Cron(pattern, { timezone: UK_TZ, protect: true }, () =>
    runNightlyPurges(tenants, clock, log),
  );
  return () => job.stop();
}
