import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/auth/password/forgot {database, username}: asks for the reset mail (spec "access…" §4
 * forgotten state). The answer is the same whether or not the user exists.
 */
export const postForgot = (body: { database: string; username: string }) =>
  apiPost<MessageResponse>('/api/auth/password/forgot', body, () =>
    import('@courier/contracts/password').then((m) => m.messageResponse),
  );

/** The forgotten-password page's send action. */
export const useForgotPassword = () => useMutation({ mutationFn: postForgot });
