import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { userAccountRow, userCircuitRow, userDetail, userReportRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { USERS_KEY } from './user-keys';

/** POST /api/user/list {_id}: one user's detail (own record, or admin right); 404 'User not found'. */
export const fetchUser = (ausrId: number) => apiPost('/api/user/list', { _id: ausrId }, userDetail);

/** The user the detail screen edits. */
export const userQuery = (ausrId: number) =>
  queryOptions({ queryKey: [...USERS_KEY, 'one', ausrId], queryFn: () => fetchUser(ausrId) });

/** The link calls and the row each answers (spec "bookings…" §7 Users). */
const LINK_CALLS = {
  accounts: { path: '/api/user/accounts', row: userAccountRow },
  circuits: { path: '/api/user/circuits', row: userCircuitRow },
  reports: { path: '/api/user/reports', row: userReportRow },
} as const;
export type LinkKind = keyof typeof LINK_CALLS;

/**
 * POST /api/user/{accounts|circuits|reports} {_id, _inScope}: the user's linked rows, or with
 * `inScope` the rows that may still be linked (admin right). `ausrId` undefined: a new user.
 */
export function linksQuery<K extends LinkKind>(kind: K, ausrId: number | undefined, inScope = false) {
  const call = LINK_CALLS[kind];
  return queryOptions({
    queryKey: [...USERS_KEY, kind, ausrId ?? 'new', inScope],
    queryFn: () =>
      apiPost(
        call.path,
        { ...(ausrId === undefined ? {} : { _id: ausrId }), ...(inScope ? { _inScope: true } : {}) },
        z.array(call.row as (typeof LINK_CALLS)[K]['row']),
      ),
  });
}
