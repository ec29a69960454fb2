import {
  MSG,
  type LinkedAccount,
  type RouteRight,
  type SessionStage,
  type SessionUser,
  type UserFlag,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/tenants';

/** A signed-in caller: the tenant and its database, the user, linked accounts and route rights. */
export interface AuthContext {
  tenant: Tenant;
  db: Db;
  user: SessionUser;
  accounts: LinkedAccount[];
  rights: RouteRight[];
  sessionId: number;
  stage: SessionStage;
}

/** The per-user rights that are not routes (spec "bookings…" §6), by their flag. */
const FLAG_RIGHTS = {
  price: 'ausr_rights_price',
  export: 'ausr_rights_export',
  password: 'ausr_rights_password',
} as const satisfies Record<string, UserFlag>;

/** A route right (spec "access…" §6) or a per-user right: price, export, password ("my details"). */
export type Right = RouteRight | keyof typeof FLAG_RIGHTS;

/** True when the caller has the right. */
export function hasRight(auth: Pick<AuthContext, 'rights' | 'user'>, right: Right): boolean {
  return right in FLAG_RIGHTS
    ? auth.user[FLAG_RIGHTS[right as keyof typeof FLAG_RIGHTS]] === 'T'
    : auth.rights.includes(right as RouteRight);
}

/** Throws 403 NOT_AUTHORIZED unless the caller has the right. */
export function assertRight(auth: Pick<AuthContext, 'rights' | 'user'>, right: Right): void {
  if (!hasRight(auth, right)) throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
}

/**
 * The dockets a caller may read: those of the linked accounts and, for a user limited to their own
 * bookings (`ausr_own_bookings`), only those the user booked or registered from.
 */
export interface DocketScope {
  accountIds: number[];
  /** Set for own-bookings users: their ausr_id. */
  ownerId?: number;
}

/** The caller's docket scope (see DocketScope). */
export function docketScope(auth: AuthContext): DocketScope {
  const accountIds = auth.accounts.map((a) => a.cust_id);
  return auth.user.ausr_own_bookings === 'T' ? { accountIds, ownerId: auth.user.ausr_id } : { accountIds };
}

/**
 * The dockets whose tracking a caller reads (docket/tracking, and the public tracking view shown
 * whole): the whole tenant for the control room and administrators; for a user with the history,
 * booking or trace right, their docket scope; null without any of those rights.
 */
export function trackingReadScope(auth: AuthContext): DocketScope | 'tenant' | null {
  if (hasRight(auth, 'control') || hasRight(auth, 'admin')) return 'tenant';
  if (!(['history', 'booking', 'trace'] as const).some((r) => hasRight(auth, r))) return null;
  return docketScope(auth);
}

/** Throws 403 NOT_AUTHORIZED naming `field` unless the account is one of the caller's linked accounts. */
export function assertAccount(auth: AuthContext, custId: number, field = 'dck_cust_id'): void {
  if (!auth.accounts.some((a) => a.cust_id === custId))
    throw new AppError('NOT_AUTHORIZED', 'Account not linked to your user', { [field]: 'Not your account' });
}
