import { z } from 'zod';
import { tf, theme, str, databaseName } from './common';
import { USER_FLAGS, ROUTE_RIGHTS } from './rights';

/** POST /api/auth/login body. Username is case-insensitive. */
export const loginRequest = z.object({
  database: databaseName(),
  username: str().min(1).max(100),
  password: str().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** A linked account as the session carries it (spec "bookings…" §3 User: linked accounts). */
export const linkedAccount = z.object({
  cust_id: z.number().int(),
  cust_acc_code: z.string(),
  cust_name: z.string(),
  cust_mop: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccount>;

const flagShape = Object.fromEntries(USER_FLAGS.map((f) => [f, tf])) as {
  [K in (typeof USER_FLAGS)[number]]: typeof tf;
};

/** The signed-in user without any secret: no password, no hash. */
export const sessionUser = z.object({
  ausr_id: z.number().int(),
  ausr_logon: z.string(),
  ausr_firstname: z.string(),
  ausr_lastname: z.string(),
  ausr_email: z.string(),
  ausr_cust_id: z.number().int().nullable(),
  ausr_password_expired: tf,
  ...flagShape,
});
export type SessionUser = z.infer<typeof sessionUser>;

/** 'otp' until the e-mailed code is verified, 'password' until an expired password is changed. */
export const sessionStage = z.enum(['otp', 'password', 'full']);
export type SessionStage = z.infer<typeof sessionStage>;

const sessionTenant = z.object({ name: z.string(), theme });

/**
 * A login waiting for its one-time code: only what the OTP screen needs (the tenant's name and
 * theme). The profile, rights and accounts are not shown until the code is passed.
 */
export const otpSession = z.object({ stage: z.literal('otp'), tenant: sessionTenant });

/** A session past the code: at the forced password change ('password') or signed in ('full'). */
export const userSession = z.object({
  stage: z.enum(['password', 'full']),
  user: sessionUser,
  rights: z.array(z.enum(ROUTE_RIGHTS)),
  accounts: z.array(linkedAccount),
  tenant: sessionTenant,
});
export type UserSession = z.infer<typeof userSession>;

/** POST /api/auth/session answer: the token load of spec "access…" §2 start-up restore. */
export const sessionResponse = z.discriminatedUnion('stage', [otpSession, userSession]);
export type SessionResponse = z.infer<typeof sessionResponse>;

const tokenPart = {
  token: z.string(),
  /** Set when stage is 'otp': the code's lifetime. */
  otp_expire_minutes: z.number().int().optional(),
};
/** POST /api/auth/login answer: a bearer token (also set as the httpOnly cookie) and the session. */
export const loginResponse = z.discriminatedUnion('stage', [
  otpSession.extend(tokenPart),
  userSession.extend(tokenPart),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/database/list answer. */
export const databaseList = z.array(z.object({ name: z.string(), theme }));
export type DatabaseList = z.infer<typeof databaseList>;

/** GET /api/system/version answer. */
export const versionResponse = z.object({ appVersion: z.string(), dbVersion: z.string() });
export type VersionResponse = z.infer<typeof versionResponse>;
