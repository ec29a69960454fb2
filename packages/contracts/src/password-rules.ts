/**
 * The password rules (spec "access…" §5), free of zod so that the screens of the first load can use
 * them without the validation library (issue 15 §1 budgets). password.ts re-exports them beside the
 * schemas.
 */

/** A password policy: minimum length and whether the character rules are enforced ('T'/'F'). */
interface Policy {
  minLength: number;
  enforceRules: 'T' | 'F';
}

/** The spec's policy until a database's own is read: minimum length 8, rules enforced. */
export const DEFAULT_PASSWORD_POLICY: Policy = {
  minLength: 8,
  enforceRules: 'T',
};

/**
 * What is wrong with a new password under the policy, as messages; empty when it is fine.
 * With enforceRules 'T': upper and lower case, a digit, a symbol, and not the username.
 */
export function passwordProblems(password: string, username: string, policy: Policy): string[] {
  const out: string[] = [];
  if (password.length < policy.minLength)
    out.push(`Password must be at least ${policy.minLength} characters`);
  if (policy.enforceRules === 'T') {
    if (!/[A-Z]/.test(password)) out.push('Password must contain an upper-case letter');
    if (!/[a-z]/.test(password)) out.push('Password must contain a lower-case letter');
    if (!/[0-9]/.test(password)) out.push('Password must contain a digit');
    if (!/[^A-Za-z0-9]/.test(password)) out.push('Password must contain a symbol');
    if (username && password.toLowerCase() === username.toLowerCase())
      out.push('Password cannot be the same as the username');
  }
  return out;
}

/** Strength meter level (spec "access…" §5): the 0–100 score divided by 20, whole part (0–5). */
export const strengthLevel = (score: number): number => Math.floor(Math.max(0, Math.min(100, score)) / 20);
