import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets } from '../../db/schema';

export async function insertReset(
  db: Executor,
  ausrId: number,
  tokenHash: string,
  now: Date,
  expires: Date,
): Promise<void> {
  await db
    .insert(passwordResets)
    .values({ prst_ausr_id: ausrId, prst_token_hash: tokenHash, prst_created: now, prst_expires: expires });
}

/** How many reset links the user was sent since `since`. */
export async function resetsSince(db: Executor, ausrId: number, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.prst_ausr_id, ausrId), gte(passwordResets.prst_created, since)));
  return rows[0]?.n ?? 0;
}

/** Marks every open reset link of the user used: what supersedes them (a newer link, a new password) revokes them. */
export async function revokeResets(db: Executor, ausrId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ prst_used: now })
    .where(and(eq(passwordResets.prst_ausr_id, ausrId), isNull(passwordResets.prst_used)));
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
