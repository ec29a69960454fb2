/** UK post code shape, e.g. 'M1 1AE', 'SW1A 1AA', 'GIR 0AA' (spec "bookings…" §5 post code format). */
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i;

/** With the bypass right only letters, digits and spaces are checked. */
const LOOSE_POSTCODE = /^[A-Z0-9 ]+$/i;

/** The server's message for a malformed post code. */
export const BAD_POSTCODE = 'Please enter a valid UK post code';

/** The error for a post code, or null when it passes (the server checks again). */
export function postcodeError(value: string, bypass: boolean): string | null {
  const v = value.trim();
  if (!v) return 'Post code is required';
  return (bypass ? LOOSE_POSTCODE : UK_POSTCODE).test(v) ? null : BAD_POSTCODE;
}
