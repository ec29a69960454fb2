import type {
  ContactRow,
  CustomerRow,
  ReferenceRow,
  RouteRight,
  ServiceType,
  TariffType,
} from '@courier/contracts';
import { assertAccount, assertRight, type AuthContext } from '../auth/access';
import * as repo from './customers.repository';

/** customer/list: the caller's linked accounts that are not on hold (booking right). */
export function listCustomers(auth: AuthContext): Promise<CustomerRow[]> {
  assertRight(auth, 'booking');
  return repo.customersByIds(
    auth.db,
    auth.accounts.map((a) => a.cust_id),
  );
}

/** servicetype/list: every service type (any signed-in user). */
export const listServiceTypes = (auth: AuthContext): Promise<ServiceType[]> => repo.listServiceTypes(auth.db);

/** tarifftype/list: tariffs by vehicle id 1–11 (any signed-in user). */
export const listTariffTypes = (auth: AuthContext): Promise<TariffType[]> => repo.listTariffTypes(auth.db);

/** 403 NOT_AUTHORIZED unless the caller has one of the rights. */
export function assertAnyRight(auth: AuthContext, rights: RouteRight[]): void {
  if (!rights.some((r) => auth.rights.includes(r))) assertRight(auth, rights[0]!);
}

/** customer/reference/lists (spec "access…" §7 Customer): a linked account's reference values (booking right). */
export function listReferences(auth: AuthContext, custId: number): Promise<ReferenceRow[]> {
  assertRight(auth, 'booking');
  assertAccount(auth, custId, 'cref_cust_id');
  return repo.referencesOf(auth.db, custId);
}

/**
 * customer/contact/list (spec "access…" §7 Customer): a linked account's contacts (booking right);
 * none for a user limited to their own bookings, who must not see the account's people.
 */
export async function listContacts(auth: AuthContext, custId: number): Promise<ContactRow[]> {
  assertRight(auth, 'booking');
  assertAccount(auth, custId, 'ccnt_cust_id');
  if (auth.user.ausr_own_bookings === 'T') return [];
  return repo.contactsOf(auth.db, custId);
}
