import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.repository';
import { otpMinutesOf } from '../settings/settings.service';
import type { AuthDeps } from './auth-deps';
import type { AuthContext } from './access';
import { otpMail } from './auth.mail';
import * as repo from './auth.repository';
import * as otpRepo from './otp.repository';
import { returnCheck, takeCheck } from './credential-checks.repository';

/** Wrong tries allowed on one code before a new one is needed. */
export const OTP_MAX_TRIES = 5;
/** Codes one login may ask for (the first and four resends). */
export const OTP_MAX_SENDS = 5;
/** Seconds between two codes of the same login. */
export const OTP_RESEND_SECONDS = 30;
/**
 * Wrong codes one user may enter in an hour, over all their logins: with a known password each
 * login buys 25 guesses (5 codes × 5 tries) and logins are limited per address only, so without
 * this bound a million codes fall to enough addresses in a day. 20 an hour makes that centuries.
 */
export const OTP_USER_MAX_WRONG = 20;
/** The refusal once a user's wrong codes reach OTP_USER_MAX_WRONG (429). */
export const OTP_USER_LOCKED_MESSAGE = 'Too many wrong codes for this user, please try again in an hour';

/** Creates a 6-digit code for the session, stores its argon2id hash and mails it. */
export async function sendOtp(
  deps: AuthDeps,
  auth: AuthContext,
  email: string,
  minutes: number,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.clock.now();
  await otpRepo.insertOtp(
    auth.db,
    auth.sessionId,
    await hash(code),
    now,
    new Date(now.getTime() + minutes * 60_000),
  );
  await deps.mailer.send(otpMail(auth.tenant.name, email, code, minutes));
}

/**
 * otp/verify (spec "access…" §8): errorLevel 0 on success, when the session moves on to 'password'
 * or 'full'; 1 for a wrong code (tries left in the message); 2 when the code is expired, used up
 * or missing and a new one is needed. 429 RATE_LIMITED (OTP_USER_LOCKED_MESSAGE) once the user
 * has entered OTP_USER_MAX_WRONG wrong codes in the last hour, over all their logins.
 */
export async function verifyOtp(
  deps: AuthDeps,
  auth: AuthContext,
  code: string,
): Promise<{ errorLevel: number; message: string }> {
  if (auth.stage !== 'otp') throw new AppError('BUSINESS_RULE', 'No code is waiting for this login');
  const otp = await otpRepo.latestOtp(auth.db, auth.sessionId);
  const now = deps.clock.now();
  if (!otp || otp.otp_used === 'T' || otp.otp_tries >= OTP_MAX_TRIES)
    return { errorLevel: 2, message: 'This code can no longer be used, please ask for a new code' };
  if (otp.otp_expires <= now)
    return { errorLevel: 2, message: 'The code has expired, please ask for a new code' };
  // The user's check and the code's try are taken before the code is checked, atomically:
  // parallel guesses cannot get more than OTP_USER_MAX_WRONG or OTP_MAX_TRIES checks between them.
  const attempt = await takeCheck(
    auth.db,
    { kind: 'otp', ausrId: auth.user.ausr_id },
    now,
    OTP_USER_MAX_WRONG,
  );
  if (attempt === undefined) {
    await writeAudit(auth.db, { user: auth.user.ausr_logon, unit: 'auth', process: 'otp', type: 'error' });
    throw new AppError('RATE_LIMITED', OTP_USER_LOCKED_MESSAGE);
  }
  const tries = await otpRepo.takeTry(auth.db, otp.otp_id, OTP_MAX_TRIES);
  if (tries === undefined) {
    await returnCheck(auth.db, attempt);
    return { errorLevel: 2, message: 'Too many wrong codes, please ask for a new code' };
  }
  if (!(await verify(otp.otp_code_hash, code))) {
    await writeAudit(auth.db, { user: auth.user.ausr_logon, unit: 'auth', process: 'otp', type: 'warning' });
    const left = OTP_MAX_TRIES - tries;
    return left > 0
      ? { errorLevel: 1, message: `The code is not correct, ${left} ${left === 1 ? 'try' : 'tries'} left` }
      : { errorLevel: 2, message: 'Too many wrong codes, please ask for a new code' };
  }
  await returnCheck(auth.db, attempt);
  if (!(await otpRepo.markUsed(auth.db, otp.otp_id)))
    return { errorLevel: 2, message: 'This code can no longer be used, please ask for a new code' };
  const next = auth.user.ausr_password_expired === 'T' ? 'password' : 'full';
  await repo.setSessionStage(auth.db, auth.sessionId, next);
  auth.stage = next;
  await writeAudit(auth.db, { user: auth.user.ausr_logon, unit: 'auth', process: 'otp', type: 'info' });
  return { errorLevel: 0, message: 'OK' };
}

/** otp/resend: a new code, at most every 30 s and five per login (429 otherwise). */
export async function resendOtp(deps: AuthDeps, auth: AuthContext): Promise<{ otp_expire_minutes: number }> {
  if (auth.stage !== 'otp') throw new AppError('BUSINESS_RULE', 'No code is waiting for this login');
  const last = await otpRepo.latestOtp(auth.db, auth.sessionId);
  const now = deps.clock.now();
  if (last && now.getTime() - last.otp_created.getTime() < OTP_RESEND_SECONDS * 1000)
    throw new AppError(
      'RATE_LIMITED',
      `Please wait ${OTP_RESEND_SECONDS} seconds before asking for another code`,
    );
  if ((await otpRepo.otpCount(auth.db, auth.sessionId)) >= OTP_MAX_SENDS)
    throw new AppError('RATE_LIMITED', 'Too many codes asked for, please login again');
  const minutes = await otpMinutesOf(auth.db);
  await sendOtp(deps, auth, auth.user.ausr_email, minutes);
  return { otp_expire_minutes: minutes };
}
