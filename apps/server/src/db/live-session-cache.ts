/**
 * This process's memory of live-session reads (auth.repository findLiveSession), by token hash, and
 * of the circuit codes a control user's live stream hears (control keptCircuitCodes), by user:
 * every authenticated call reads its session, its user and linked accounts, and a screen sends
 * its calls in bursts, so a read is kept for LIVE_SESSION_CACHE_MS of real time (bench `recent`:
 * one PostgreSQL round trip of two per list page). What holds:
 * - A kept read is used only while its session has not expired by the caller's clock.
 * - A write through this process to sessions, users, their linked accounts or the accounts
 *   themselves (the repositories write through `forgetting`) forgets every kept read as it
 *   starts and again once it has committed: an autocommit statement as it returns, a transaction
 *   as `db.transaction` returns (tenants.ts, forgettingAfterCommit).
 * - A read is kept only when no forget came while it ran (`forgetEpoch`), so a read that began
 *   before a commit is never kept after it.
 * - Another server process (several behind one database) sees such a change within
 *   LIVE_SESSION_CACHE_MS, as does an edit made in the database by hand.
 * Entries are frozen: a caller that changed one would change it for the next.
 */

/** How long a live-session read is kept, ms of real time. */
export const LIVE_SESSION_CACHE_MS = 1_000;
/**
 * Kept reads at most; beyond, all are forgotten (one per signed-in session active in the last
 * second, and one per control user with a live stream).
 */
const MAX_ENTRIES = 10_000;

interface Entry {
  /** The tenant database (or any owner) the read came from: a hash is looked up under its own. */
  owner: object;
  value: unknown;
  keptUntil: number;
  /** The session's own expiry, ms since the epoch. */
  expiresAt: number;
}

const entries = new Map<string, Entry>();
/** Forgets so far: a read is kept only if this has not moved while it ran. */
let epoch = 0;

const monotonicMs = () => performance.now();

/** Freezes a read and the objects and arrays in it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The count of forgets so far: take it before a read, and pass it to keepLiveSession. */
export const forgetEpoch = (): number => epoch;

/**
 * The kept read of `tokenHash` from `owner`, if it is still fresh and its session has not expired
 * at `now` (the caller's clock); else undefined.
 */
export function keptLiveSession<T>(owner: object, tokenHash: string, now: Date): T | undefined {
  const entry = entries.get(tokenHash);
  if (!entry || entry.owner !== owner) return undefined;
  if (entry.keptUntil <= monotonicMs() || entry.expiresAt <= now.getTime()) {
    entries.delete(tokenHash);
    return undefined;
  }
  return entry.value as T;
}

/**
 * Keeps a read (frozen) of `tokenHash` from `owner` for LIVE_SESSION_CACHE_MS, up to `expiresAt`,
 * unless a forget came since `readEpoch` (forgetEpoch as the read began). Returns the value.
 */
export function keepLiveSession<T>(
  owner: object,
  tokenHash: string,
  value: T,
  expiresAt: Date,
  readEpoch: number,
): T {
  if (readEpoch !== epoch) return value;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(tokenHash, {
    owner,
    value: deepFreeze(value),
    keptUntil: monotonicMs() + LIVE_SESSION_CACHE_MS,
    expiresAt: expiresAt.getTime(),
  });
  return value;
}

/** Forgets every kept read, of every tenant, and any read still running (see keepLiveSession). */
export function forgetLiveSessions(): void {
  entries.clear();
  epoch++;
}

/** Forgets the kept read of one token (its idle expiry was just slid: the next call reads it again). */
export function forgetLiveSession(tokenHash: string): void {
  entries.delete(tokenHash);
}

/**
 * Runs a repository write to sessions, users, their linked accounts or accounts: forgets every
 * kept read before it and once it has returned (for a statement inside a transaction, the
 * transaction forgets again as it commits: tenants.ts).
 */
export async function forgetting<T>(write: () => PromiseLike<T>): Promise<T> {
  forgetLiveSessions();
  try {
    return await write();
  } finally {
    forgetLiveSessions();
  }
}
