import { passwordProblems, MSG, type PasswordPolicy } from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Executor } from '../../db/client';
import { writeAudit } from '../audit/audit.repository';
import { passwordPolicyOf } from '../settings/settings.service';
import {
  hashPassword,
  tenantByName,
  tenantKey,
  tenantOfToken,
  type AuthContext,
  type AuthDeps,
} from './auth.service';
import { resetMail } from './auth.mail';
import * as repo from './auth.repository';
import * as resetRepo from './password.repository';

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

/**
 * Forgotten password: the same answer whether or not the user exists. When it does and has an
 * e-mail, a single-use link /reset/{token} valid one hour is mailed (sent in the background so the
 * answer takes as long either way).
 */
export async function forgot(
  deps: AuthDeps,
  req: { database: string; username: string },
  log: (err: unknown) => void,
): Promise<{ message: string }> {
  const tenant = tenantByName(deps, req.database);
  const user = await repo.findUserByLogon(tenant.db, req.username);
  if (user?.ausr_email) {
    const token = `${tenantKey(tenant.name)}.${randomToken()}`;
    const expires = new Date(deps.clock.now().getTime() + RESET_LINK_MINUTES * 60_000);
    await resetRepo.insertReset(tenant.db, user.ausr_id, sha256(token), expires);
    await writeAudit(tenant.db, {
      user: user.ausr_logon,
      unit: 'auth',
      process: 'password reset mail',
      type: 'info',
    });
    const link = `${deps.publicUrl.replace(/\/$/, '')}/reset/${token}`;
    deps.mailer.send(resetMail(tenant.name, user.ausr_email, link)).catch(log);
  }
  return { message: MSG.resetSent };
}

/** Sets a new password and ends every other session of the user, in one transaction. */
async function replacePassword(db: Executor, ausrId: number, password: string, keepSessId?: number) {
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.setPassword(tx, ausrId, hashed);
    await repo.deleteUserSessions(tx, ausrId, keepSessId);
  });
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
  await replacePassword(tenant.db, user.ausr_id, req.password);
  await writeAudit(tenant.db, {
    user: user.ausr_logon,
    unit: 'auth',
    process: 'password reset',
    type: 'info',
  });
  return { message: MSG.passwordChanged };
}

/**
 * Password change of the signed-in user (forced when expired, or from My Account): the policy,
 * then every other session of the user ends and this one becomes full.
 */
export async function change(auth: AuthContext, password: string): Promise<{ message: string }> {
  if (auth.stage === 'otp') throw new AppError('NOT_AUTHENTICATED', MSG.stepRequired);
  assertPolicy(password, auth.user.ausr_logon, await passwordPolicyOf(auth.db), 'ausr_password');
  await replacePassword(auth.db, auth.user.ausr_id, password, auth.sessionId);
  if (auth.stage === 'password') await repo.setSessionStage(auth.db, auth.sessionId, 'full');
  await writeAudit(auth.db, {
    user: auth.user.ausr_logon,
    unit: 'auth',
    process: 'password change',
    type: 'info',
  });
  return { message: MSG.passwordChanged };
}
