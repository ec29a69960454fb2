import { MSG, type registerCheckRequest, type registerRequest } from '@courier/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Executor } from '../../db/client';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import { writeAudit } from '../audit/audit.repository';
import { hashPassword } from '../auth/login.service';
import { tenantByName } from '../auth/tenant-tokens';
import { findUserByLogon } from '../auth/auth.repository';
import { assertPolicy } from '../auth/password.service';
import { passwordPolicyOf } from '../settings/settings.service';
import * as repo from './users.repository';

/**
 * The methods of payment whose bookings are paid by card as they are made (spec "bookings…" §4:
 * 'O' hosted card form, 'S' card checkout): a user registered from a booking on such an account
 * (the guest quote account among them) may book, each booking paying its own way. On an account
 * that is invoiced ('A'), anyone the booker named as the confirmation's e-mail could register, so
 * registration there gives no booking right: the account's administrator grants it (security probe).
 */
const CARD_PAYING = new Set(['O', 'S']);

/**
 * The price right of a user registered from `docket`: only on an account that pays by card, where
 * the booking was a guest's (who saw the price as they paid) or its booker held the price right.
 * An invoiced account's prices are its contract rates, and a booker without the right must not
 * read them by naming their own address and registering (security probe 6, review): the account's
 * administrator grants them. A booking whose booker was since deleted counts as a guest's.
 */
export function priceRightOf(docket: {
  cust_mop: string;
  dck_ausr_id: number | null;
  booker_price: string | null;
}): 'T' | 'F' {
  if (!CARD_PAYING.has(docket.cust_mop)) return 'F';
  return docket.dck_ausr_id === null || docket.booker_price === 'T' ? 'T' : 'F';
}

/** Registration is open this long after the booking. */
export const REGISTER_WITHIN_DAYS = 30;

/** The one answer to every refused link: missing, wrong, used, expired or another booking's. */
const linkRefused = () =>
  new AppError('BUSINESS_RULE', MSG.registerLinkInvalid, { token: MSG.registerLinkInvalid });

/**
 * Creates a booking's registration secret (spec "access…" §2 Register): 256 random bits, of which
 * only the SHA-256 is stored, bound to the docket and the e-mail the confirmation goes to, valid
 * 30 days from `bookedAt`. Call inside the booking's transaction; the secret goes only into that mail.
 */
export async function issueRegistrationToken(
  tx: Executor,
  t: { dckId: number; email: string; bookedAt: Date },
): Promise<string> {
  const token = randomToken();
  await repo.insertRegistrationToken(tx, {
    dckId: t.dckId,
    tokenHash: sha256(token),
    email: t.email,
    expires: new Date(t.bookedAt.getTime() + REGISTER_WITHIN_DAYS * 86_400_000),
  });
  return token;
}

/** The /register link of a booking confirmation: the spec's prefill parameters and the secret. */
export function registrationLink(
  publicUrl: string,
  p: { database: string; dck_id: number; dck_email: string; dck_contact: string; dck_telephone: string },
  token: string,
): string {
  const q = new URLSearchParams({
    database: p.database,
    dck_id: String(p.dck_id),
    dck_email: p.dck_email,
    dck_contact: p.dck_contact,
    dck_telephone: p.dck_telephone,
    token,
  });
  return `${publicUrl.replace(/\/$/, '')}/register?${q.toString()}`;
}

/** The live secret of `token` for the docket, when the docket has no registered user yet. */
async function liveLink(db: Executor, dckId: number, token: string, now: Date) {
  if (token.length < 20) return undefined;
  const [docket, secret] = await Promise.all([
    repo.docketForRegistration(db, dckId),
    repo.liveRegistrationToken(db, dckId, sha256(token), now),
  ]);
  if (!docket || !secret || docket.dck_registered_ausr_id !== null) return undefined;
  return { docket, secret };
}

/** Every registration attempt, refused ones too, goes to the audit log (never the secret). */
const auditAttempt = (db: Executor, logon: string, dckId: number, result: string) =>
  writeAudit(db, {
    user: logon.slice(0, 100),
    unit: 'users',
    process: 'register',
    type: result === 'registered' ? 'info' : 'warning',
    detail: { dck_id: dckId, result },
  });

