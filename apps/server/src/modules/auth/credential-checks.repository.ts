import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credentialChecks, drivers, users } from '../../db/schema';

/**
 * What is checked, and whose: a user's one-time code, current password (a signed-in change asks
 * for it) or sign-in password ('login'), by user id; a driver's PIN (the driver page's sign-in), by
 * driver code.
 */
export type CheckSubject =
  { kind: 'otp' | 'password' | 'login'; ausrId: number } | { kind: 'pin'; driver: string };

/** The subject's checks, and a lock on its owner's row (users or drivers) that queues them. */
function ownerOf(subject: CheckSubject) {
  if ('driver' in subject)
    return {
      column: { chk_drv_driver: subject.driver },
      mine: and(eq(credentialChecks.chk_drv_driver, subject.driver), eq(credentialChecks.chk_kind, 'pin')),
      lock: (tx: Executor) =>
        tx
          .select({ id: drivers.drv_driver })
          .from(drivers)
          .where(eq(drivers.drv_driver, subject.driver))
          .for('no key update'),
    };
  return {
    column: { chk_ausr_id: subject.ausrId },
    mine: and(eq(credentialChecks.chk_ausr_id, subject.ausrId), eq(credentialChecks.chk_kind, subject.kind)),
    lock: (tx: Executor) =>
      tx
        .select({ id: users.ausr_id })
        .from(users)
        .where(eq(users.ausr_id, subject.ausrId))
        .for('no key update'),
  };
}

/** How long a failed check counts against its user, minutes (the '… in an hour' of the refusals). */
export const CHECK_WINDOW_MINUTES = 60;

/**
 * Takes one of the subject's checks for the CHECK_WINDOW_MINUTES before `now`: under a lock on its
 * owner's row, drops its checks older than that, counts the rest and, below `max`, records one at
 * `now`. The new row's id, or undefined when no check is left; parallel guesses from many logins,
 * sessions or addresses cannot pass `max` between them.
 */
export async function takeCheck(
  db: Executor,
  subject: CheckSubject,
  now: Date,
  max: number,
): Promise<number | undefined> {
  const since = new Date(now.getTime() - CHECK_WINDOW_MINUTES * 60_000);
  const owner = ownerOf(subject);
  return db.transaction(async (tx) => {
    // 'no key update': it queues checks of one owner without holding up the foreign-key reads of
    // the row (a new session's insert takes 'key share').
    await owner.lock(tx);
    await tx.delete(credentialChecks).where(and(owner.mine, lt(credentialChecks.chk_time, since)));
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(credentialChecks)
      .where(owner.mine);
    if ((row?.n ?? 0) >= max) return undefined;
    const [taken] = await tx
      .insert(credentialChecks)
      .values({ ...owner.column, chk_kind: subject.kind, chk_time: now })
      .returning({ id: credentialChecks.chk_id });
    return taken?.id;
  });
}

/**
 * Forgets every check of a user: a new password (a reset by the mailed link, a change) ends what
 * the old one let anyone try, so its wrong guesses no longer hold the owner out.
 */
export async function forgetChecks(db: Executor, ausrId: number): Promise<void> {
  await db.delete(credentialChecks).where(eq(credentialChecks.chk_ausr_id, ausrId));
}

/** Forgets a driver's wrong PINs: a new PIN ends what the old one let anyone try. */
export async function forgetDriverChecks(db: Executor, driver: string): Promise<void> {
  await db.delete(credentialChecks).where(eq(credentialChecks.chk_drv_driver, driver));
}

/** Gives back a check taken by takeCheck (it passed: only failures count). */
export async function returnCheck(db: Executor, checkId: number): Promise<void> {
  await db.delete(credentialChecks).where(eq(credentialChecks.chk_id, checkId));
}
