import {
  defaultAccountOf,
  HOLDER_GRANTED_RIGHTS,
  MSG,
  notYoursToGrant,
  outranksYou,
  USER_FLAGS,
  USER_MSG,
  sameEmail,
  userSaveProblems,
  type BusinessUnitRow,
  type SiteRow,
  type UserAccountRow,
  type UserCircuitRow,
  type UserDetail,
  type UserPage,
  type UserReportRow,
  type userLinksRequest,
  type userListRequest,
} from '@courier/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../db/client';
import { writeAudit } from '../audit/audit.repository';
import { assertRight, hasRight, type AuthContext } from '../auth/access';
import { accountsOfUser, userById, type UserRecord } from '../auth/auth.repository';
import { endCredentials, withCurrentPassword } from '../auth/password.service';
import { hashPassword } from '../auth/login.service';
import { circuitsOfUser } from '../control/circuits.repository';
import { passwordPolicyOf } from '../settings/settings.service';
import { requestEmailChange, type EmailChangeDeps } from './email-change.service';
import * as repo from './user-admin.repository';
import { LogonTaken } from './users.repository';
import type { UserFlag, UserPostInput } from '@courier/contracts';

/**
 * User administration and My Account (spec "bookings…" §2, §4 User detail, §5 User save, §7 Users).
 * The admin right is needed for everything except reading and updating one's own record; rights are
 * read from the user row on every call (sessions.service resolveToken), so a change applies at once.
 */

/** 400 with the first problem as the message (shown as 'Save Data: {message}') and every field named. */
function saveRefused(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid request', fields);
}

const notFound = () => new AppError('NOT_FOUND', USER_MSG.notFound, { _id: USER_MSG.notFound });

/** 403 unless the caller is the user `ausrId` or has the admin right. */
function assertSelfOrAdmin(auth: AuthContext, ausrId: number): void {
  if (ausrId !== auth.user.ausr_id) assertRight(auth, 'admin');
}

/**
 * user/list: `{_id}` → that user's detail (own record, or admin right; 404 'User not found');
 * otherwise a page of the tenant's users (admin right) searched over every column, sorted by the
 * chosen column (last name ascending by default) and paged in SQL.
 */
export async function listUsers(
  auth: AuthContext,
  req: z.output<typeof userListRequest>,
): Promise<UserDetail | UserPage> {
  if (req._id !== undefined) {
    assertSelfOrAdmin(auth, req._id);
    const found = await repo.userDetailById(auth.db, req._id);
    if (!found) throw notFound();
    return found;
  }
  assertRight(auth, 'admin');
  const rows = await repo.userPage(auth.db, {
    search: req.search,
    sort: req.sort,
    limit: req.pageSize + 1,
    offset: (req.page - 1) * req.pageSize,
  });
  return {
    rows: rows.slice(0, req.pageSize),
    page: req.page,
    pageSize: req.pageSize,
    hasMore: rows.length > req.pageSize,
  };
}

/** The three kinds of user links and their two readings: linked rows, and candidates. */
const LINKS = {
  accounts: { linked: accountsOfUser, candidates: repo.accountCandidates },
  circuits: { linked: circuitsOfUser, candidates: repo.circuitCandidates },
  reports: { linked: repo.reportsOfUser, candidates: repo.reportCandidates },
} satisfies Record<string, { linked: (db: Executor, id: number) => unknown; candidates: unknown }>;
export type LinkKind = keyof typeof LINKS;
type LinkRow<K extends LinkKind> = K extends 'accounts'
  ? UserAccountRow
  : K extends 'circuits'
    ? UserCircuitRow
    : UserReportRow;

/**
 * user/accounts, user/circuits, user/reports: `{_id}` → the user's linked rows (own record, or
 * admin right); `{_inScope: true}` → what the link modal offers, less what `_id` has (admin right).
 * 400 naming _id when neither is given.
 */
