/**
 * What each known setting may hold (issue 12 §2: values validated by type, the field named), shared
 * by the server's system/{group}/post and the System settings form. Keys not listed are free text.
 * Zod-free: the form checks as the administrator types.
 */

/** The groups an administrator saves (spec "access…" §3, plus our payment group). */
export const EDITABLE_SETTINGS_GROUPS = [
  'general',
  'mandatory',
  'message',
  'default',
  'config',
  'customer',
  'hoo',
  'payment',
] as const;
export type EditableSettingsGroup = (typeof EDITABLE_SETTINGS_GROUPS)[number];

/** A setting's type and the message when a value does not fit it. */
type Rule = { check: (value: string) => boolean; message: string };

const flag: Rule = { check: (v) => v === 'T' || v === 'F', message: 'Use T or F' };
const whole = (min: number, max: number): Rule => ({
  check: (v) => /^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max,
  message: `Use a whole number from ${min} to ${max}`,
});
/** HH:mm, or empty for a day without hours. */
const time: Rule = {
  check: (v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
  message: 'Use a 24-hour time HH:mm, or leave it empty',
};
const percent: Rule = {
  check: (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
  message: 'Use a percentage from 0 to 100 with at most two decimals',
};
const email: Rule = {
  check: (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  message: 'Please enter a valid e-mail address',
};
const colour: Rule = {
  check: (v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v),
  message: 'Use a colour as #RRGGBB',
};
const provider: Rule = {
  check: (v) => ['sandbox', 'stripe', 'worldpay'].includes(v),
  message: 'Use sandbox, stripe or worldpay',
};
const dateFormat: Rule = {
  check: (v) => /^[DMYHhms/:. -]{1,30}$/.test(v) && /(D|M|Y|H|h|m)/.test(v),
  message: 'Use a date format such as DD/MM/YYYY HH:mm',
};

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** group.key → rule. */
const RULES: Record<string, Rule> = {
  'general.ArchiveDays': whole(1, 3650),
  'general.GuestAccessAllowed': flag,
  'general.ExtraReferences': flag,
  'general.GlobalHOO': flag,
  'general.BookingHOO': flag,
  'general.TermsCheckbox': flag,
  'general.TrackingMail': flag,
  'config.PasswordMinLength': whole(4, 64),
  'config.PasswordEnforceRules': flag,
  'config.OtpExpireMinutes': whole(1, 1440),
  'config.SessionIdleMinutes': whole(1, 10080),
  'config.LogRetentionDays': whole(1, 36500),
  'config.cfg_disallow_pobox': flag,
  'config.cfg_insight_custid': whole(0, 2147483647),
  'default.aset_quote_customer': whole(1, 2147483647),
  'default.aset_quote_aci_user': whole(0, 2147483647),
  'default.aset_general_format': dateFormat,
  'default.aset_today_format': dateFormat,
  'default.aset_web_tracking': flag,
  'default.aset_web_quicktracking': flag,
  'default.aset_track_map': flag,
  'default.aset_track_stock': flag,
  'default.aset_track_signatures': flag,
  'default.aset_trace_reference': flag,
  'default.aset_trace_consignment': flag,
  'default.aset_trace_traceref': flag,
  'payment.holdMargin': percent,
  'payment.currencyCode': {
    check: (v) => /^[A-Z]{3}$/.test(v),
    message: 'Use a three-letter currency code such as GBP',
  },
  'payment.currencySymbol': {
    check: (v) => v.length >= 1 && v.length <= 3,
    message: 'Use one to three characters',
  },
  'payment.provider.O': provider,
  'payment.provider.S': provider,
  ...Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [`hoo.hoo_${d}_start`, time],
      [`hoo.hoo_${d}_end`, time],
    ]),
  ),
};

/** A setting key: letters, digits and . _ ~ -, 1 to 100 characters. */
export const SETTING_KEY_PATTERN = /^[A-Za-z0-9_.~-]{1,100}$/;
export const SETTING_KEY_MESSAGE = 'Use 1 to 100 letters, digits, dots, dashes, tildes or underscores';
export const SETTING_VALUE_MAX = 2000;

/**
 * What is wrong with `value` for `key` of `group`, or null when it fits: its type's rule (keys named
 * …Email or …Colour/…Color are e-mail addresses and colours), else free text up to 2,000 characters.
 */
export function settingProblem(group: string, key: string, value: string): string | null {
  if (!SETTING_KEY_PATTERN.test(key)) return SETTING_KEY_MESSAGE;
  if (value.length > SETTING_VALUE_MAX) return `Use at most ${SETTING_VALUE_MAX} characters`;
  const rule =
    RULES[`${group}.${key}`] ?? (/email$/i.test(key) ? email : /colou?r$/i.test(key) ? colour : undefined);
  return rule && !rule.check(value) ? rule.message : null;
}

/**
 * Every problem of a group's values as field → message (`values.{key}`), the hours of operation's
 * ends checked against their starts ('Must be after the start'); empty when all fit.
 */
export function settingsProblems(group: string, values: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const problem = settingProblem(group, key, value);
    if (problem) problems[`values.${key}`] = problem;
  }
  if (group === 'hoo')
    for (const d of WEEKDAYS) {
      const start = values[`hoo_${d}_start`] ?? '';
      const end = values[`hoo_${d}_end`] ?? '';
      const field = `values.hoo_${d}_end`;
      if (problems[field] || problems[`values.hoo_${d}_start`]) continue;
      if ((start === '') !== (end === '')) problems[field] = 'Give both times, or neither';
      else if (start && end <= start) problems[field] = 'Must be after the start';
    }
  return problems;
}
