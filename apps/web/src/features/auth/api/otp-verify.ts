import { useMutation } from '@tanstack/react-query';
import { otpVerifyResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/auth/otp/verify {code}: errorLevel 0 is success (the session moves on to 'password' or
 * 'full'), 1 a wrong code, 2 a new code is needed (spec "access…" §8). The answer is parsed, so an
 * unexpected shape fails as a ZodError ('Invalid response data').
 */
export const postOtpVerify = (code: string) => apiPost('/api/auth/otp/verify', { code }, otpVerifyResponse);

/** The MFA screen's Verify action. */
export const useOtpVerify = () => useMutation({ mutationFn: postOtpVerify });
