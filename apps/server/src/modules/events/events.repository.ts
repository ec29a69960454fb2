import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { EVENTS_CHANNEL } from '../../db/listener';
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
