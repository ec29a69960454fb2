import { verify } from '@node-rs/argon2';
import { passwordProblems, MSG, type PasswordPolicy } from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Executor } from '../../db/client';
import type { Tenant } from '../../db/tenants';
import { writeAudit } from '../audit/audit.repository';
import { passwordPolicyOf } from '../settings/settings.service';
import type { AuthDeps } from './auth-deps';
import { hashPassword, PASSWORD_USER_LOCKED_MESSAGE, PASSWORD_USER_MAX_WRONG } from './login.service';
import { tenantByName, tenantKey, tenantOfToken } from './tenant-tokens';
import { assertRight, type AuthContext } from './access';
import { resetMail } from './auth.mail';
import * as repo from './auth.repository';
import { forgetChecks, returnCheck, takeCheck } from './credential-checks.repository';
import * as resetRepo from './password.repository';
import { revokeEmailChanges } from '../users/email-change.repository';

/** Reset links work for one hour. */
export const RESET_LINK_MINUTES = 60;

/** 400 naming `field` with the first policy problem, if any. */
export function assertPolicy(
  password: string,
  username: string,
  policy: PasswordPolicy,
  field: string,
): void {
  const problems = passwordProblems(password, username, policy);
  if (problems.length) throw validationError({ [field]: problems[0]! });
}

/** Reset mails one user may be sent per hour, however many addresses ask. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * Forgotten password: the same answer, by the same path and in the same time, whether or not the
 * user exists: the look-up, the writes and the mail all happen after answering. When the user
 * exists, has an e-mail and has had fewer than RESET_MAILS_PER_HOUR links in the last hour, a
 * single-use link /reset/{token} valid one hour is mailed, and every older open link stops working.
 * Errors of that background work go to `log`. 404 only for an unknown database (the list is public).
 */
export function forgot(
  deps: AuthDeps,
  req: { database: string; username: string },
  log: (err: unknown) => void,
): { message: string } {
  const tenant = tenantByName(deps, req.database);
  setImmediate(() => void sendResetLink(deps, tenant, req.username).catch(log));
  return { message: MSG.resetSent };
}

/** The background half of `forgot`. */
async function sendResetLink(deps: AuthDeps, tenant: Tenant, username: string): Promise<void> {
  const user = await repo.findUserByLogon(tenant.db, username);
  if (!user?.ausr_email) return;
  const now = deps.clock.now();
  const token = `${tenantKey(tenant.name)}.${randomToken()}`;
  const expires = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
  const sent = await tenant.db.transaction(async (tx) => {
    // Counted under the user's row lock, so racing requests cannot pass the hourly limit together.
    await repo.lockUser(tx, user.ausr_id);
    const recent = await resetRepo.resetsSince(tx, user.ausr_id, new Date(now.getTime() - 3_600_000));
    const allowed = recent < RESET_MAILS_PER_HOUR;
    if (allowed) {
      await resetRepo.revokeResets(tx, user.ausr_id, now);
      await resetRepo.insertReset(tx, user.ausr_id, sha256(token), now, expires);
    }
    await writeAudit(tx, {
      user: user.ausr_logon,
      unit: 'auth',
      process: 'password reset mail',
      type: allowed ? 'info' : 'warning',
      ...(allowed ? {} : { detail: { result: 'hourly limit reached' } }),
    });
    return allowed;
  });
  if (!sent) return;
  const link = `${deps.publicUrl.replace(/\/$/, '')}/reset/${token}`;
  await deps.mailer.send(resetMail(tenant.name, user.ausr_email, link));
}

/**
 * Sets a new password, revokes every open reset link of the user and ends every other session,
 * in one transaction.
 */
async function replacePassword(
  db: Executor,
  ausrId: number,
  password: string,
  now: Date,
  keepSessId?: number,
) {
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.setPassword(tx, ausrId, hashed);
    await endCredentials(tx, ausrId, now, keepSessId);
  });
}

/**
 * What a new password ends, inside the caller's transaction: the user's open reset links, e-mail
 * changes waiting for their link, and sessions but `keepSessId`. Whoever held any of them (a
 * stolen session that asked for a new address, a reset mailed before) loses it with the password;
 * the wrong codes and passwords counted against the user go too, so that someone who knew the old
 * password cannot keep its owner out for the rest of the hour.
 */
