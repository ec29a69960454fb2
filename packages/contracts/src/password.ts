import { z } from 'zod';
import { dbId, tf, str, databaseName } from './common';

/** system/password answer: the password policy (spec "access…" §5; default minimum length 8). */
export const passwordPolicy = z.object({ minLength: z.number().int().min(1), enforceRules: tf });
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

export { DEFAULT_PASSWORD_POLICY, passwordProblems, strengthLevel } from './password-rules';

/** POST /api/auth/password/forgot body. */
export const forgotRequest = z.object({
  database: databaseName(),
  username: str().min(1).max(100),
});
/** POST /api/auth/password/reset body: the token from the /reset/{token} link. */
export const resetRequest = z.object({
  token: str().min(10).max(300),
  password: str().min(1).max(200),
});
/**
 * POST /api/auth/password/change and user/password body (spec name ausr_password), with the
 * current password: a stolen session alone cannot lock the owner out.
 */
export const changeRequest = z.object({
  ausr_password: str()
    .min(1)
    .max(200)
    .meta({ description: 'At least the policy minimum of system/password (8 by default), and its rules' }),
  ausr_current_password: str().max(200).optional().default(''),
});
export type ChangeRequest = z.input<typeof changeRequest>;
/** A plain `{ message }` answer. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** POST /api/auth/otp/verify body: the 6-digit code. */
export const otpVerifyRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});
/** OTP verification: errorLevel 0 is success (spec "access…" §8). */
export const otpVerifyResponse = z.object({ errorLevel: z.number().int(), message: z.string() });
/** system/otp answer. */
export const otpSettings = z.object({ otp_expire_minutes: z.number().int() });
/** The on-screen OTP message of spec "access…" §9. */
export const otpSentMessage = (minutes: number) =>
  `An email with a code has been sent to your registered mail box. Please enter the code below to authenticate yourself. The code will expire in ${minutes} minutes.`;

/** One e-mail address, or empty; refuses line breaks and anything else a mail header must not carry. */
export const optionalEmail = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address')
  .optional()
  .default('');

/** Optional contact text (no control characters, line breaks included). */
const plainText = (max: number) => str().trim().max(max).optional().default('');

/**
 * user/register body (spec "access…" §7: ausr_logon, ausr_password, dck_id, dck_telephone,
 * dck_contact, database) plus `token`, the single-use registration secret that only the booking
 * confirmation e-mail carries. Without a valid token nothing registers.
 */
export const registerRequest = z.object({
  database: databaseName(),
  ausr_logon: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(100)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Letters, digits and . _ @ - only'),
  ausr_password: str().min(1).max(200),
  dck_id: dbId,
  token: str().max(200).optional().default(''),
  dck_email: optionalEmail,
  dck_contact: plainText(50),
  dck_telephone: plainText(20),
});
export type RegisterRequest = z.input<typeof registerRequest>;

/** user/register/check body: is this registration link still usable? */
export const registerCheckRequest = z.object({
  database: databaseName(),
  dck_id: dbId,
  token: str().max(200),
});
/** user/register/check answer. */
export const registerCheckResponse = z.object({ valid: z.boolean() });

/** system/guestAccessAllowed answer. */
export const guestAccess = z.object({ guestAccessAllowed: z.boolean() });
export type GuestAccess = z.infer<typeof guestAccess>;
/** Body of the public system calls that name a database. */
export const databaseRequest = z.object({ database: databaseName() });
