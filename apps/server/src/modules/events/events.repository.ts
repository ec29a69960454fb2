import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';
import { EVENTS_CHANNEL } from '../../db/listener';
import { selectingCodesSql } from '../control/circuits.repository';
import type { DocketNotice } from './live';

/**
 * Queues a live event on the tenant's channel. Inside a transaction PostgreSQL sends it only when
 * the transaction commits, and not at all when it rolls back (payloads stay far below 8,000 bytes).
 */
export async function notifyDocket(db: Executor, notice: DocketNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** notifyDocket for several notices in one statement, in their order (nothing for none). */
export async function notifyDockets(db: Executor, notices: readonly DocketNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await db.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, n::text) from json_array_elements(${JSON.stringify(notices)}::json) n`,
  );
}

/** How long a live notice queued by notifyLater may wait for others to go out with it, ms. */
export const NOTIFY_BATCH_MS = 50;
const pendingNotices = new WeakMap<Db, string[]>();
/**
 * The batch's own transaction commits without waiting for the WAL to reach the disk: a notice
 * needs no durability (a listener that misses it reads again on its reconnect's ready), and the
 * flush would hold the server-wide notify lock, which every notifying commit waits on, for a disk
 * sync per batch.
 */
const notifyBatch: NamedStatement = {
  name: 'notify_batch',
  text: `select pg_notify('${EVENTS_CHANNEL}', n)
           from (select set_config('synchronous_commit', 'off', true)) relaxed,
                unnest($1::text[]) with ordinality u(n, i)
          order by i`,
};

/**
 * Sends notice payloads (JSON text of DocketNotice) on the tenant's channel after what they tell of
 * has committed, together with the others queued within NOTIFY_BATCH_MS, in one statement. For
 * the driver's position reports: PostgreSQL serialises the commits of notifying transactions (a
 * notify inside each report held every report's commit behind the one before), so the reports
 * commit without one and a few batches a second carry their events. A failed batch goes to `onError`.
 */
export function notifyLater(db: Db, payloads: readonly string[], onError: (err: unknown) => void): void {
  if (payloads.length === 0) return;
  const queued = pendingNotices.get(db);
  if (queued) {
    queued.push(...payloads);
    return;
  }
  pendingNotices.set(db, [...payloads]);
  setTimeout(() => {
    const batch = pendingNotices.get(db) ?? [];
    pendingNotices.delete(db);
    namedQuery(db, notifyBatch, [batch]).catch(onError);
  }, NOTIFY_BATCH_MS).unref();
}

const bookedNoticeStatement: NamedStatement = {
  name: 'booked_notice',
  text: `select json_build_object(
      'kind', 'docket', 'dck_id', d.dck_id, 'dck_docket', d.dck_docket, 'dck_cust_id', d.dck_cust_id,
      'owners', array_remove(array[d.dck_ausr_id, d.dck_registered_ausr_id], null),
      'from', '', 'dck_status', d.dck_status, 'event', 'booked',
      'circuits', ${selectingCodesSql('$2')})::text as n
    from dockets d where d.dck_id = $1`,
};

/**
 * The live notice (JSON text of DocketNotice, event 'booked', `from` '') of a committed new docket:
 * its account, owners and status, and the circuits selecting it at `now`. Undefined when no such
 * docket is there (one statement, for notifyLater).
 */
export async function bookedNotice(db: Db, dckId: number, now: Date): Promise<string | undefined> {
  const [row] = await namedQuery<{ n: string }>(db, bookedNoticeStatement, [dckId, now.toISOString()]);
  return row?.n;
}
