import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/auth/password/reset {token, password}: the new password from a mailed /reset/{token} link. */
export const postReset = (body: { token: string; password: string }) =>
  apiPost<MessageResponse>('/api/auth/password/reset', body, () =>
    import('@courier/contracts/password').then((m) => m.messageResponse),
  );

/** The change form in reset mode (spec "access…" §2 /reset, §4). */
export const useResetPassword = () => useMutation({ mutationFn: postReset });

/**
 * The database a reset token belongs to: the token is base64url(database name) + '.' + random part.
 * Lets the reset screen show the tenant's theme and password policy; null when it does not decode.
 */
export function databaseOfResetToken(token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  try {
    const b64 = token.slice(0, dot).replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes) || null;
  } catch {
    return null;
  }
}
