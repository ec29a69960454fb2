import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ChangeRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/auth/password/change {ausr_password, ausr_current_password}: the forced change of an
 * expired password (session stage 'password'); the session becomes 'full' (spec "access…" §4 login
 * flow). 400 names ausr_current_password when it is wrong, ausr_password for the policy or reuse.
 */
export const postChangePassword = (body: ChangeRequest) =>
  apiPost('/api/auth/password/change', body, messageResponse);

/** The change form in forced-change mode. */
export const useChangePassword = () => useMutation({ mutationFn: postChangePassword });
