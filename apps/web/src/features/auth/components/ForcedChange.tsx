import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PasswordPolicy, UserSession } from '@courier/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AUTH_TEXT } from '../auth-messages';
import { errorText, fieldText, handledElsewhere } from '../error-text';
import { useCancelLogin } from '../api/logout';
import { useChangePassword } from '../api/password-change';
import { refreshSession } from '../api/session';
import { ChangePasswordForm } from './ChangePasswordForm';

interface ForcedChangeProps {
  /** The session waiting at the 'password' stage. */
  pending: UserSession;
  policy: PasswordPolicy;
}

/**
 * The login screen in change mode for an expired password (spec "access…" §4: after the OTP step,
 * if the password has expired, change password, then home). 'Back to login' ends the half-done login.
 */
export function ForcedChange({ pending, policy }: ForcedChangeProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const cancel = useCancelLogin();
  const submit = async (password: string, current: string) => {
    try {
      const { message } = await change.mutateAsync({
        ausr_password: password,
        ausr_current_password: current,
      });
      notifySuccess(message);
      const session = await refreshSession(queryClient);
      await navigate(session?.stage === 'full' ? '/home' : '/login', { replace: true });
      return undefined;
    } catch (error) {
      if (!handledElsewhere(error)) notifyError(AUTH_TEXT.changeFailed, errorText(error));
      return {
        password: fieldText(error, 'ausr_password'),
        current: fieldText(error, 'ausr_current_password'),
      };
    }
  };
  return (
    <ChangePasswordForm
      policy={policy}
      username={pending.user.ausr_logon}
      askCurrent
      onSubmit={submit}
      pending={change.isPending}
      onCancel={() => cancel.mutate()}
    />
  );
}
