import { MSG } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import { guestAccessOf } from '../settings/settings.service';
import { tenantByName } from './tenant-tokens';
import { type AuthContext } from './access';

/**
 * The tenant a public call names (spec "access…" §6: guests may use quote and tracking when guest
 * access is allowed for the database). 404 naming `database` when unknown; 401 NOT_AUTHENTICATED,
 * the spec's route error, when the database does not allow guests (general.GuestAccessAllowed)
 * and the caller is not signed in to it.
 */
export async function guestTenant(
  deps: { tenants: TenantRegistry },
  database: string,
  caller: AuthContext | undefined,
): Promise<Tenant> {
  const tenant = tenantByName(deps, database);
  if (caller?.tenant.name !== tenant.name) assertGuestAllowed(await guestAccessOf(tenant.db));
  return tenant;
}

/** 401 NOT_AUTHENTICATED (the spec's route error) unless the database allows guests (general.GuestAccessAllowed 'T'). */
export function assertGuestAllowed(guestAccessAllowed: boolean): void {
  if (!guestAccessAllowed) throw new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
}
