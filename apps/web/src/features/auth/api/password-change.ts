import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/auth/password/change {ausr_password}: the forced change of an expired password (session
 * stage 'password'); the session becomes 'full' (spec "access…" §4 login flow).
 */
export const postChangePassword = (ausr_password: string) =>
  apiPost('/api/auth/password/change', { ausr_password }, messageResponse);

/** The change form in forced-change mode. */
export const useChangePassword = () => useMutation({ mutationFn: postChangePassword });
