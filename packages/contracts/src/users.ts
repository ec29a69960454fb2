import { z } from 'zod';
import { dbId, str, tf } from './common';
import { passwordProblems } from './password-rules';
import type { PasswordPolicy } from './password';
import { USER_FLAGS, type UserFlag } from './rights';

/**
 * User administration and My Account (spec "bookings…" §2 User list and user detail, My Account,
 * §3 User, §4 User detail, §5 User save, §7 Users; spec "access…" §7 User).
 */

/** Messages of the user screens, word for word where the spec gives them (spec "bookings…" §8). */
export const USER_MSG = {
  saveTitle: 'Save Data',
  loadTitle: 'Load Data',
  accountRequired: 'At least one account is required',
  circuitRequired: 'At least one circuit is required',
  emailRequired: 'Please enter a valid user email address',
  saved: 'User data saved',
  deleted: 'User deleted',
  notFound: 'User not found',
  selfDelete: 'You cannot delete your own user',
  selfDemote: 'You cannot remove your own user admin right',
  passwordRequired: 'A password is required for a new user',
  logonTaken: 'This username is taken, please choose another',
  confirmMismatch: 'Passwords do not match',
  emailPending:
    'A confirmation link has been sent to the new address. Your e-mail address changes when you open it.',
  emailChanged: 'Your e-mail address has been changed',
  emailLinkInvalid: 'This confirmation link is invalid or has expired',
  emailKeep: 'Ask an administrator to remove your e-mail address',
  ownPassword: 'Use Change Password in My Account to change your own password',
  ownEmail: 'Change your own e-mail address in My Account',
} as const;

/**
 * The rights flags of spec "bookings…" §3 User with the spec's §6 wording, in the order the Options
 * section shows them; then the two flags of spec "access…" §3 and this portal.
 */
export const USER_RIGHT_LABELS: Record<UserFlag, string> = {
  ausr_rights_booking: 'Make a booking',
  ausr_rights_history: 'Booking history',
  ausr_rights_price: 'Price',
  ausr_booking_summary: 'Include confirmation page',
  ausr_booking_complete: 'Include complete page',
  ausr_rights_password: 'My details',
  ausr_rights_control: 'Control',
  ausr_rights_trace: 'Track and trace',
  ausr_trace_disable_docket_access: 'Disable docket access',
  ausr_rights_admin: 'User admin',
  ausr_rights_addressbook: 'Address book',
  ausr_rights_reports: 'Run reports',
  ausr_rights_system: 'System settings',
  ausr_bypass_pcode_validation: 'Bypass post code validation',
  ausr_rights_api: 'API user',
  ausr_rights_export: 'Export to CSV/PDF',
  ausr_rights_otp: 'One time password',
  ausr_accountaddress: 'Prefill the collection address from the account address',
  ausr_own_bookings: 'Own bookings only',
};

/**
 * Rights that only a user who holds them may give or take away (user/post): settings, prices and
 * bulk files are what these rights guard, and an administrator without one could otherwise give it
 * to themselves or to a user they sign in as (security probe 6). The other rights are a user
 * administrator's to hand out.
 */
export const HOLDER_GRANTED_RIGHTS = [
  'ausr_rights_system',
  'ausr_rights_price',
  'ausr_rights_export',
] as const satisfies readonly UserFlag[];

/** The refusal of a change to a HOLDER_GRANTED_RIGHTS flag by someone without it. */
export const notYoursToGrant = (flag: UserFlag): string =>
  `Only a user with the ${USER_RIGHT_LABELS[flag]} right can change it`;

/**
 * The refusal of a change to the username, password, e-mail address or one-time password of a user
 * who holds a HOLDER_GRANTED_RIGHTS flag the caller lacks (or of their deletion): whoever could set
 * them could sign in as that user and use the right.
 */
export const outranksYou = (flag: UserFlag): string =>
  `Only a user with the ${USER_RIGHT_LABELS[flag]} right can change this user's sign-in details`;

