import { DRIVER_MSG, type DriverLoginRequest, type DriverSession } from '@courier/contracts';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/tenants';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.repository';
import type { AuthDeps } from '../auth/auth-deps';
import { checkSecret } from '../auth/login.service';
import { tenantByName, tenantKey, tenantOfToken } from '../auth/tenant-tokens';
import { returnCheck, takeCheck } from '../auth/credential-checks.repository';
import * as repo from './driver.repository';

/**
 * The driver page's credential (issue 10 §2): driver code + PIN, checked like a password
 * (argon2id, the same time whether or not the driver exists), opening a driver session, a kind of
 * its own: its token is looked up only in `driver_sessions`, so it reaches only the driver calls.
 */

/** A signed-in driver: the tenant and its database, the driver, the session. */
export interface DriverContext {
  tenant: Tenant;
  db: Db;
  driver: { drv_driver: string; drv_name: string };
  sessionId: number;
}

/**
 * Wrong PINs a driver may get in an hour, from every address together (CHECK_WINDOW_MINUTES); then
 * 429 'Too many wrong PINs…', even for the right PIN, until the hour has passed or the control
 * room sets a new PIN. A six-digit PIN then takes years of guessing, not hours of many addresses.
 */
export const DRIVER_PIN_MAX_WRONG = 20;

/** A driver session lives this long after its last call (a shift, with breaks between jobs). */
export const DRIVER_SESSION_HOURS = 12;
const TOUCH_AFTER_MS = 60_000;
const expiry = (now: Date) => new Date(now.getTime() + DRIVER_SESSION_HOURS * 3_600_000);

const sessionOf = (tenant: Tenant, driver: DriverContext['driver']): DriverSession => ({
  drv_driver: driver.drv_driver,
  drv_name: driver.drv_name,
  tenant: { name: tenant.name, theme: tenant.theme },
});

/**
 * POST /api/driver/auth/login: checks the PIN of an active driver with a PIN set and opens a
 * driver session (token = tenant key + 256 random bits, SHA-256 stored). One answer, 401
 * 'The driver code or PIN is incorrect', for an unknown driver, an inactive one, one without a
 * PIN and a wrong PIN; failures and successes are audited. 429 'Too many wrong PINs…' once the
 * driver's wrong PINs of the last hour reach DRIVER_PIN_MAX_WRONG. 404 naming `database` for an
 * unknown tenant.
 */
export async function driverLogin(
  deps: Pick<AuthDeps, 'tenants' | 'clock'>,
  req: DriverLoginRequest,
): Promise<{ token: string; session: DriverSession }> {
  const tenant = tenantByName(deps, req.database);
  const code = req.drv_driver.toUpperCase();
  const found = await repo.driverCredential(tenant.db, code);
  const usable = found && found.drv_active === 'T' ? found.drv_pin_hash : null;
  const now = deps.clock.now();
  const audit = (type: 'info' | 'warning' | 'error', result: string) =>
    writeAudit(tenant.db, {
      user: `driver ${code}`.slice(0, 100),
      unit: 'driver',
      process: 'driver/auth/login',
      type,
      detail: { result },
    });
  // A known driver's check is taken before the PIN is checked: the guesses of every address
  // together get DRIVER_PIN_MAX_WRONG an hour (takeCheck); a right PIN gives its check back.
  const check = found
    ? await takeCheck(tenant.db, { kind: 'pin', driver: found.drv_driver }, now, DRIVER_PIN_MAX_WRONG)
    : undefined;
  if (found && check === undefined) {
    await audit('error', 'locked');
    throw new AppError('RATE_LIMITED', DRIVER_MSG.pinLocked);
  }
  const ok = await checkSecret(usable, req.pin);
  if (!found || !ok || check === undefined) {
    await audit('warning', 'failed');
    throw new AppError('AUTHENTICATION_ERROR', DRIVER_MSG.badLogin);
  }
  await returnCheck(tenant.db, check);
  const token = `${tenantKey(tenant.name)}.${randomToken()}`;
  await repo.insertDriverSession(tenant.db, found.drv_driver, sha256(token), now, expiry(now));
  await audit('info', 'ok');
  return { token, session: sessionOf(tenant, found) };
}

/**
 * How long a process trusts a driver session it has looked up, ms. The driver page's position
 * reports come every 30 s from every phone; this spares them the session query. Signing out, a
 * new PIN or an inactive driver end the session at once in this process (forgetDriverSessions),
 * and in other server processes within this time.
 */
export const DRIVER_SESSION_CACHE_MS = 5_000;
/** Cached sessions per tenant database: token hash → the context, trusted until `until` (performance.now()). */
const sessionCache = new WeakMap<Db, Map<string, { ctx: DriverContext; until: number; expires: number }>>();
const CACHE_MAX = 10_000;

/**
 * Forgets this process's cached driver sessions of a tenant: those of `driver` (a new PIN, an
 * inactive driver), or the one of `tokenHash` (signed out). Call after the change has committed.
 */
export function forgetDriverSessions(db: Db, which: { driver: string } | { tokenHash: string }): void {
  const cached = sessionCache.get(db);
  if (!cached) return;
  if ('tokenHash' in which) cached.delete(which.tokenHash);
  else for (const [hash, e] of cached) if (e.ctx.driver.drv_driver === which.driver) cached.delete(hash);
}

/**
 * The driver session of a token, sliding its expiry (at most once a minute); undefined for no, an
 * unknown or an expired token. A session looked up in the last DRIVER_SESSION_CACHE_MS is not
 * looked up again (nor past its expiry).
 */
export async function resolveDriverToken(
  deps: Pick<AuthDeps, 'tenants' | 'clock'>,
  token: string | undefined,
): Promise<DriverContext | undefined> {
  if (!token) return undefined;
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return undefined;
  const now = deps.clock.now();
  const hash = sha256(token);
  let cached = sessionCache.get(tenant.db);
  if (!cached) sessionCache.set(tenant.db, (cached = new Map()));
  const hit = cached.get(hash);
  if (hit && performance.now() < hit.until && now.getTime() < hit.expires) return hit.ctx;
  const found = await repo.liveDriverSession(tenant.db, hash, now);
  if (!found) {
    cached.delete(hash);
    return undefined;
  }
  let expires = found.dses_expires;
  if (now.getTime() - found.dses_last_seen.getTime() > TOUCH_AFTER_MS) {
    expires = expiry(now);
    await repo.touchDriverSession(tenant.db, found.dses_id, now, expires);
  }
  const ctx: DriverContext = {
    tenant,
    db: tenant.db,
    driver: { drv_driver: found.drv_driver, drv_name: found.drv_name },
    sessionId: found.dses_id,
  };
  if (cached.size >= CACHE_MAX) cached.clear();
  cached.set(hash, { ctx, until: performance.now() + DRIVER_SESSION_CACHE_MS, expires: expires.getTime() });
  return ctx;
}

/** POST /api/driver/auth/session: the signed-in driver and tenant. */
export const driverSessionOf = (ctx: DriverContext): DriverSession => sessionOf(ctx.tenant, ctx.driver);

/** POST /api/driver/auth/logout: ends the session of this token, if any. */
export async function driverLogout(
  deps: Pick<AuthDeps, 'tenants'>,
  token: string | undefined,
): Promise<void> {
  const tenant = token ? tenantOfToken(deps, token) : undefined;
  if (!tenant || !token) return;
  await repo.deleteDriverSession(tenant.db, sha256(token));
  forgetDriverSessions(tenant.db, { tokenHash: sha256(token) });
}
