/**
 * This process's memory of live-session reads (auth.repository findLiveSession), by token hash:
 * every authenticated call reads its session, its user and linked accounts, and a screen sends
 * its calls in bursts, so a read is kept for LIVE_SESSION_CACHE_MS of real time (bench `recent`:
 * one PostgreSQL round trip of two per list page). What holds:
 * - A kept read is used only while its session has not expired by the caller's clock.
 * - A write through this process to sessions, users, their linked accounts or the accounts
 *   themselves (the repositories call forgetLiveSessions) forgets every kept read, and nothing is
 *   kept for FORGET_WINDOW_MS after it: a read made while the writing transaction was still open
 *   cannot be kept with what it replaced.
 * - Another server process (several behind one database) sees such a change within
 *   LIVE_SESSION_CACHE_MS: a logout, a password change or an administrator's change of a user's
 *   rights or accounts reaches every process within one second.
 * Entries are frozen: a caller that changed one would change it for the next.
 */

/** How long a live-session read is kept, ms of real time. */
export const LIVE_SESSION_CACHE_MS = 1_000;
/** After a write, how long nothing is kept, ms (longer than a transaction that writes users takes). */
export const FORGET_WINDOW_MS = 2_000;
/** Kept reads at most; beyond, all are forgotten (one per signed-in session active in the last second). */
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
let keepNothingUntil = 0;

const monotonicMs = () => performance.now();

/** Freezes a read and the objects and arrays in it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

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
 * Keeps a read (frozen) of `tokenHash` from `owner` for LIVE_SESSION_CACHE_MS, up to `expiresAt`;
 * nothing within FORGET_WINDOW_MS of a write. Returns the value.
 */
export function keepLiveSession<T>(owner: object, tokenHash: string, value: T, expiresAt: Date): T {
  const at = monotonicMs();
  if (at < keepNothingUntil) return value;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(tokenHash, {
    owner,
    value: deepFreeze(value),
    keptUntil: at + LIVE_SESSION_CACHE_MS,
    expiresAt: expiresAt.getTime(),
  });
  return value;
}

/**
 * Forgets every kept read, of every tenant, and keeps none for FORGET_WINDOW_MS: called by each
 * repository write to sessions (other than sliding the idle expiry), users, linked accounts and
 * accounts.
 */
export function forgetLiveSessions(): void {
  entries.clear();
  keepNothingUntil = monotonicMs() + FORGET_WINDOW_MS;
}
