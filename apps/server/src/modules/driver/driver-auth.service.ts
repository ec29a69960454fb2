import { DRIVER_MSG, type DriverLoginRequest, type DriverSession } from '@courier/contracts';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/tenants';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.repository';
import type { AuthDeps } from '../auth/auth-deps';
import { checkSecret } from '../auth/login.service';
import { tenantByName, tenantKey, tenantOfToken } from '../auth/tenant-tokens';
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
 * PIN and a wrong PIN; failures and successes are audited. 404 naming `database` for an unknown tenant.
 */
export async function driverLogin(
  deps: Pick<AuthDeps, 'tenants' | 'clock'>,
  req: DriverLoginRequest,
): Promise<{ token: string; session: DriverSession }> {
  const tenant = tenantByName(deps, req.database);
  const code = req.drv_driver.toUpperCase();
  const found = await repo.driverCredential(tenant.db, code);
  const usable = found && found.drv_active === 'T' ? found.drv_pin_hash : null;
  const ok = await checkSecret(usable, req.pin);
  const audit = (type: 'info' | 'warning', result: string) =>
    writeAudit(tenant.db, {
      user: `driver ${code}`.slice(0, 100),
      unit: 'driver',
      process: 'driver/auth/login',
      type,
      detail: { result },
    });
  if (!found || !ok) {
    await audit('warning', 'failed');
    throw new AppError('AUTHENTICATION_ERROR', DRIVER_MSG.badLogin);
  }
  const token = `${tenantKey(tenant.name)}.${randomToken()}`;
  const now = deps.clock.now();
  await repo.insertDriverSession(tenant.db, found.drv_driver, sha256(token), now, expiry(now));
  await audit('info', 'ok');
  return { token, session: sessionOf(tenant, found) };
}

/** The driver session of a token, sliding its expiry; undefined for no, an unknown or an expired token. */
export async function resolveDriverToken(
  deps: Pick<AuthDeps, 'tenants' | 'clock'>,
  token: string | undefined,
): Promise<DriverContext | undefined> {
  if (!token) return undefined;
  const tenant = tenantOfToken(deps, token);
  if (!tenant) return undefined;
  const now = deps.clock.now();
  const found = await repo.liveDriverSession(tenant.db, sha256(token), now);
  if (!found) return undefined;
  if (now.getTime() - found.dses_last_seen.getTime() > TOUCH_AFTER_MS)
    await repo.touchDriverSession(tenant.db, found.dses_id, now, expiry(now));
  return {
    tenant,
    db: tenant.db,
    driver: { drv_driver: found.drv_driver, drv_name: found.drv_name },
    sessionId: found.dses_id,
  };
}

/** POST /api/driver/auth/session: the signed-in driver and tenant. */
export const driverSessionOf = (ctx: DriverContext): DriverSession => sessionOf(ctx.tenant, ctx.driver);

/** POST /api/driver/auth/logout: ends the session of this token, if any. */
export async function driverLogout(
  deps: Pick<AuthDeps, 'tenants'>,
  token: string | undefined,
): Promise<void> {
  const tenant = token ? tenantOfToken(deps, token) : undefined;
  if (tenant && token) await repo.deleteDriverSession(tenant.db, sha256(token));
}
