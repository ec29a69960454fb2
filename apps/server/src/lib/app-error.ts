/** Error codes and the HTTP status each maps to (ARCHITECTURE rule 3). */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  NOT_AUTHENTICATED: 401,
  AUTHENTICATION_ERROR: 401,
  NOT_AUTHORIZED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A quote past its 15 minutes (spec "bookings…" §8 'Quote Expired'). */
  GONE: 410,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw; the error handler turns it into `{ error, message, fields? }`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** 400 naming the fields: `{ 'addresses.0.dadd_postalcode': 'Please enter a valid UK post code' }`. */
export function validationError(fields: Record<string, string>): AppError {
  const first = Object.entries(fields)[0];
  return new AppError('VALIDATION', first ? `${first[0]}: ${first[1]}` : 'Invalid request', fields);
}
