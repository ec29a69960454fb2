import { and, desc, eq, lt, sql } from 'drizzle-orm';
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

/**
 * Takes one of the code's tries in a single conditional update; the tries taken so far, or
 * undefined when none is left (or the code is used).
 */
export async function takeTry(db: Executor, otpId: number, maxTries: number): Promise<number | undefined> {
  const rows = await db
    .update(otpCodes)
    .set({ otp_tries: sql`${otpCodes.otp_tries} + 1` })
    .where(and(eq(otpCodes.otp_id, otpId), eq(otpCodes.otp_used, 'F'), lt(otpCodes.otp_tries, maxTries)))
    .returning({ tries: otpCodes.otp_tries });
  return rows[0]?.tries;
}

/** Marks a code used; false when it already was (a parallel right guess). */
export async function markUsed(db: Executor, otpId: number): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ otp_used: 'T' })
    .where(and(eq(otpCodes.otp_id, otpId), eq(otpCodes.otp_used, 'F')))
    .returning({ id: otpCodes.otp_id });
  return rows.length === 1;
}
