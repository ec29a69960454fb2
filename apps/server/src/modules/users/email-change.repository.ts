import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailChanges } from '../../db/schema';

/** Marks every open e-mail change of the user used (a newer request, a confirmation, supersede them). */
export async function revokeEmailChanges(db: Executor, ausrId: number, now: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ emch_used: now })
    .where(and(eq(emailChanges.emch_ausr_id, ausrId), isNull(emailChanges.emch_used)));
}

/** Records an e-mail change waiting for its link (the token's SHA-256 only). */
export async function insertEmailChange(
  db: Executor,
  row: { ausrId: number; email: string; tokenHash: string; now: Date; expires: Date },
): Promise<void> {
  await db.insert(emailChanges).values({
    emch_ausr_id: row.ausrId,
    emch_email: row.email,
    emch_token_hash: row.tokenHash,
    emch_created: row.now,
    emch_expires: row.expires,
  });
}

/**
 * Uses the open, unexpired e-mail change with this token hash: marks it used and answers it, or
 * undefined when there is none (unknown, used, expired, or another request used it first).
 */
export async function useEmailChange(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .update(emailChanges)
    .set({ emch_used: now })
    .where(
      and(
        eq(emailChanges.emch_token_hash, tokenHash),
        isNull(emailChanges.emch_used),
        gt(emailChanges.emch_expires, now),
      ),
    )
    .returning({ ausrId: emailChanges.emch_ausr_id, email: emailChanges.emch_email });
  return rows[0];
}
