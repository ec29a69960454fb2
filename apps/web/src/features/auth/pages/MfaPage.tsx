import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { otpSentMessage } from '@courier/contracts';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AUTH_TEXT, DEFAULT_OTP_MINUTES } from '../auth-messages';
import { errorText, handledElsewhere } from '../error-text';
import { useCancelLogin } from '../api/logout';
import { useOtpResend } from '../api/otp-resend';
import { otpSettingsQuery } from '../api/otp-settings';
import { useOtpVerify } from '../api/otp-verify';
import { refreshSession, useSession } from '../api/session';
import type { MfaState } from '../components/LoginForm';
import { LoginCard } from '../components/LoginCard';
import { OtpForm } from '../components/OtpForm';

/** Shows an OTP failure under 'Multi-factor authentication' unless the route errors handle it. */
function notifyMfa(error: unknown, fallback: string): void {
  if (!handledElsewhere(error)) notifyError(AUTH_TEXT.mfaTitle, errorText(error, fallback));
}

/**
 * /mfa, the one-time-code page of the login screen (spec "access…" §2, §4, §8, §9): the spec's
 * message with the code's lifetime, the code, Verify and Resend. Verification answers an error
 * level; anything but 0 shows the server's message under 'Multi-factor authentication'. Once
 * verified the session is read again: an expired password goes to change mode, else home.
 */
export default function MfaPage() {
  const { session, pending, isPending } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fromLogin = (useLocation().state as MfaState | null)?.otpMinutes;
  const [resentMinutes, setResentMinutes] = useState<number | null>(null);
  const waiting = pending?.stage === 'otp' ? pending : null;
  const settings = useQuery({
    ...otpSettingsQuery(waiting?.tenant.name ?? ''),
    enabled: !!waiting && !fromLogin,
  });
  const verify = useOtpVerify();
  const resend = useOtpResend();
  const cancel = useCancelLogin();

  if (isPending) return <FullPageLoader />;
  if (session) return <Navigate to="/home" replace />;
  if (!waiting) return <Navigate to="/login" replace />;

  const minutes = resentMinutes ?? fromLogin ?? settings.data?.otp_expire_minutes ?? DEFAULT_OTP_MINUTES;

  const onVerify = async (code: string): Promise<boolean> => {
    try {
      const result = await verify.mutateAsync(code);
      if (result.errorLevel !== 0) {
        notifyError(AUTH_TEXT.mfaTitle, result.message);
        return false;
      }
      const next = await refreshSession(queryClient);
      await navigate(next?.stage === 'full' ? '/home' : '/login', { replace: true });
      return true;
    } catch (error) {
      notifyMfa(error, AUTH_TEXT.otpFailed);
      return false;
    }
  };

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ otp_expire_minutes }) => {
        setResentMinutes(otp_expire_minutes);
        notifySuccess(otpSentMessage(otp_expire_minutes), AUTH_TEXT.mfaTitle);
      },
      onError: (error) => notifyMfa(error, AUTH_TEXT.resendFailed),
    });

  return (
    <LoginCard tenant={waiting.tenant.theme} title={AUTH_TEXT.mfaTitle}>
      <OtpForm
        message={otpSentMessage(minutes)}
        onVerify={onVerify}
        onResend={onResend}
        onCancel={() => cancel.mutate()}
        verifying={verify.isPending}
        resending={resend.isPending}
      />
    </LoginCard>
  );
}
