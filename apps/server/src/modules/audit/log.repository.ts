import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { LogDetailResponse, LogRow } from '@courier/contracts';
import { auditLog } from '../../db/schema';
import { queryRows, type Executor } from '../../db/client';

const rowColumns = {
  log_id: auditLog.log_id,
  log_time: auditLog.log_time,
  log_user: auditLog.log_user,
  log_unit: auditLog.log_unit,
  log_process: auditLog.log_process,
  log_type: auditLog.log_type,
};

const rowOf = <T extends { log_time: Date }>(r: T) => ({ ...r, log_time: r.log_time.toISOString() });

/**
 * One page of the entries in [from, to), time descending (newest first; the id breaks ties), read
 * from the (log_time, log_id) index: `limit` rows after `offset`.
 */
export async function logPage(
  db: Executor,
  from: Date,
  to: Date,
  offset: number,
  limit: number,
): Promise<LogRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(auditLog)
    .where(and(gte(auditLog.log_time, from), lt(auditLog.log_time, to)))
    .orderBy(desc(auditLog.log_time), desc(auditLog.log_id))
    .limit(limit)
    .offset(offset);
  return rows.map(rowOf);
}

/** One entry with its detail, or undefined. */
export async function logEntry(db: Executor, logId: number): Promise<LogDetailResponse | undefined> {
  const [row] = await db
    .select({ ...rowColumns, log_detail: auditLog.log_detail })
    .from(auditLog)
    .where(eq(auditLog.log_id, logId));
  return row && { ...rowOf(row), log_detail: (row.log_detail as Record<string, unknown> | null) ?? null };
}

/**
 * Deletes up to `batch` entries older than `before` (oldest first, through the time index); the
 * number deleted. Small batches keep each statement's locks and WAL short.
 */
export async function purgeLogBatch(db: Executor, before: Date, batch: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
          delete from audit_log where log_id in (
            select log_id from audit_log where log_time < ${before} order by log_time limit ${batch}
          ) returning 1
        ) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
