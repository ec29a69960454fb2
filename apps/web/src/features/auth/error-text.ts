import { MSG } from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import { AUTH_TEXT } from './auth-messages';

/**
 * The message to show for a failed login-screen call: a 400's first field message (the policy
 * problem, without the field name), else the server's message; an answer of the wrong shape is
 * 'Invalid response data' (spec "access…" §8); anything else (network, 5xx) is `fallback`.
 */
export function errorText(error: unknown, fallback: string = MSG.unexpected): string {
  // A ZodError by name: the class would bring zod into the sign-in page's first load.
  if (error instanceof Error && error.name === 'ZodError') return AUTH_TEXT.invalidResponse;
  if (!(error instanceof ApiError) || error.status >= 500) return fallback;
  const field = error.status === 400 && error.fields ? Object.values(error.fields)[0] : undefined;
  return field ?? error.message;
}

/**
 * The server's message for one field of a refusal (400, or 409 'Username taken', 422), if it named
 * that field.
 */
export function fieldText(error: unknown, field: string): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.fields?.[field]
    : undefined;
}

/** True for NOT_AUTHENTICATED, which the app's route errors already handle (login, info message). */
export const handledElsewhere = (error: unknown): boolean =>
  error instanceof ApiError && error.notAuthenticated;
