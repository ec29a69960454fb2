import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credentialChecks, users } from '../../db/schema';

/** What is checked: a one-time code, or the current password a signed-in change asks for. */
export type CredentialKind = 'otp' | 'password';

/** How long a failed check counts against its user, minutes (the '… in an hour' of the refusals). */
export const CHECK_WINDOW_MINUTES = 60;

/**
 * Takes one of the user's checks of `kind` for the CHECK_WINDOW_MINUTES before `now`: under a lock
 * on the user's row, drops their checks of that kind older than that, counts the rest and, below
 * `max`, records one at `now`. The new row's id, or undefined when the user has no check left;
 * parallel guesses from many logins or sessions cannot pass `max` between them.
 */
export async function takeCheck(
  db: Executor,
  ausrId: number,
  kind: CredentialKind,
  now: Date,
  max: number,
): Promise<number | undefined> {
  const since = new Date(now.getTime() - CHECK_WINDOW_MINUTES * 60_000);
  const mine = and(eq(credentialChecks.chk_ausr_id, ausrId), eq(credentialChecks.chk_kind, kind));
  return db.transaction(async (tx) => {
    // 'no key update': it queues checks of one user without holding up the foreign-key reads of
    // the row (a new session's insert takes 'key share').
    await tx.select({ id: users.ausr_id }).from(users).where(eq(users.ausr_id, ausrId)).for('no key update');
    await tx.delete(credentialChecks).where(and(mine, lt(credentialChecks.chk_time, since)));
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(credentialChecks)
      .where(mine);
    if ((row?.n ?? 0) >= max) return undefined;
    const [taken] = await tx
      .insert(credentialChecks)
      .values({ chk_ausr_id: ausrId, chk_kind: kind, chk_time: now })
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

/** Gives back a check taken by takeCheck (it passed: only failures count). */
export async function returnCheck(db: Executor, checkId: number): Promise<void> {
  await db.delete(credentialChecks).where(eq(credentialChecks.chk_id, checkId));
}
