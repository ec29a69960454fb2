import { useNavigate } from 'react-router';
import type { PasswordPolicy } from '@courier/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AUTH_TEXT } from '../auth-messages';
import { errorText, fieldText } from '../error-text';
import { useResetPassword } from '../api/password-reset';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * The login screen in reset mode, opened by a mailed /reset/{token} link (spec "access…" §2, §4):
 * the new password is set with the token, 'Your password has been changed' is shown and the page
 * returns to login. Failures: 'Change password failed: {message}'.
 */
export function ResetPassword({ token, policy }: { token: string; policy: PasswordPolicy }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const submit = async (password: string) => {
    try {
      const { message } = await reset.mutateAsync({ token, password });
      notifySuccess(message);
      await navigate('/login', { replace: true });
      return undefined;
    } catch (error) {
      notifyError(AUTH_TEXT.changeFailed, errorText(error));
      return { password: fieldText(error, 'password') };
    }
  };
  return (
    <ChangePasswordForm
      policy={policy}
      username=""
      onSubmit={submit}
      pending={reset.isPending}
      onCancel={() => void navigate('/login', { replace: true })}
    />
  );
}
