import { inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { driverSessions, emailChanges, otpCodes, passwordResets, sessions } from '../../db/schema';

/**
 * The tables of sign-in and one-time secrets, each with its key and the column its expiry is in:
 * sessions (sliding: their expiry moves with use), one-time codes, reset links, e-mail change
 * links and the driver page's sessions. Each grows with every sign-in or request; nothing reads a
 * row long past its expiry except to refuse it.
 */
const EXPIRING = {
  sessions: { table: sessions, key: sessions.sess_id, expires: sessions.sess_expires },
  otp_codes: { table: otpCodes, key: otpCodes.otp_id, expires: otpCodes.otp_expires },
  password_resets: {
    table: passwordResets,
    key: passwordResets.prst_id,
    expires: passwordResets.prst_expires,
  },
  email_changes: { table: emailChanges, key: emailChanges.emch_id, expires: emailChanges.emch_expires },
  driver_sessions: {
    table: driverSessions,
    key: driverSessions.dses_id,
    expires: driverSessions.dses_expires,
  },
} as const;

/** A table of EXPIRING. */
export type ExpiringTable = keyof typeof EXPIRING;
export const EXPIRING_TABLES = Object.keys(EXPIRING) as ExpiringTable[];

/**
 * Deletes up to `batch` rows of `which` that expired before `before`; the number deleted. Small
 * batches keep each statement's locks and WAL short.
 */
export async function purgeExpiredBatch(
  db: Executor,
  which: ExpiringTable,
  before: Date,
  batch: number,
): Promise<number> {
  const { table, key, expires } = EXPIRING[which];
  const gone = await db
    .delete(table)
    .where(inArray(key, db.select({ id: key }).from(table).where(lt(expires, before)).limit(batch)))
    .returning({ id: key });
  return gone.length;
}