export async function userLinks<K extends LinkKind>(
  auth: AuthContext,
  kind: K,
  req: z.output<typeof userLinksRequest>,
): Promise<LinkRow<K>[]> {
  if (req._inScope) {
    assertRight(auth, 'admin');
    return (await LINKS[kind].candidates(auth.db, req._id)) as LinkRow<K>[];
  }
  if (req._id === undefined)
    throw new AppError('VALIDATION', '_id: Required unless _inScope', { _id: 'Required unless _inScope' });
  assertSelfOrAdmin(auth, req._id);
  return (await LINKS[kind].linked(auth.db, req._id)) as LinkRow<K>[];
}

/**
 * user/post (spec "bookings…" §5, §7): with the admin right creates or updates any user of the
 * tenant with its accounts, circuits and reports; without it, or with `state: 'current'` (My
 * Account, an administrator's too), only the caller's own personal details (needs the "my
 * details" right); a new e-mail address there waits for the
 * link mailed to it (`emailPending`). Every write and its audit row in one transaction. Answers
 * 'User data saved'.
 * Errors: 400 naming the field (save rules word for word, password policy, unknown links);
 * 403 without the right, or naming each field of a system, price or export right the caller lacks
 * (assertMayGrant); 404 unknown user; 409 username taken; 422 removing one's own admin right.
 */
export async function postUser(
  auth: AuthContext,
  input: UserPostInput,
  deps: EmailChangeDeps,
): Promise<{ message: string; ausr_id: number; emailPending?: string }> {
  const self = input.ausr_id === auth.user.ausr_id;
  if (hasRight(auth, 'admin') && input.state !== 'current') return saveUser(auth, input, self, deps);
  if (!self) throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
  return saveOwnDetails(auth, input, deps);
}

/** The personal fields a user may change on their own record (the e-mail only through its link). */
const personal = (input: UserPostInput) => ({
  ausr_firstname: input.ausr_firstname,
  ausr_lastname: input.ausr_lastname,
  ausr_nickname: input.ausr_nickname,
  ausr_telephone: input.ausr_telephone,
});

/**
 * My Account: the caller's personal details and default account; never rights, links or the
 * password. A different e-mail address is not saved but mailed a confirmation link
 * (requestEmailChange); clearing it is refused (an administrator can).
 */
async function saveOwnDetails(auth: AuthContext, input: UserPostInput, deps: EmailChangeDeps) {
  assertRight(auth, 'password');
  const current = await userById(auth.db, auth.user.ausr_id);
  if (!current) throw notFound();
  if (input.ausr_password !== '')
    throw saveRefused({ ausr_password: 'Use Change Password to change your password' });
  const newEmail = sameEmail(input.ausr_email, current.ausr_email) ? undefined : input.ausr_email.trim();
  if (newEmail === '') throw saveRefused({ ausr_email: USER_MSG.emailKeep });
  const problems = userSaveProblems(
    {
      ...input,
      ausr_logon: current.ausr_logon,
      ausr_rights_otp: current.ausr_rights_otp === 'T' ? 'T' : 'F',
      ausr_rights_control: current.ausr_rights_control === 'T' ? 'T' : 'F',
      accounts: [],
      circuits: [],
    },
    { isNew: false, policy: await passwordPolicyOf(auth.db), links: false },
  );
  if (Object.keys(problems).length) throw saveRefused(problems);
  // The address reset links and one-time codes go to: a stolen session alone must not move it.
  if (newEmail) await withCurrentPassword(auth, input.ausr_current_password, deps.clock.now());
  const mailLink = await auth.db.transaction(async (tx) => {
    await repo.updateUser(tx, current.ausr_id, {
      ...personal(input),
      ausr_cust_id: defaultAccountOf(input.ausr_cust_id ?? current.ausr_cust_id, auth.accounts),
    });
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'users',
      process: 'my account save',
      type: 'info',
      detail: { ausr_id: current.ausr_id },
    });
    return newEmail ? requestEmailChange(tx, deps, auth.tenant, current, newEmail) : undefined;
  });
  mailLink?.();
  return {
    message: USER_MSG.saved,
    ausr_id: current.ausr_id,
    ...(newEmail ? { emailPending: newEmail } : {}),
  };
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** Checks that every link and the allocation name rows of this tenant; answers the circuits with ids. */
async function resolveLinks(db: Executor, input: UserPostInput) {
  const accountIds = unique(input.accounts.map((a) => a.cust_id));
  const reportIds = unique(input.reports.map((r) => r.rpt_id));
  const [accounts, reports, circuitIds, allocation] = await Promise.all([
    repo.existingAccountIds(db, accountIds),
    repo.existingReportIds(db, reportIds),
    repo.circuitIdsByCode(
      db,
      input.circuits.map((c) => c.cir_circ_code),
    ),
    repo.allocationExists(db, input.ausr_site_id, input.ausr_bu_id),
  ]);
  const fields: Record<string, string> = {};
  if (accounts.length !== accountIds.length) fields.accounts = 'Unknown account';
  if (reports.length !== reportIds.length) fields.reports = 'Unknown report';
  if (input.circuits.some((c) => !circuitIds.has(c.cir_circ_code))) fields.circuits = 'Unknown circuit';
  if (!allocation.site) fields.ausr_site_id = 'Unknown site';
  if (!allocation.bu) fields.ausr_bu_id = 'Unknown business unit';
  if (Object.keys(fields).length) throw saveRefused(fields);
  const seen = new Set<number>();
  const circuits = input.circuits
    .map((c) => ({ ...c, cir_id: circuitIds.get(c.cir_circ_code)! }))
    .filter((c) => !seen.has(c.cir_id) && seen.add(c.cir_id));
  return { accountIds, reportIds, circuits };
}

