import { auditLog } from '../../db/schema';
import type { Executor } from '../../db/client';

/** One audit row: who did what (ARCHITECTURE rule 7). `type` is info, warning or error. */
export interface AuditEntry {
  user: string;
  unit: string;
  process: string;
  type: 'info' | 'warning' | 'error';
  detail?: Record<string, unknown>;
}

/** Appends an audit row inside the caller's transaction when one is given. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    log_user: entry.user,
    log_unit: entry.unit,
    log_process: entry.process,
    log_type: entry.type,
    log_detail: entry.detail ?? null,
  });
}
