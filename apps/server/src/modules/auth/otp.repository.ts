import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { otpCodes } from '../../db/schema';

export type OtpRecord = typeof otpCodes.$inferSelect;

/** Replaces any open code of the session with a new one. */
export async function insertOtp(
  db: Executor,
  sessId: number,
  codeHash: string,
  now: Date,
  expires: Date,
): Promise<void> {
  await db
    .update(otpCodes)
    .set({ otp_used: 'T' })
    .where(and(eq(otpCodes.otp_sess_id, sessId), eq(otpCodes.otp_used, 'F')));
  await db
    .insert(otpCodes)
    .values({ otp_sess_id: sessId, otp_code_hash: codeHash, otp_created: now, otp_expires: expires });
}

/** The newest code of a session, used or not. */
export async function latestOtp(db: Executor, sessId: number): Promise<OtpRecord | undefined> {
  const rows = await db
    .select()
    .from(otpCodes)
    .where(eq(otpCodes.otp_sess_id, sessId))
    .orderBy(desc(otpCodes.otp_id))
    .limit(1);
  return rows[0];
}

/** How many codes were sent to a session. */
export async function otpCount(db: Executor, sessId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(eq(otpCodes.otp_sess_id, sessId));
  return rows[0]?.n ?? 0;
}

/** Counts a failed try; returns the tries so far. */
export async function addTry(db: Executor, otpId: number): Promise<number> {
  const rows = await db
    .update(otpCodes)
    .set({ otp_tries: sql`${otpCodes.otp_tries} + 1` })
    .where(eq(otpCodes.otp_id, otpId))
    .returning({ tries: otpCodes.otp_tries });
  return rows[0]?.tries ?? 0;
}

export async function markUsed(db: Executor, otpId: number): Promise<void> {
  await db.update(otpCodes).set({ otp_used: 'T' }).where(eq(otpCodes.otp_id, otpId));
}