export async function endCredentials(tx: Executor, ausrId: number, now: Date, keepSessId?: number) {
  await resetRepo.revokeResets(tx, ausrId, now);
  await revokeEmailChanges(tx, ausrId, now);
  await repo.deleteUserSessions(tx, ausrId, keepSessId);
  await forgetChecks(tx, ausrId);
}

/**
 * The signed-in user's row once `password` is their current password (a stolen session alone does
 * not know it), checked at `now`. Errors: 400 naming ausr_current_password; 401 when the user is
 * gone; 429 (PASSWORD_USER_LOCKED_MESSAGE) after PASSWORD_USER_MAX_WRONG wrong ones in an hour.
 */
export async function withCurrentPassword(auth: AuthContext, password: string, now: Date) {
  const user = await repo.userById(auth.db, auth.user.ausr_id);
  if (!user) throw new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
  const wrong = () => validationError({ ausr_current_password: MSG.currentPasswordWrong });
  if (!password) throw wrong();
  const check = await takeCheck(
    auth.db,
    { kind: 'password', ausrId: user.ausr_id },
    now,
    PASSWORD_USER_MAX_WRONG,
  );
  if (check === undefined) {
    await writeAudit(auth.db, {
      user: user.ausr_logon,
      unit: 'auth',
      process: 'current password',
      type: 'error',
    });
    throw new AppError('RATE_LIMITED', PASSWORD_USER_LOCKED_MESSAGE);
  }
  if (!(await verify(user.ausr_password, password))) throw wrong();
  await returnCheck(auth.db, check);
  return user;
}

/** Reset from the mailed link: single use, one hour; every session of the user ends. */
export async function reset(
  deps: AuthDeps,
  req: { token: string; password: string },
): Promise<{ message: string }> {
  const invalid = new AppError(
    'BUSINESS_RULE',
    'This reset link is invalid or has expired, please ask for a new one',
    {
      token: 'Invalid or expired',
    },
  );
  const tenant = tenantOfToken(deps, req.token);
  if (!tenant) throw invalid;
  const found = await resetRepo.liveReset(tenant.db, sha256(req.token), deps.clock.now());
  if (!found) throw invalid;
  const user = await repo.userById(tenant.db, found.prst_ausr_id);
  if (!user) throw invalid;
  assertPolicy(req.password, user.ausr_logon, await passwordPolicyOf(tenant.db), 'password');
  if (!(await resetRepo.useReset(tenant.db, found.prst_id, deps.clock.now()))) throw invalid;
  await replacePassword(tenant.db, user.ausr_id, req.password, deps.clock.now());
  await writeAudit(tenant.db, {
    user: user.ausr_logon,
    unit: 'auth',
    process: 'password reset',
    type: 'info',
  });
  return { message: MSG.passwordChanged };
}

/**
 * Password change of the signed-in user (forced when expired, or from My Account): the current
 * password is required (a stolen session alone cannot lock the owner out) and the new one must
 * differ from it and meet the policy; then every other session and every open reset link of the
 * user ends and this session becomes full. From My Account (stage 'full') it needs the "my
 * details" right (ausr_rights_password, spec "access…" §6).
 * Errors: 401 before the OTP step; 403 without the right; 400 naming ausr_current_password or
 * ausr_password.
 */
export async function change(
  deps: Pick<AuthDeps, 'clock'>,
  auth: AuthContext,
  req: { ausr_password: string; ausr_current_password: string },
): Promise<{ message: string }> {
  if (auth.stage === 'otp') throw new AppError('NOT_AUTHENTICATED', MSG.stepRequired);
  if (auth.stage === 'full') assertRight(auth, 'password');
  const user = await withCurrentPassword(auth, req.ausr_current_password, deps.clock.now());
  assertPolicy(req.ausr_password, auth.user.ausr_logon, await passwordPolicyOf(auth.db), 'ausr_password');
  if (await verify(user.ausr_password, req.ausr_password))
    throw validationError({ ausr_password: MSG.passwordReused });
  await replacePassword(auth.db, auth.user.ausr_id, req.ausr_password, deps.clock.now(), auth.sessionId);
  if (auth.stage === 'password') await repo.setSessionStage(auth.db, auth.sessionId, 'full');
  await writeAudit(auth.db, {
    user: auth.user.ausr_logon,
    unit: 'auth',
    process: 'password change',
    type: 'info',
  });
  return { message: MSG.passwordChanged };
}
