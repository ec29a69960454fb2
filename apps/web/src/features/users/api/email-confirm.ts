import { useMutation } from '@tanstack/react-query';
import { emailConfirmResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/user/email/confirm {token}: makes the mailed address the account's e-mail (public). */
export const postEmailConfirm = (token: string) =>
  apiPost('/api/user/email/confirm', { token }, emailConfirmResponse);

/** The confirmation of a new e-mail address from its mailed /email/confirm/{token} link. */
export const useEmailConfirm = () => useMutation({ mutationFn: postEmailConfirm });
