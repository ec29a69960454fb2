import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { photoRow, signatureRow, stockRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { DOCKET_TRACK_KEY } from './tracking-keys';

/**
 * A signed-in user's calls for one docket's proof of delivery and stock (spec "bookings…" §7
 * docket/signature/list, stock/list; docket/photo/list beyond the spec), each `{_docketId}`, for
 * the booking lists' row modals. Keyed under the tracking key, so live events refresh them.
 */
const docketKey = (dckId: number, what: string) => [...DOCKET_TRACK_KEY, 'docket', dckId, what] as const;

/** POST /api/docket/signature/list: who signed, when, and each image's url. */
export const signatureListQuery = (dckId: number) =>
  queryOptions({
    queryKey: docketKey(dckId, 'signatures'),
    queryFn: () => apiPost('/api/docket/signature/list', { _docketId: dckId }, z.array(signatureRow)),
  });

/** POST /api/docket/photo/list: the delivery photos, each image's url. */
export const photoListQuery = (dckId: number) =>
  queryOptions({
    queryKey: docketKey(dckId, 'photos'),
    queryFn: () => apiPost('/api/docket/photo/list', { _docketId: dckId }, z.array(photoRow)),
  });

/** POST /api/stock/list: the stock lines, ticked once scanned. */
export const stockListQuery = (dckId: number) =>
  queryOptions({
    queryKey: docketKey(dckId, 'stock'),
    queryFn: () => apiPost('/api/stock/list', { _docketId: dckId }, z.array(stockRow)),
  });
