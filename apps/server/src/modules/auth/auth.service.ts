import { hash, verify } from '@node-rs/argon2';
import {
  MSG,
  USER_FLAGS,
  rightsOf,
  type LoginRequest,
  type SessionResponse,
  type SessionStage,
  type SessionUser,
  type UserFlags,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import type { Mailer } from '../../lib/mail';
import { writeAudit } from '../audit/audit.repository';
import { otpMinutesOf, sessionIdleMinutesOf } from '../settings/settings.service';
import { sendOtp } from './otp.service';
import * as repo from './auth.repository';
import type { AuthContext } from './access';

/** What the auth service needs from the app. */
export interface AuthDeps {
  tenants: TenantRegistry;
  clock: Clock;
  /** Sessions end after this many minutes without a call, unless the tenant's config.SessionIdleMinutes says otherwise. */
  idleMinutes: number;
  mailer: Mailer;
  /** Base of links in mails, e.g. https://portal.example.com */
  publicUrl: string;
}

/** Result of reading a token: a context, or why there is none. */
export type TokenResult = { ok: true; auth: AuthContext } | { ok: false; reason: 'missing' | 'expired' };

/** Session writes are skipped when the last one is younger than this (keeps reads cheap). */
const TOUCH_AFTER_MS = 60_000;

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the user does not exist, so both failures take the same time. */
const timingDummy = () => (dummyHash ??= hash('not-a-real-password-0000'));

/** Argon2id hash of a password (ARCHITECTURE: passwords). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** The session-safe view of a user row: no password hash. */
export function toSessionUser(u: repo.UserRecord): SessionUser {
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

/** Token = base64url(tenant name) + '.' + 256 random bits; only its SHA-256 is stored. */
export const tenantKey = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
/** The tenant a token (session or reset) names in its prefix. */
export function tenantOfToken(deps: Pick<AuthDeps, 'tenants'>, token: string): Tenant | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 300) return undefined;
  const name = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  return deps.tenants.get(name);
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

/** The tenant called `name`; 404 naming the database otherwise. */
export function tenantByName(deps: Pick<AuthDeps, 'tenants'>, name: string): Tenant {
  const t = deps.tenants.get(name);
  if (!t) throw new AppError('NOT_FOUND', `Unknown database '${name}'`, { database: 'Unknown database' });
  return t;
}

/**
 * Checks the password and opens a session (spec "access…" §4 login flow): stage 'otp' when the
 * user has the OTP right (a code is mailed), else 'password' when it has expired, else 'full'.
 * Throws 401 AUTHENTICATION_ERROR with one message for an unknown user or a wrong password.
 */
export async function login(
  deps: AuthDeps,
  req: LoginRequest,
): Promise<{ token: string; session: SessionResponse; otpMinutes?: number }> {
  const tenant = tenantByName(deps, req.database);
  const user = await repo.findUserByLogon(tenant.db, req.username);
  const ok = user
    ? await verify(user.ausr_password, req.password)
    : await verify(await timingDummy(), req.password).then(() => false);
  if (!user || !ok) {
    await writeAudit(tenant.db, {
      user: req.username.slice(0, 100),
      unit: 'auth',
      process: 'login',
      type: 'warning',
      detail: { result: 'failed' },
    });
    throw new AppError('AUTHENTICATION_ERROR', MSG.badLogin);
  }
  if (user.ausr_rights_otp === 'T' && !user.ausr_email) {
    throw new AppError('AUTHENTICATION_ERROR', MSG.otpUnavailable);
  }
  const stage: SessionStage =
    user.ausr_rights_otp === 'T' ? 'otp' : user.ausr_password_expired === 'T' ? 'password' : 'full';
  const token = `${tenantKey(tenant.name)}.${randomToken()}`;
  const now = deps.clock.now();
  const sessionId = await repo.insertSession(
    tenant.db,
    user.ausr_id,
    sha256(token),
    expiry(deps, now, await sessionIdleMinutesOf(tenant.db)),
    stage,
  );
  await writeAudit(tenant.db, {
    user: user.ausr_logon,
    unit: 'auth',
    process: 'login',
    type: 'info',
    detail: { stage },
  });
  const accounts = await repo.accountsOfUser(tenant.db, user.ausr_id);
  const sessionUser = toSessionUser(user);
  const auth: AuthContext = {
    tenant,
    db: tenant.db,
    user: sessionUser,
    accounts,
    rights: rightsOf(sessionUser),
    sessionId,
    stage,
  };
  if (stage === 'otp') {
    const minutes = await otpMinutesOf(tenant.db);
    await sendOtp(deps, auth, user.ausr_email, minutes);
    return { token, session: sessionResponseOf(auth), otpMinutes: minutes };
  }
  return { token, session: sessionResponseOf(auth) };
}

/** When a session used at `now` ends: the tenant's idle setting, else the server default. */
const expiry = (deps: AuthDeps, now: Date, tenantMinutes?: number | null) =>
  new Date(now.getTime() + (tenantMinutes ?? deps.idleMinutes) * 60_000);

/** Reads a session token; slides its idle expiry. 'expired' covers unknown and timed-out tokens. */
export async function resolveToken(deps: AuthDeps, token: string | undefined): Promise<TokenResult> {
  if (!token) return { ok: false, reason: 'missing' };
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return { ok: false, reason: 'expired' };
  const now = deps.clock.now();
  const found = await repo.findLiveSession(tenant.db, sha256(token), now);
  if (!found) return { ok: false, reason: 'expired' };
  if (now.getTime() - found.session.sess_last_seen.getTime() > TOUCH_AFTER_MS) {
    await repo.touchSession(tenant.db, found.session.sess_id, now, expiry(deps, now, found.idleMinutes));
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

/** Ends the session of this token, if any (spec "access…" §2 Logout). */
export async function logout(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return;
  await repo.deleteSession(tenant.db, sha256(token));
}
