/**
 * The e-mail list fields of a booking (dck_email, dadd_email; spec "bookings…" §5), without zod:
 * the booking screen checks them before its first answer has loaded zod, and the server's schemas
 * refine with the same test.
 */

/** The message of an e-mail list that does not pass, word for word. */
export const EMAIL_LIST_MESSAGE = 'Please enter valid e-mail addresses, separated by ; or ,';

/**
 * One e-mail address: zod 4's own `z.email()` pattern (zod/v4/core regexes `email`), copied
 * (without its needless escapes) so that the test needs no zod; email-list.unit.test.ts holds the
 * two to the same answers.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** One or more e-mail addresses separated by ';' or ','; empty is fine. */
export const isEmailList = (value: string): boolean =>
  value.trim() === '' ||
  value
    .split(/[;,]/)
    .map((v) => v.trim())
    .every((v) => EMAIL_PATTERN.test(v));
