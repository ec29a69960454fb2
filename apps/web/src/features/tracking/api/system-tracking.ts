import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackingSettings } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/system/tracking {database} (spec "access…" §7): the tenant's tracking settings, what
 * guests may see and use ('T'/'F' each). The schema loads with the answer, off the first screen.
 */
export const fetchTrackingSettings = (database: string) =>
  apiPost<TrackingSettings>(
    '/api/system/tracking',
    { database },
    () => import('@courier/contracts/tracking').then((m) => m.trackingSettings),
    { quiet: true },
  );

export const trackingSettingsQuery = (database: string) =>
  queryOptions({
    queryKey: ['system-tracking', database],
    queryFn: () => fetchTrackingSettings(database),
    staleTime: 5 * 60_000,
  });

/**
 * Whether a guest of `database` gets the header's tracking reference box: not where the tenant
 * turned public tracking or the quick tracking box off (aset_web_tracking, aset_web_quicktracking
 * 'F'). True while unknown, so the header does not shift when the answer comes.
 */
export function useQuickTracking(database: string | null | undefined): boolean {
  const { data } = useQuery({ ...trackingSettingsQuery(database ?? ''), enabled: !!database });
  return data?.aset_web_tracking !== 'F' && data?.aset_web_quicktracking !== 'F';
}
