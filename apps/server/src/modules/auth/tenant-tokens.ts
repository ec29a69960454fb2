import { AppError } from '../../lib/app-error';
import type { Tenant } from '../../db/tenants';
import type { AuthDeps } from './auth-deps';

/**
 * Which tenant a call is for: from the prefix of a token (session or reset), or by the database
 * name a guest or a login gives.
 */

/** Token = base64url(tenant name) + '.' + 256 random bits; only its SHA-256 is stored. */
export const tenantKey = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
/** The tenant a token (session or reset) names in its prefix. */
export function tenantOfToken(deps: Pick<AuthDeps, 'tenants'>, token: string): Tenant | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 300) return undefined;
  const name = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  return deps.tenants.get(name);
}

/** The tenant called `name`; 404 naming the database otherwise. */
export function tenantByName(deps: Pick<AuthDeps, 'tenants'>, name: string): Tenant {
  const t = deps.tenants.get(name);
  if (!t) throw new AppError('NOT_FOUND', `Unknown database '${name}'`, { database: 'Unknown database' });
  return t;
}
