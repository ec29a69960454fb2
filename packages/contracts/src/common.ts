import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: every database id fits below it. */
export const DB_INT_MAX = 2_147_483_647;

/**
 * A database id in a request (ARCHITECTURE rule 12): a positive integer within the database's
 * integer range, so an out-of-range id is a 400 naming the field, never a failed query.
 */
export const dbId = z.number().int().positive().max(DB_INT_MAX);

/** Refused in every request string: C0 control characters (NUL, tab, line breaks…) and DEL. */
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed';

/**
 * The one string schema of every request field (ARCHITECTURE: validate at the edge): no control
 * characters, so a NUL byte or a line break is a 400 naming the field, never a failed query, a
 * forged mail header or a CSV cell that breaks its row. Chain `.trim()`, `.min()`, `.max()` on it.
 */
export const str = () => z.string().regex(NO_CONTROL, CONTROL_CHARS_MESSAGE);

/** The `database` a public call names (a tenant's name). */
export const databaseName = () => str().min(1).max(100);

/** 'T' or 'F' flag as the spec stores it. */
export const tf = z.enum(['T', 'F']);

/** Error body of every failed call: `{ error, message, fields? }` (ARCHITECTURE rule 3). */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Tenant theme: Mantine primary colour, display name and an optional logo (data URL or path). */
export const theme = z.object({
  primaryColor: z.string(),
  name: z.string(),
  logo: z.string().optional(),
});
export type Theme = z.infer<typeof theme>;

/** Money is kept in pence; the API shows pounds with two decimals. */
export const penceToPounds = (pence: number): number => Math.round(pence) / 100;

/** `£1,234.50` from pence. */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Settings groups of spec "access…" §3, each read by system/{group}/list. */
export const SETTINGS_GROUPS = [
  'general',
  'mandatory',
  'message',
  'default',
  'config',
  'customer',
  'hoo',
] as const;
/** Body of system/{group}/list: {type: 'settings', database, cust_id} (spec "access…" §7). */
export const settingsListRequest = z.object({
  type: z.literal('settings').optional(),
  database: str().max(100).optional(),
  cust_id: dbId.optional(),
  /** Beyond the spec, administrators only: the account's own values, not merged over the tenant's. */
  own: z.boolean().optional(),
});

/**
 * The optional `Idempotency-Key` header of calls that create or charge: the same key again answers
 * the first result instead of doing the work twice (1–100 printable characters; a UUID is usual).
 */
export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'Use 1 to 100 printable characters')
    .optional(),
});

/**
 * Body of system/{group}/post (admin right): the group's whole set of values for the tenant, or for
 * the account `cust_id` (its overrides); keys left out are removed. Rules: settings-rules.ts.
 */
export const settingsPostRequest = settingsListRequest.omit({ own: true }).extend({
  values: z.record(z.string().max(100), z.string()),
});
export type SettingsPostRequest = z.input<typeof settingsPostRequest>;
export const settingsPostResponse = z.object({ message: z.string() });