/**
 * user/register/check: whether a /register link can still be used, so the screen can say so
 * before the visitor fills in the form. Rate limited like user/register.
 */
export async function checkLink(
  deps: { tenants: TenantRegistry; clock: Clock },
  req: z.output<typeof registerCheckRequest>,
): Promise<{ valid: boolean }> {
  const tenant = tenantByName(deps, req.database);
  return { valid: Boolean(await liveLink(tenant.db, req.dck_id, req.token, deps.clock.now())) };
}

/**
 * user/register (spec "access…" §2 Register, §7): proved by the single-use secret of the booking
 * confirmation mail, never by what a tracking link shows. Creates a user on the booking's account
 * who sees only their own bookings, and may book only where the account pays by card (CARD_PAYING); the secret is used and the booking marked in one transaction,
 * both by conditional updates, so one booking registers one user however many calls race.
 * Errors: 422 MSG.registerLinkInvalid for any refused link (the same answer whatever was wrong),
 * 400 naming ausr_password for the password rule (checked before the name), 409 for a taken username.
 */
export async function register(
  deps: { tenants: TenantRegistry; clock: Clock },
  req: z.output<typeof registerRequest>,
): Promise<{ message: string; detail: string }> {
  const tenant = tenantByName(deps, req.database);
  const db = tenant.db;
  const refuse = async (result: string, err: AppError): Promise<never> => {
    await auditAttempt(db, req.ausr_logon, req.dck_id, result);
    throw err;
  };
  const found = await liveLink(db, req.dck_id, req.token, deps.clock.now());
  if (!found) return refuse('invalid link', linkRefused());
  try {
    assertPolicy(req.ausr_password, req.ausr_logon, await passwordPolicyOf(db), 'ausr_password');
  } catch (err) {
    return refuse('password rule', err as AppError);
  }
  if (await findUserByLogon(db, req.ausr_logon)) return refuse('username taken', usernameTaken());
  const passwordHash = await hashPassword(req.ausr_password);
  try {
    await createUser(tenant, deps.clock.now(), req, found, passwordHash);
  } catch (err) {
    if (err instanceof AppError) return refuse('invalid link', err);
    if (err instanceof repo.LogonTaken) return refuse('username taken', usernameTaken());
    throw err;
  }
  return { message: MSG.registered, detail: MSG.registeredDetail };
}

const usernameTaken = () =>
  new AppError('CONFLICT', 'This username is taken, please choose another', {
    ausr_logon: 'Username taken',
  });

/** The transaction of a registration: use the secret, create the user, mark the booking. */
async function createUser(
  tenant: Tenant,
  now: Date,
  req: z.output<typeof registerRequest>,
  found: NonNullable<Awaited<ReturnType<typeof liveLink>>>,
  passwordHash: string,
): Promise<void> {
  const { docket, secret } = found;
  const [first = '', ...rest] = (req.dck_contact || docket.dck_contact).split(/\s+/);
  await tenant.db.transaction(async (tx) => {
    if (!(await repo.useRegistrationToken(tx, secret.rtok_id, now))) throw linkRefused();
    const ausrId = await repo.insertRegisteredUser(tx, {
      ausr_logon: req.ausr_logon,
      ausr_password: passwordHash,
      ausr_firstname: first.slice(0, 50),
      ausr_lastname: rest.join(' ').slice(0, 50),
      // The address the secret was mailed to: the one this person has proved they read.
      ausr_email: secret.rtok_email.split(/[;,]/)[0]!.trim().slice(0, 200),
      ausr_telephone: (req.dck_telephone || docket.dck_telephone).slice(0, 30),
      ausr_cust_id: docket.dck_cust_id,
      ausr_rights_booking: CARD_PAYING.has(docket.cust_mop) ? 'T' : 'F',
      ausr_rights_price: priceRightOf(docket),
    });
    if (!(await repo.markRegistered(tx, docket.dck_id, ausrId))) throw linkRefused();
    await auditAttempt(tx, req.ausr_logon, docket.dck_id, 'registered');
  });
}
