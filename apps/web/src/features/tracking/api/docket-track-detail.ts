import { queryOptions } from '@tanstack/react-query';
import { trackDetailResponse, type TrackRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { DOCKET_TRACK_KEY } from './tracking-keys';

/** POST /api/docket/track/detail (public): timeline, route, stock and signatures of a tracking reference. */
export const fetchTrackDetail = (body: TrackRequest) =>
  apiPost('/api/docket/track/detail', body, trackDetailResponse);

/**
 * The tracking view's details; keyed under the summary's key, so the live stream's invalidation of
 * the summary reads them again too.
 */
export const trackDetailQuery = (database: string, trackingRef: string) =>
  queryOptions({
    queryKey: [...DOCKET_TRACK_KEY, database, trackingRef, 'detail'],
    queryFn: () => fetchTrackDetail({ database, tracking_ref: trackingRef }),
    retry: false,
  });
