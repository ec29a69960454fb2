import {
  MSG,
  type ContactRow,
  type CustomerDetail,
  type CustomerPostRequest,
  type CustomerRow,
  type ReferenceRow,
  type RouteRight,
  type ServiceType,
  type TariffType,
} from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.repository';
import { assertAccount, assertRight, type AuthContext } from '../auth/access';
import * as repo from './customers.repository';

/**
 * customer/list: the caller's linked accounts that are not on hold (booking right); with `custId`
 * (administrators) that one account of the tenant with every field customer/post edits, 404 naming
 * `cust_id` for an account of no one.
 */
export async function listCustomers(
  auth: AuthContext,
  custId?: number,
): Promise<CustomerRow[] | CustomerDetail[]> {
  if (custId !== undefined) {
    assertRight(auth, 'admin');
    const row = await repo.customerDetailOf(auth.db, custId);
    if (!row) throw accountNotFound('cust_id');
    return [row];
  }
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

/**
 * customer/reference/lists (spec "access…" §7 Customer): a linked account's reference values, for
 * its booking screen (booking right) or System Settings' Customer tab (admin right); 403 otherwise.
 */
export function listReferences(auth: AuthContext, custId: number): Promise<ReferenceRow[]> {
  assertAnyRight(auth, ['booking', 'admin']);
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

const accountNotFound = (field: string) =>
  new AppError('NOT_FOUND', 'Account not found', { [field]: 'Account not found' });

/** 403 unless the caller has the admin right and the system settings right (what settings saves ask). */
function assertSettingsAdmin(auth: AuthContext): void {
  assertRight(auth, 'admin');
  if (auth.user.ausr_rights_system !== 'T') throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
}

/** The fields whose value differs: field → {before, after}. */
function changesOf<T extends object>(before: T, after: Partial<T>) {
  return Object.fromEntries(
    (Object.keys(after) as (keyof T & string)[])
      .filter((k) => before[k] !== after[k])
      .map((k) => [k, { before: before[k], after: after[k] }]),
  );
}

/**
 * customer/post (spec "access…" §7 Customer, issue 12 §2; admin and system settings rights): writes
 * the account fields of CustomerFields to account `cust_id` of the caller's tenant in one transaction
 * with an audit row holding each changed field's before and after. 400 naming `cust_maintariff` or
 * `cust_mainservice` when no such tariff or service type exists, 404 naming `cust_id` for an account
 * of no one; nothing written then. The booking screen and docket/post read the new values on their
 * next call. Answers 'Settings saved'.
 */
export async function saveCustomer(
  auth: AuthContext,
  body: CustomerPostRequest,
): Promise<{ message: string }> {
  assertSettingsAdmin(auth);
  const { cust_id, ...fields } = body;
  const problems: Record<string, string> = {};
  if (fields.cust_maintariff !== null && !(await repo.tariffById(auth.db, fields.cust_maintariff)))
    problems.cust_maintariff = 'No such tariff';
  if (fields.cust_mainservice && !(await repo.serviceTypeById(auth.db, fields.cust_mainservice)))
    problems.cust_mainservice = 'No such service type';
  if (Object.keys(problems).length) throw validationError(problems);
  const next = { ...fields, cust_mainservice: fields.cust_mainservice || null };
  await auth.db.transaction(async (tx) => {
    const before = await repo.customerDetailOf(tx, cust_id, true);
    if (!before) throw accountNotFound('cust_id');
    const changes = changesOf(before, next);
    if (!Object.keys(changes).length) return;
    await repo.updateCustomerFields(tx, cust_id, next);
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'customers',
      process: 'save customer',
      type: 'info',
      detail: { cust_id, cust_acc_code: before.cust_acc_code, changes },
    });
  });
  return { message: MSG.settingsSaved };
}

/**
 * customer/reference/post (issue 12 §2; admin and system settings rights): replaces the values of
 * reference `cref_ref_type` (the ref-5 list by default) of account `cref_cust_id` of the caller's
 * tenant, in one transaction with an audit row of the values before and after; answers the account's
 * reference lists as customer/reference/lists does. 404 naming `cref_cust_id` for an account of no one.
 */
export async function saveReferences(
  auth: AuthContext,
  body: { cref_cust_id: number; cref_ref_type: number; values: string[] },
): Promise<ReferenceRow[]> {
  assertSettingsAdmin(auth);
  const { cref_cust_id: custId, cref_ref_type: refType, values } = body;
  return auth.db.transaction(async (tx) => {
    if (!(await repo.lockCustomer(tx, custId))) throw accountNotFound('cref_cust_id');
    const before = (await repo.referencesOf(tx, custId))
      .filter((r) => r.cref_ref_type === refType)
      .map((r) => r.cref_description);
    if ([...before].sort().join('\n') !== [...values].sort().join('\n')) {
      await repo.replaceReferences(tx, custId, refType, values);
      await writeAudit(tx, {
        user: auth.user.ausr_logon,
        unit: 'customers',
        process: 'save reference list',
        type: 'info',
        detail: { cust_id: custId, cref_ref_type: refType, changes: { values: { before, after: values } } },
      });
    }
    return repo.referencesOf(tx, custId);
  });
}
