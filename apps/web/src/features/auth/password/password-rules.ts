import { passwordProblems, type PasswordPolicy } from '@courier/contracts';

/** The confirm field's error when it differs from the password. */
export const CONFIRM_MISMATCH = 'Passwords do not match';

/** One sentence describing the policy, shown under the password field (spec "access…" §5). */
export function policyHint(policy: PasswordPolicy): string {
  const length = `At least ${policy.minLength} characters`;
  return policy.enforceRules === 'T'
    ? `${length}, with upper and lower case letters, a digit and a symbol, and not your username`
    : length;
}

/** The first policy problem of a new password, or null (the same rules the server applies). */
export function passwordError(password: string, username: string, policy: PasswordPolicy): string | null {
  if (!password) return 'Password is required';
  return passwordProblems(password, username, policy)[0] ?? null;
}

/** The confirm field's error, or null. */
export function confirmError(confirm: string, password: string): string | null {
  if (!confirm) return 'Please confirm the password';
  return confirm === password ? null : CONFIRM_MISMATCH;
}