/** The first HOLDER_GRANTED_RIGHTS flag `user` holds and the caller does not, if any. */
const outranking = (auth: AuthContext, user: Partial<Record<UserFlag, string>>) =>
  HOLDER_GRANTED_RIGHTS.find((flag) => user[flag] === 'T' && auth.user[flag] !== 'T');

/**
 * 403 naming each HOLDER_GRANTED_RIGHTS flag the caller does not hold and the save would change
 * (on a new user: turn on), themselves included; and, on a user who holds such a flag, each
 * sign-in detail the save would change (username, password, e-mail address, one-time password):
 * with those the caller could sign in as that user (security review).
 */
function assertMayGrant(auth: AuthContext, input: UserPostInput, existing: UserRecord | undefined): void {
  const fields: Record<string, string> = {};
  for (const flag of HOLDER_GRANTED_RIGHTS)
    if (auth.user[flag] !== 'T' && input[flag] !== (existing?.[flag] ?? 'F'))
      fields[flag] = notYoursToGrant(flag);
  const over = existing && outranking(auth, existing);
  if (existing && over) {
    const changed = {
      ausr_logon: input.ausr_logon.toLowerCase() !== existing.ausr_logon.toLowerCase(),
      ausr_password: Boolean(input.ausr_password),
      ausr_email: !sameEmail(input.ausr_email, existing.ausr_email),
      ausr_rights_otp: input.ausr_rights_otp !== existing.ausr_rights_otp,
    };
    for (const [field, yes] of Object.entries(changed)) if (yes) fields[field] = outranksYou(over);
  }
  if (Object.keys(fields).length) throw new AppError('NOT_AUTHORIZED', Object.values(fields)[0]!, fields);
}

/**
 * An administrator's save of any user (see postUser). Their own password and e-mail address change
 * only in My Account, with the current password: a stolen administrator's session cannot take
 * the account over. A password an administrator sets ends the user's sessions, open reset links
 * and pending e-mail changes.
 */
