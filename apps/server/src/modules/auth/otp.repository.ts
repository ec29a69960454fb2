import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { otpAttempts, otpCodes, users } from '../../db/schema';

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

/**
 * Takes one of the user's code checks for the window starting at `since` (spec "access…" §4, a
 * bound of our own): under a lock on the user's row, drops the user's checks older than `since`,
 * counts the rest and, below `max`, records one at `now`. The new row's id, or undefined when the
 * user has no check left; parallel guesses from many logins cannot pass `max` between them.
 */
export async function takeUserAttempt(
  db: Executor,
  ausrId: number,
  since: Date,
  now: Date,
  max: number,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.ausr_id }).from(users).where(eq(users.ausr_id, ausrId)).for('update');
    await tx
      .delete(otpAttempts)
      .where(and(eq(otpAttempts.ota_ausr_id, ausrId), lt(otpAttempts.ota_time, since)));
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(otpAttempts)
      .where(eq(otpAttempts.ota_ausr_id, ausrId));
    if ((row?.n ?? 0) >= max) return undefined;
    const [taken] = await tx
      .insert(otpAttempts)
      .values({ ota_ausr_id: ausrId, ota_time: now })
      .returning({ id: otpAttempts.ota_id });
    return taken?.id;
  });
}

/** Gives back a check taken by takeUserAttempt (the code was right: only wrong codes count). */
export async function returnUserAttempt(db: Executor, attemptId: number): Promise<void> {
  await db.delete(otpAttempts).where(eq(otpAttempts.ota_id, attemptId));
}
