import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** Which call of which user a key belongs to. */
export interface KeyRef {
  ausrId: number;
  route: string;
  key: string;
}

/** The stored request hash and answer of a key, if any. */
export async function findKey(db: Executor, ref: KeyRef) {
  const rows = await db
    .select({ hash: idempotencyKeys.idem_request_hash, response: idempotencyKeys.idem_response })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.idem_ausr_id, ref.ausrId),
        eq(idempotencyKeys.idem_route, ref.route),
        eq(idempotencyKeys.idem_key, ref.key),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Stores a key's answer; false when another call stored this key first (it waits for that one to commit). */
export async function insertKey(
  db: Executor,
  ref: KeyRef,
  requestHash: string,
  response: unknown,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      idem_ausr_id: ref.ausrId,
      idem_route: ref.route,
      idem_key: ref.key,
      idem_request_hash: requestHash,
      idem_response: response,
      idem_created: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.idem_key });
  return rows.length === 1;
}

/**
 * Deletes up to `batch` stored keys created before `before`; the number deleted. The table's key
 * is (user, route, key), so the batch is chosen by row (ctid) from the creation-time index.
 */
export async function purgeKeysBatch(db: Executor, before: Date, batch: number): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(
      sql`ctid = any(array(select ctid from ${idempotencyKeys} where ${idempotencyKeys.idem_created} < ${before.toISOString()}::timestamptz limit ${batch}))`,
    )
    .returning({ key: idempotencyKeys.idem_key });
  return gone.length;
}
