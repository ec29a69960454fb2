import { Cron } from 'croner';
import type { TenantRegistry } from '../../db/tenants';
import { sweepNotices, type NoticeDeps } from './tracking-notice.service';

/**
 * Schedules the sweep of tracking notices that the background send after a status change did not
 * get out (a mail server down, a process stopped mid-way): every minute by default, never
 * overlapping itself. Returns the stop.
 */
export function scheduleNoticeSweep(
  deps: NoticeDeps,
  tenants: TenantRegistry,
  pattern = '* * * * *',
): () => void {
  const job = new Cron(pattern, { protect: true }, () => sweepNotices(deps, tenants));
  return () => job.stop();
}
