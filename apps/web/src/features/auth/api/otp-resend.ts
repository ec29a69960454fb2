import { useMutation } from '@tanstack/react-query';
import { otpSettings } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/auth/otp/resend: mails a new code; the server throttles it (429 with its message). */
export const postOtpResend = () => apiPost('/api/auth/otp/resend', {}, otpSettings);

/** The MFA screen's Resend action; answers the new code's lifetime. */
export const useOtpResend = () => useMutation({ mutationFn: postOtpResend });