/** Sortable columns of the user list: Account code, Account, Username, First Name, Last Name, Email. */
export const USER_SORT_COLUMNS = [
  'cust_acc_code',
  'cust_name',
  'ausr_logon',
  'ausr_firstname',
  'ausr_lastname',
  'ausr_email',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/**
 * user/list body: `{_id}` → that user's detail (the caller's own without the admin right); otherwise
 * one page `{page, pageSize, search, sort}` of the tenant's users (admin right), last name
 * ascending by default (spec "bookings…" §9).
 */
export const userListRequest = z.object({
  _id: dbId.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z
    .union([z.literal(20), z.literal(50)])
    .default(20)
    .describe('20, or 50 with infinite scroll'),
  search: str().trim().max(100).default(''),
  sort: z
    .object({ column: z.enum(USER_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .default({ column: 'ausr_lastname', direction: 'asc' }),
});
export type UserListRequest = z.input<typeof userListRequest>;
export type UserListQuery = z.output<typeof userListRequest>;

/** A row of the user list; the account is the user's default account (empty when none). */
export const userListRow = z.object({
  ausr_id: z.number().int(),
  cust_acc_code: z.string(),
  cust_name: z.string(),
  ausr_logon: z.string(),
  ausr_firstname: z.string(),
  ausr_lastname: z.string(),
  ausr_email: z.string(),
});
export type UserListRow = z.infer<typeof userListRow>;

/** One page of the user list; `hasMore` tells infinite scroll to ask for the next page. */
export const userPage = z.object({
  rows: z.array(userListRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type UserPage = z.infer<typeof userPage>;

const flagShape = Object.fromEntries(USER_FLAGS.map((f) => [f, tf])) as Record<UserFlag, typeof tf>;

/** A user as user/list {_id} answers it: every field of spec §3 but the password. */
export const userDetail = z.object({
  ausr_id: z.number().int(),
  ausr_logon: z.string(),
  ausr_firstname: z.string(),
  ausr_lastname: z.string(),
  ausr_nickname: z.string(),
  ausr_telephone: z.string(),
  ausr_email: z.string(),
  ausr_cust_id: z.number().int().nullable(),
  ausr_site_id: z.number().int().nullable(),
  ausr_bu_id: z.number().int().nullable(),
  ...flagShape,
});
export type UserDetail = z.infer<typeof userDetail>;

/** user/list answer: one user's detail, or a page (see the request). */
export const userListResponse = z.union([userDetail, userPage]);

/** A linked account (spec "bookings…" §3 User linked accounts). */
export const userAccountRow = z.object({
  cust_id: z.number().int(),
  cust_acc_code: z.string(),
  cust_name: z.string(),
});
export type UserAccountRow = z.infer<typeof userAccountRow>;

/** A linked circuit: update allowed ('T') and refresh seconds (null → 30, 0 → none). */
export const userCircuitRow = z.object({
  cir_circ_code: z.string(),
  cir_name: z.string(),
  acia_update: tf,
  acia_refresh: z.number().int().nullable(),
});
export type UserCircuitRow = z.infer<typeof userCircuitRow>;

/** A linked report. */
export const userReportRow = z.object({ rpt_id: z.number().int(), rpt_desc: z.string() });
export type UserReportRow = z.infer<typeof userReportRow>;

/**
 * user/accounts, user/circuits and user/reports body: `{_id}` → the user's linked rows;
 * `{_inScope: true}` (with or without `_id`) → the rows that may be linked, less those already
 * linked to `_id`. Admin right, except a user reading their own linked rows.
 */
export const userLinksRequest = z.object({
  _id: dbId.optional(),
  _inScope: z.boolean().optional().default(false),
});
export type UserLinksRequest = z.input<typeof userLinksRequest>;

const text = (max: number) => str().trim().max(max, `must be at most ${max} characters`).default('');
const optionalId = dbId.nullable().optional().default(null);

/**
 * user/post body (spec "bookings…" §7: the user with accounts, circuits and reports): creates (no
 * ausr_id) or updates a user. An empty password keeps the current one (a new user needs one). On
 * the caller's own record (My Account) only the personal fields count: rights, links, username and
 * password are kept (the password changes through user/password).
 */
/** The same e-mail address, whatever the case or spaces (My Account's change of address). */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const userPostRequest = z.object({
  ausr_id: dbId.optional(),
  ausr_logon: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(100)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Letters, digits and . _ @ - only'),
  ausr_firstname: text(50),
  ausr_lastname: text(50),
  ausr_nickname: text(50),
  ausr_telephone: text(30),
  ausr_email: text(200),
  ausr_password: str().max(200).optional().default(''),
  /** My Account: the caller's current password, needed to change their own e-mail address. */
  ausr_current_password: str().max(200).optional().default(''),
  /**
   * The screen's state (spec "bookings…" §1 userDetail: new, existing or current): 'current' is My
   * Account, the caller's personal details only, whatever their rights (an administrator's too).
   */
  state: z.enum(['new', 'existing', 'current']).optional(),
  ausr_cust_id: optionalId,
  ausr_site_id: optionalId,
  ausr_bu_id: optionalId,
  ...(Object.fromEntries(USER_FLAGS.map((f) => [f, tf.default('F')])) as Record<
    UserFlag,
    z.ZodDefault<typeof tf>
  >),
  accounts: z
    .array(z.object({ cust_id: dbId }))
    .max(1000)
    .default([]),
  circuits: z
    .array(
      z.object({
        cir_circ_code: str().max(10),
        acia_update: tf.default('F'),
        acia_refresh: z.number().int().min(0).max(86_400).nullable().default(null),
      }),
    )
    .max(1000)
    .default([]),
  reports: z
    .array(z.object({ rpt_id: dbId }))
    .max(1000)
    .default([]),
});
export type UserPostRequest = z.input<typeof userPostRequest>;
export type UserPostInput = z.output<typeof userPostRequest>;

/** user/post answer: 'User data saved' and the user's id. */
/**
 * user/post answer; `emailPending` is the new address My Account asked for, which changes only when
 * the link mailed to it is opened (user/email/confirm).
 */
export const userPostResponse = z.object({
  message: z.string(),
  ausr_id: z.number().int(),
  emailPending: z.string().optional(),
});

/** user/email/confirm body: the token of the link mailed to the new address. */
export const emailConfirmRequest = z.object({ token: z.string().trim().min(1, 'Required').max(300) });
/** user/email/confirm answer: the message and the address now on the account. */
export const emailConfirmResponse = z.object({ message: z.string(), ausr_email: z.string() });

/** user/delete body. */
export const userDeleteRequest = z.object({ _id: dbId });

/** site/list row. */
export const siteRow = z.object({ site_id: z.number().int(), site_name: z.string() });
export type SiteRow = z.infer<typeof siteRow>;
/** businessunit/list row (spec "bookings…" §3 Business unit). */
export const businessUnitRow = z.object({
  bu_id: z.number().int(),
  bu_name: z.string(),
  bu_site_id: z.number().int().nullable(),
});
export type BusinessUnitRow = z.infer<typeof businessUnitRow>;

/** A valid single e-mail address. */
export const isEmail = (v: string): boolean => z.email().safeParse(v.trim()).success;

/** What the save rules read of a user (the form's values and user/post's body alike). */
export interface UserSaveFacts {
  ausr_logon: string;
  ausr_email: string;
  ausr_password: string;
  ausr_rights_control: 'T' | 'F';
  ausr_rights_otp: 'T' | 'F';
  accounts: readonly unknown[];
  circuits: readonly unknown[];
}

/**
 * The user save rules (spec "bookings…" §5 User save), shared by the form and the server: at least
 * one account; at least one circuit with the control right; a valid e-mail with the OTP right; the
 * password policy for a new password (a new user needs one). `links` false skips the account and
 * circuit rules (My Account does not change links). Answers field → message, empty when fine, in
 * the order the spec lists them.
 */
export function userSaveProblems(
  u: UserSaveFacts,
  opts: { isNew: boolean; policy: PasswordPolicy; links?: boolean },
): Record<string, string> {
  const out: Record<string, string> = {};
  if (opts.links !== false) {
    if (u.accounts.length === 0) out.accounts = USER_MSG.accountRequired;
    if (u.ausr_rights_control === 'T' && u.circuits.length === 0) out.circuits = USER_MSG.circuitRequired;
  }
  if (u.ausr_rights_otp === 'T' && !isEmail(u.ausr_email)) out.ausr_email = USER_MSG.emailRequired;
  else if (u.ausr_email.trim() !== '' && !isEmail(u.ausr_email)) out.ausr_email = USER_MSG.emailRequired;
  if (u.ausr_password === '') {
    if (opts.isNew) out.ausr_password = USER_MSG.passwordRequired;
  } else {
    const problem = passwordProblems(u.ausr_password, u.ausr_logon, opts.policy)[0];
    if (problem) out.ausr_password = problem;
  }
  return out;
}

/**
 * The default account after a save (spec "bookings…" §5): kept when it is one of the linked
 * accounts, else the first linked one, else none.
 */
export function defaultAccountOf(
  custId: number | null,
  linked: readonly { cust_id: number }[],
): number | null {
  return custId !== null && linked.some((a) => a.cust_id === custId) ? custId : (linked[0]?.cust_id ?? null);
}
