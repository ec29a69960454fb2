import {
  MSG,
  settingsProblems,
  type EditableSettingsGroup,
  type SettingsPostRequest,
} from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.repository';
import { assertRight, type AuthContext } from '../auth/access';
import { customerExists } from '../customers/customers.repository';
import { replaceScope, scopeValues } from './settings.repository';

/** The changes between two sets of values: key → [before, after] (undefined when absent). */
function changesOf(before: Record<string, string>, after: Record<string, string>) {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries(
    [...keys].filter((k) => before[k] !== after[k]).map((k) => [k, { before: before[k], after: after[k] }]),
  );
}

/**
 * system/{group}/post (admin right and the system settings right; spec "access…" §7, issue 12 §2):
 * replaces the group's values for the tenant, or with `cust_id` for that account (its overrides), in
 * one transaction with an audit row holding each changed key's before and after. Every value is
 * checked by its type first: 400 naming each field (`values.{key}`) and nothing written. The next
 * call in any server process reads the new values (settings are not cached). Answers 'Settings saved'.
 * 404 naming `cust_id` for an account of no one.
 */
export async function saveSettings(
  auth: AuthContext,
  group: EditableSettingsGroup,
  body: SettingsPostRequest,
): Promise<{ message: string }> {
  assertRight(auth, 'admin');
  if (auth.user.ausr_rights_system !== 'T') throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
  const custId = body.cust_id ?? 0;
  const problems = settingsProblems(group, body.values);
  if (Object.keys(problems).length) throw validationError(problems);
  if (custId && !(await customerExists(auth.db, custId)))
    throw new AppError('NOT_FOUND', 'Account not found', { cust_id: 'Account not found' });
  if (group === 'default' && body.values.aset_quote_customer && !custId) {
    const quoteCustomer = Number(body.values.aset_quote_customer);
    if (!(await customerExists(auth.db, quoteCustomer)))
      throw validationError({ 'values.aset_quote_customer': 'Account not found' });
  }
  await auth.db.transaction(async (tx) => {
    const before = await scopeValues(tx, group, custId);
    const changes = changesOf(before, body.values);
    if (!Object.keys(changes).length) return;
    await replaceScope(tx, group, custId, body.values);
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'settings',
      process: `save ${group}`,
      type: 'info',
      detail: { group, cust_id: custId, changes },
    });
  });
  return { message: MSG.settingsSaved };
}
