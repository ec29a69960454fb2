import { and, eq, getTableColumns, gt, ne, sql } from 'drizzle-orm';
import type { LinkedAccount } from '@courier/contracts';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { customers, sessions, userAccounts, users } from '../../db/schema';
import {
  forgetEpoch,
  forgetLiveSession,
  forgetting,
  keepLiveSession,
  keptLiveSession,
} from '../../db/live-session-cache';

export type UserRecord = typeof users.$inferSelect;

/** The user with this logon, case-insensitive. */
export async function findUserByLogon(db: Executor, logon: string): Promise<UserRecord | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.ausr_logon}) = ${logon.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

/** Linked accounts of a user, by account code. */
export function accountsOfUser(db: Executor, ausrId: number) {
  return db
    .select({
      cust_id: customers.cust_id,
      cust_acc_code: customers.cust_acc_code,
      cust_name: customers.cust_name,
      cust_mop: customers.cust_mop,
    })
    .from(userAccounts)
    .innerJoin(customers, eq(customers.cust_id, userAccounts.uacc_cust_id))
    .where(eq(userAccounts.uacc_ausr_id, ausrId))
    .orderBy(customers.cust_acc_code);
}

export async function insertSession(
  db: Executor,
  ausrId: number,
  tokenHash: string,
  expires: Date,
  stage: 'otp' | 'password' | 'full',
) {
  const rows = await db
    .insert(sessions)
    .values({ sess_ausr_id: ausrId, sess_token_hash: tokenHash, sess_expires: expires, sess_stage: stage })
    .returning({ sess_id: sessions.sess_id });
  return rows[0]!.sess_id;
}

/** Linked accounts of the outer user as a JSON array, by account code. */
const accountsJson = sql<LinkedAccount[]>`coalesce((
  select json_agg(json_build_object('cust_id', c.cust_id, 'cust_acc_code', c.cust_acc_code,
                                    'cust_name', c.cust_name, 'cust_mop', c.cust_mop) order by c.cust_acc_code)
    from user_accounts ua join customers c on c.cust_id = ua.uacc_cust_id
   where ua.uacc_ausr_id = ${users.ausr_id}), '[]'::json)`;

/** The tenant's session idle setting (config.SessionIdleMinutes), null when unset or not a number. */
const idleMinutesSql = sql<
  number | null
>`(select case when sett_value ~ '^[0-9]{1,5}$' then sett_value::int end
   from settings where sett_group = 'config' and sett_key = 'SessionIdleMinutes' and sett_cust_id = 0)`;

/** A user's columns but the password hash: a session's read has no use for it (and it is kept a second). */
const userColumns = Object.fromEntries(
  Object.entries(getTableColumns(users)).filter(([name]) => name !== 'ausr_password'),
) as Omit<(typeof users)['_']['columns'], 'ausr_password'>;

const buildLiveSession = (db: Executor, name: string) =>
  db
    .select({ session: sessions, user: userColumns, accounts: accountsJson, idleMinutes: idleMinutesSql })
    .from(sessions)
    .innerJoin(users, eq(users.ausr_id, sessions.sess_ausr_id))
    .where(
      and(
        eq(sessions.sess_token_hash, sql.placeholder('hash')),
        gt(sessions.sess_expires, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare(name);

export type LiveSession = Awaited<ReturnType<ReturnType<typeof buildLiveSession>['execute']>>[number];

/**
 * The live session with this token hash, its user and linked accounts, in one prepared query
 * (every authenticated call runs it), kept for a second (live-session-cache.ts: frozen, forgotten
 * on any write to sessions, users or their accounts); undefined when unknown or expired at `now`.
 */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const kept = keptLiveSession<LiveSession>(db, tokenHash, now);
  if (kept) return kept;
  const epoch = forgetEpoch();
  const rows = await prepared(db, 'live_session', buildLiveSession).execute({
    hash: tokenHash,
    now: now.toISOString(),
  });
  const found = rows[0];
  return found && keepLiveSession(db, tokenHash, found, found.session.sess_expires, epoch);
}

/**
 * Slides the idle expiry of the session with this token hash forward, and forgets its kept read
 * (which still holds the old last use), so that the next call reads it again and does not slide it twice.
 */
export async function touchSession(
  db: Executor,
  tokenHash: string,
  sessId: number,
  now: Date,
  expires: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ sess_last_seen: now, sess_expires: expires })
    .where(eq(sessions.sess_id, sessId));
  forgetLiveSession(tokenHash);
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await forgetting(() => db.delete(sessions).where(eq(sessions.sess_token_hash, tokenHash)));
}

/** Moves a session to the next login stage. */
export async function setSessionStage(
  db: Executor,
  sessId: number,
  stage: 'password' | 'full',
): Promise<void> {
  await forgetting(() => db.update(sessions).set({ sess_stage: stage }).where(eq(sessions.sess_id, sessId)));
}

/** Ends every session of a user except `keepSessId` (all when undefined). */
export async function deleteUserSessions(db: Executor, ausrId: number, keepSessId?: number): Promise<void> {
  await forgetting(() =>
    db
      .delete(sessions)
      .where(
        and(eq(sessions.sess_ausr_id, ausrId), keepSessId ? ne(sessions.sess_id, keepSessId) : undefined),
      ),
  );
}

/** Stores a new password hash and clears the expired flag. */
export async function setPassword(db: Executor, ausrId: number, passwordHash: string): Promise<void> {
  await forgetting(() =>
    db
      .update(users)
      .set({ ausr_password: passwordHash, ausr_password_expired: 'F' })
      .where(eq(users.ausr_id, ausrId)),
  );
}

export async function userById(db: Executor, ausrId: number): Promise<UserRecord | undefined> {
  const rows = await db.select().from(users).where(eq(users.ausr_id, ausrId)).limit(1);
  return rows[0];
}

/** Locks the user's row until the transaction ends: per-user limits counted inside it hold under races. */
export async function lockUser(db: Executor, ausrId: number): Promise<void> {
  await db.select({ id: users.ausr_id }).from(users).where(eq(users.ausr_id, ausrId)).for('update');
}
