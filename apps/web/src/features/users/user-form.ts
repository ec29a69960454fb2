import {
  USER_FLAGS,
  USER_MSG,
  userPostRequest,
  userSaveProblems,
  type PasswordPolicy,
  type UserAccountRow,
  type UserCircuitRow,
  type UserDetail,
  type UserFlags,
  type UserPostRequest,
  type UserReportRow,
} from '@courier/contracts';

/**
 * The user detail form's values (spec "bookings…" §2 User detail, §3 User): the user's fields, its
 * rights flags, the password with its confirmation, and the linked accounts, circuits and reports,
 * which are saved with the user. Selects hold ids as strings.
 */
export interface UserFormValues extends UserFlags {
  ausr_id?: number;
  ausr_logon: string;
  ausr_firstname: string;
  ausr_lastname: string;
  ausr_nickname: string;
  ausr_telephone: string;
  ausr_email: string;
  ausr_password: string;
  confirm: string;
  ausr_cust_id: string | null;
  ausr_site_id: string | null;
  ausr_bu_id: string | null;
  accounts: UserAccountRow[];
  circuits: UserCircuitRow[];
  reports: UserReportRow[];
}

const noFlags = Object.fromEntries(USER_FLAGS.map((f) => [f, 'F'])) as UserFlags;
const idText = (id: number | null | undefined) => (id ? String(id) : null);
const idOf = (text: string | null) => (text ? Number(text) : null);

/** A new user: no rights, no links (state new). */
export const emptyUser = (): UserFormValues => ({
  ...noFlags,
  ausr_logon: '',
  ausr_firstname: '',
  ausr_lastname: '',
  ausr_nickname: '',
  ausr_telephone: '',
  ausr_email: '',
  ausr_password: '',
  confirm: '',
  ausr_cust_id: null,
  ausr_site_id: null,
  ausr_bu_id: null,
  accounts: [],
  circuits: [],
  reports: [],
});

/** An existing user's values (state existing or current); the password fields start empty. */
export function valuesOfUser(
  u: UserDetail,
  links: { accounts: UserAccountRow[]; circuits: UserCircuitRow[]; reports: UserReportRow[] },
): UserFormValues {
  const flags = Object.fromEntries(USER_FLAGS.map((f) => [f, u[f]])) as UserFlags;
  return {
    ...flags,
    ausr_id: u.ausr_id,
    ausr_logon: u.ausr_logon,
    ausr_firstname: u.ausr_firstname,
    ausr_lastname: u.ausr_lastname,
    ausr_nickname: u.ausr_nickname,
    ausr_telephone: u.ausr_telephone,
    ausr_email: u.ausr_email,
    ausr_password: '',
    confirm: '',
    ausr_cust_id: idText(u.ausr_cust_id),
    ausr_site_id: idText(u.ausr_site_id),
    ausr_bu_id: idText(u.ausr_bu_id),
    ...links,
  };
}

/** Clone (spec "bookings…" §4 User detail): a new user like this one, without id, password, email and logon. */
export const cloneValues = (v: UserFormValues): UserFormValues => ({
  ...v,
  ausr_id: undefined,
  ausr_password: '',
  confirm: '',
  ausr_email: '',
  ausr_logon: '',
});

/** The user/post body of the form's values. */
export function toUserPost(v: UserFormValues): UserPostRequest {
  const flags = Object.fromEntries(USER_FLAGS.map((f) => [f, v[f]])) as UserFlags;
  return {
    ...flags,
    ...(v.ausr_id === undefined ? {} : { ausr_id: v.ausr_id }),
    ausr_logon: v.ausr_logon,
    ausr_firstname: v.ausr_firstname,
    ausr_lastname: v.ausr_lastname,
    ausr_nickname: v.ausr_nickname,
    ausr_telephone: v.ausr_telephone,
    ausr_email: v.ausr_email,
    ausr_password: v.ausr_password,
    ausr_cust_id: idOf(v.ausr_cust_id),
    ausr_site_id: idOf(v.ausr_site_id),
    ausr_bu_id: idOf(v.ausr_bu_id),
    accounts: v.accounts.map((a) => ({ cust_id: a.cust_id })),
    circuits: v.circuits.map((c) => ({
      cir_circ_code: c.cir_circ_code,
      acia_update: c.acia_update,
      acia_refresh: c.acia_refresh,
    })),
    reports: v.reports.map((r) => ({ rpt_id: r.rpt_id })),
  };
}

/** What a Save finds wrong: field errors, and the message of the 'Save Data' notification, if any. */
export interface UserFormVerdict {
  errors: Record<string, string>;
  notice?: string;
}

/**
 * The save rules (spec "bookings…" §5 User save) before the form is sent, the same as the server's
 * (contracts userSaveProblems), plus the password confirmation and the username's rule. The first problem is the notice
 * shown as 'Save Data: {message}' (accounts and circuits live on other tabs than their message).
 * `links` false (My Account) skips the account and circuit rules.
 */
export function validateUserForm(v: UserFormValues, policy: PasswordPolicy, links = true): UserFormVerdict {
  const errors = userSaveProblems(v, { isNew: v.ausr_id === undefined, policy, links });
  if (v.ausr_password !== '' && v.confirm !== v.ausr_password && !errors.ausr_password)
    errors.confirm = USER_MSG.confirmMismatch;
  // The username's own rule, as the server states it (contracts userPostRequest): an empty one
  // was sent and refused with nothing shown under the field.
  // My Account (`links` false) keeps the username, whatever it is.
  const logon = userPostRequest.shape.ausr_logon.safeParse(v.ausr_logon);
  if (links && !logon.success) errors.ausr_logon = logon.error.issues[0]!.message;
  const notice = Object.values(errors)[0];
  return notice === undefined ? { errors } : { errors, notice };
}