async function saveUser(
  auth: AuthContext,
  input: UserPostInput,
  self: boolean,
  deps: Pick<EmailChangeDeps, 'clock'>,
) {
  const isNew = input.ausr_id === undefined;
  const existing = isNew ? undefined : await userById(auth.db, input.ausr_id!);
  if (!isNew && !existing) throw notFound();
  const problems = userSaveProblems(input, { isNew, policy: await passwordPolicyOf(auth.db) });
  if (self && input.ausr_password) problems.ausr_password = USER_MSG.ownPassword;
  if (self && existing && !sameEmail(input.ausr_email, existing.ausr_email))
    problems.ausr_email = USER_MSG.ownEmail;
  if (Object.keys(problems).length) throw saveRefused(problems);
  if (self && input.ausr_rights_admin !== 'T')
    throw new AppError('BUSINESS_RULE', USER_MSG.selfDemote, { ausr_rights_admin: USER_MSG.selfDemote });
  assertMayGrant(auth, input, existing);
  const links = await resolveLinks(auth.db, input);
  const ausr_password = input.ausr_password;
  const values = {
    ...personal(input),
    ausr_email: input.ausr_email,
    ausr_logon: input.ausr_logon,
    ausr_site_id: input.ausr_site_id,
    ausr_bu_id: input.ausr_bu_id,
    ...Object.fromEntries(USER_FLAGS.map((f) => [f, input[f]])),
    ausr_cust_id: defaultAccountOf(
      input.ausr_cust_id,
      links.accountIds.map((cust_id) => ({ cust_id })),
    ),
    ...(ausr_password ? { ausr_password: await hashPassword(ausr_password) } : {}),
  };
  try {
    const ausrId = await auth.db.transaction(async (tx) => {
      const id = isNew
        ? await repo.insertUser(tx, { ...values, ausr_password: values.ausr_password! })
        : input.ausr_id!;
      if (!isNew) await repo.updateUser(tx, id, values);
      await repo.replaceLinks(tx, id, links);
      if (!isNew && ausr_password) await endCredentials(tx, id, deps.clock.now());
      await writeAudit(tx, {
        user: auth.user.ausr_logon,
        unit: 'users',
        process: isNew ? 'user create' : 'user save',
        type: 'info',
        detail: { ausr_id: id, ausr_logon: input.ausr_logon, password: Boolean(ausr_password) },
      });
      return id;
    });
    return { message: USER_MSG.saved, ausr_id: ausrId };
  } catch (err) {
    if (err instanceof LogonTaken)
      throw new AppError('CONFLICT', USER_MSG.logonTaken, { ausr_logon: 'Username taken' });
    throw err;
  }
}

/**
 * user/delete {_id} (admin right): deletes the user; their sessions end with the row, their bookings
 * and audit rows stay (bookings keep the docket with the user reference nulled). Audited in the
 * same transaction. Errors: 403 (also for a user holding a system, price or export right the
 * caller lacks: outranksYou); 404 'User not found'; 422 for the caller's own user.
 */
export async function deleteUser(auth: AuthContext, req: { _id: number }): Promise<{ message: string }> {
  assertRight(auth, 'admin');
  if (req._id === auth.user.ausr_id)
    throw new AppError('BUSINESS_RULE', USER_MSG.selfDelete, { _id: USER_MSG.selfDelete });
  const target = await userById(auth.db, req._id);
  const over = target && outranking(auth, target);
  if (over) throw new AppError('NOT_AUTHORIZED', outranksYou(over), { _id: outranksYou(over) });
  await auth.db.transaction(async (tx) => {
    const logon = await repo.deleteUser(tx, req._id);
    if (logon === undefined) throw notFound();
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'users',
      process: 'user delete',
      type: 'info',
      detail: { ausr_id: req._id, ausr_logon: logon },
    });
  });
  return { message: USER_MSG.deleted };
}

/** site/list (any signed-in user): the tenant's sites by name. */
export const listSites = (auth: AuthContext): Promise<SiteRow[]> => repo.listSites(auth.db);

/** businessunit/list (any signed-in user): the tenant's business units by name. */
export const listBusinessUnits = (auth: AuthContext): Promise<BusinessUnitRow[]> =>
  repo.listBusinessUnits(auth.db);
