import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets } from '../../db/schema';

export async function insertReset(
  db: Executor,
  ausrId: number,
  tokenHash: string,
  expires: Date,
): Promise<void> {
  await db
    .insert(passwordResets)
    .values({ prst_ausr_id: ausrId, prst_token_hash: tokenHash, prst_expires: expires });
}

/** The unused, unexpired reset with this token hash. */
export async function liveReset(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.prst_token_hash, tokenHash),
        isNull(passwordResets.prst_used),
        gt(passwordResets.prst_expires, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Marks a reset used; false when another request used it first. */
export async function useReset(db: Executor, prstId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ prst_used: now })
    .where(and(eq(passwordResets.prst_id, prstId), isNull(passwordResets.prst_used)))
    .returning({ id: passwordResets.prst_id });
  return rows.length === 1;
}
