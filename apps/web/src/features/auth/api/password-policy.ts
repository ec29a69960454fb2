import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/system/password {database}: minLength and enforceRules (spec "access…" §5, §7) */
export const fetchPasswordPolicy = (database: string) =>
  apiPost<PasswordPolicy>(
    '/api/system/password',
    { database },
    () => import('@courier/contracts/password').then((m) => m.passwordPolicy),
    { quiet: true },
  );

export const passwordPolicyQuery = (database: string) =>
  queryOptions({
    queryKey: ['system-password', database],
    queryFn: () => fetchPasswordPolicy(database),
    staleTime: 5 * 60_000,
  });

/**
 * The password policy of `database`; the spec's default (8 characters, rules on) until it loads or
 * when it cannot be read. The server checks the real policy again on submit.
 */
export function usePasswordPolicy(database: string | null | undefined): PasswordPolicy {
  const { data } = useQuery({ ...passwordPolicyQuery(database ?? ''), enabled: !!database });
  return data ?? DEFAULT_PASSWORD_POLICY;
}
