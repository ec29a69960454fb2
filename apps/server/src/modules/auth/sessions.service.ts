import {
  rightsOf,
  USER_FLAGS,
  type SessionResponse,
  type SessionStage,
  type SessionUser,
  type UserFlags,
} from '@courier/contracts';
import { sha256 } from '../../lib/tokens';
import * as repo from './auth.repository';
import type { AuthContext } from './access';
import type { AuthDeps } from './auth-deps';
import { tenantOfToken } from './tenant-tokens';

/**
 * Sessions (ARCHITECTURE: sessions): reading a token into a context with a sliding idle expiry,
 * ending one (logout), and the session as the browser sees it.
 */

/** Result of reading a token: a context, or why there is none. */
export type TokenResult = { ok: true; auth: AuthContext } | { ok: false; reason: 'missing' | 'expired' };

/** Session writes are skipped when the last one is younger than this (keeps reads cheap). */
const TOUCH_AFTER_MS = 60_000;

/** The session-safe view of a user row: no password hash. */
export function toSessionUser(u: Omit<repo.UserRecord, 'ausr_password'>): SessionUser {
  const flags = Object.fromEntries(USER_FLAGS.map((f) => [f, u[f] === 'T' ? 'T' : 'F'])) as UserFlags;
  return {
    ausr_id: u.ausr_id,
    ausr_logon: u.ausr_logon,
    ausr_firstname: u.ausr_firstname,
    ausr_lastname: u.ausr_lastname,
    ausr_email: u.ausr_email,
    ausr_cust_id: u.ausr_cust_id,
    ausr_password_expired: u.ausr_password_expired === 'T' ? 'T' : 'F',
    ...flags,
  };
}

/**
 * The session as the browser sees it. Before the one-time code is passed only the stage and the
 * tenant's name and theme: no profile, rights or accounts for someone who has only the password.
 */
export function sessionResponseOf(auth: AuthContext): SessionResponse {
  if (auth.stage === 'otp')
    return { stage: 'otp', tenant: { name: auth.tenant.name, theme: auth.tenant.theme } };
  return {
    stage: auth.stage,
    user: auth.user,
    rights: auth.rights,
    accounts: auth.accounts,
    tenant: { name: auth.tenant.name, theme: auth.tenant.theme },
  };
}

/** When a session used at `now` ends: the tenant's idle setting, else the server default. */
export const sessionExpiry = (deps: AuthDeps, now: Date, tenantMinutes?: number | null) =>
  new Date(now.getTime() + (tenantMinutes && tenantMinutes > 0 ? tenantMinutes : deps.idleMinutes) * 60_000);

/** Reads a session token; slides its idle expiry. 'expired' covers unknown and timed-out tokens. */
export async function resolveToken(deps: AuthDeps, token: string | undefined): Promise<TokenResult> {
  if (!token) return { ok: false, reason: 'missing' };
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return { ok: false, reason: 'expired' };
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  const found = await repo.findLiveSession(tenant.db, tokenHash, now);
  if (!found) return { ok: false, reason: 'expired' };
  if (now.getTime() - found.session.sess_last_seen.getTime() > TOUCH_AFTER_MS) {
    await repo.touchSession(
      tenant.db,
      tokenHash,
      found.session.sess_id,
      now,
      sessionExpiry(deps, now, found.idleMinutes),
    );
  }
  const user = toSessionUser(found.user);
  return {
    ok: true,
    auth: {
      tenant,
      db: tenant.db,
      user,
      accounts: found.accounts,
      rights: rightsOf(user),
      sessionId: found.session.sess_id,
      stage: found.session.sess_stage as SessionStage,
    },
  };
}

/**
 * What a live stream's filter is made of, as one string: the user's rights, own-bookings flag and
 * linked account ids, as the session read gives them (kept a second, forgotten on every write to
 * users and their accounts); null when the session is not live at its 'full' stage. A stream
 * compares it before each event: a change ends the stream (events.routes); a new name does not.
 */
export async function liveScopeKey(
  deps: Pick<AuthDeps, 'tenants' | 'clock'>,
  token: string,
): Promise<string | null> {
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return null;
  const found = await repo.findLiveSession(tenant.db, sha256(token), deps.clock.now());
  if (found?.session.sess_stage !== 'full') return null;
  const rights = Object.entries(found.user).filter(
    ([k]) => k.startsWith('ausr_rights_') || k === 'ausr_own_bookings',
  );
  return JSON.stringify([rights, found.accounts.map((a) => a.cust_id)]);
}

/** Ends the session of this token, if any (spec "access…" §2 Logout). */
export async function logout(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return;
  await repo.deleteSession(tenant.db, sha256(token));
}
