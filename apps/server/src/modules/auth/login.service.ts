import { hash, verify } from '@node-rs/argon2';
import {
  MSG,
  rightsOf,
  type LoginRequest,
  type SessionResponse,
  type SessionStage,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.repository';
import { otpMinutesOf, sessionIdleMinutesOf } from '../settings/settings.service';
import { sendOtp } from './otp.service';
import * as repo from './auth.repository';
import { returnCheck, takeCheck } from './credential-checks.repository';
import type { AuthContext } from './access';
import type { AuthDeps } from './auth-deps';
import { sessionExpiry, sessionResponseOf, toSessionUser } from './sessions.service';
import { tenantByName, tenantKey } from './tenant-tokens';

/**
 * Login (spec "access…" §4 login flow): the password check, in the same time whether or not the
 * user exists, and the session it opens; password hashing (argon2id).
 */

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the user does not exist, so both failures take the same time. */
const timingDummy = () => (dummyHash ??= hash('not-a-real-password-0000'));

/**
 * Wrong passwords one user may be given in an hour: at sign-in (over every address; the login
 * route's own limit is per address and username; past it the right password also needs a mailed
 * one-time code), and as the current password of a signed-in
 * change (over all their sessions and the calls that ask for it: password change, its alias,
 * My Account's e-mail change), each counted on its own. A reset by the mailed link, or a new
 * password from an administrator, clears the count (credential-checks forgetChecks).
 */
export const PASSWORD_USER_MAX_WRONG = 20;
/**
 * The refusal once a user's wrong passwords reach PASSWORD_USER_MAX_WRONG (429): of the current
 * password; at sign-in only to the right password of a user without an e-mail address.
 */
export const PASSWORD_USER_LOCKED_MESSAGE =
  'Too many wrong passwords for this user, please try again in an hour';

/** Argon2id hash of a password (ARCHITECTURE: passwords). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * True when `secret` matches the argon2id `stored` hash (a password, a driver's PIN). Without a
 * stored hash it verifies against a dummy and answers false, so an unknown account takes as long.
 */
export async function checkSecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  if (!stored) return verify(await timingDummy(), secret).then(() => false);
  return verify(stored, secret);
}

/**
 * Checks the password and opens a session (spec "access…" §4 login flow): stage 'otp' when the
 * user has the OTP right (a code is mailed), else 'password' when it has expired, else 'full'.
 * Throws 401 AUTHENTICATION_ERROR with one message for an unknown user or a wrong password. Once a
 * user was given PASSWORD_USER_MAX_WRONG wrong passwords in an hour, the right one opens stage 'otp'
 * whatever the user's rights (a code is mailed), or, for a user without an e-mail address, 429
 * (PASSWORD_USER_LOCKED_MESSAGE).
 */
export async function login(
  deps: AuthDeps,
  req: LoginRequest,
): Promise<{ token: string; session: SessionResponse; otpMinutes?: number }> {
  const tenant = tenantByName(deps, req.database);
  const user = await repo.findUserByLogon(tenant.db, req.username);
  const failed = (result: string) =>
    writeAudit(tenant.db, {
      user: req.username.slice(0, 100),
      unit: 'auth',
      process: 'login',
      type: 'warning',
      detail: { result },
    });
  // A known user's wrong passwords count against them from every address. Past the limit a wrong
  // password gets the same answer as ever (nothing tells a guesser the name exists), and the right
  // one alone is no longer enough: the login waits for a one-time code mailed to the user, so
  // guesses spread over many addresses gain nothing and the owner is not held out.
  const check = user
    ? await takeCheck(
        tenant.db,
        { kind: 'login', ausrId: user.ausr_id },
        deps.clock.now(),
        PASSWORD_USER_MAX_WRONG,
      )
    : undefined;
  const ok = await checkSecret(user?.ausr_password, req.password);
  if (!user || !ok) {
    await failed('failed');
    throw new AppError('AUTHENTICATION_ERROR', MSG.badLogin);
  }
  const stepUp = check === undefined;
  if (check !== undefined) await returnCheck(tenant.db, check);
  if ((user.ausr_rights_otp === 'T' || stepUp) && !user.ausr_email) {
    if (!stepUp) throw new AppError('AUTHENTICATION_ERROR', MSG.otpUnavailable);
    // No mailbox to send a code to: only the password holder hears that the hour must pass.
    await failed('locked');
    throw new AppError('RATE_LIMITED', PASSWORD_USER_LOCKED_MESSAGE);
  }
  const stage: SessionStage =
    user.ausr_rights_otp === 'T' || stepUp ? 'otp' : user.ausr_password_expired === 'T' ? 'password' : 'full';
  const token = `${tenantKey(tenant.name)}.${randomToken()}`;
  const now = deps.clock.now();
  const sessionId = await repo.insertSession(
    tenant.db,
    user.ausr_id,
    sha256(token),
    sessionExpiry(deps, now, await sessionIdleMinutesOf(tenant.db)),
    stage,
  );
  await writeAudit(tenant.db, {
    user: user.ausr_logon,
    unit: 'auth',
    process: 'login',
    type: 'info',
    // A code asked for because of wrong passwords says so, for whoever reads the log.
    detail: stepUp ? { stage, reason: 'wrong passwords' } : { stage },
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
