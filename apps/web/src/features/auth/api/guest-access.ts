import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestAccess } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/system/guestAccessAllowed {database} (spec "access…" §7). */
export const fetchGuestAccess = (database: string) =>
  apiPost<GuestAccess>(
    '/api/system/guestAccessAllowed',
    { database },
    () => import('@courier/contracts/password').then((m) => m.guestAccess),
    { quiet: true },
  );

export const guestAccessQuery = (database: string) =>
  queryOptions({
    queryKey: ['system-guest-access', database],
    queryFn: () => fetchGuestAccess(database),
    staleTime: 5 * 60_000,
  });

/**
 * Whether guests may use the quote and tracking screens of `database` (spec "access…" §1, §6).
 * False while unknown, without a database, or when the call fails.
 */
export function useGuestAccessAllowed(database: string | null | undefined): boolean {
  const { data } = useQuery({ ...guestAccessQuery(database ?? ''), enabled: !!database });
  return data?.guestAccessAllowed ?? false;
}
