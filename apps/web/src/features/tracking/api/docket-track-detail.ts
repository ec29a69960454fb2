import { queryOptions } from '@tanstack/react-query';
import type { TrackDetailResponse, TrackRequest } from '@courier/contracts';
import { TRACK_DETAIL_CALL } from '@courier/contracts/page-calls';
import { apiPost, pageAnswerOf } from '../../../lib/api-client';
import { DOCKET_TRACK_KEY, TRACK_FRESH_MS } from './tracking-keys';

/**
 * POST /api/docket/track/detail (public): timeline, route, stock and signatures of a tracking
 * reference; its schema loads with the call (see fetchDocketTrack).
 */
export const fetchTrackDetail = (body: TrackRequest) =>
  apiPost(TRACK_DETAIL_CALL, body, () =>
    import('@courier/contracts/tracking').then((m) => m.trackDetailResponse),
  );

/**
 * The tracking view's details; keyed under the summary's key, so the live stream's invalidation of
 * the summary reads them again too. The answer written in the page, if any, is their first data.
 */
export const trackDetailQuery = (database: string, trackingRef: string) =>
  queryOptions({
    queryKey: [...DOCKET_TRACK_KEY, database, trackingRef, 'detail'],
    queryFn: () => fetchTrackDetail({ database, tracking_ref: trackingRef }),
    initialData: () =>
      pageAnswerOf<TrackDetailResponse>(TRACK_DETAIL_CALL, {
        database,
        tracking_ref: trackingRef,
      }),
    staleTime: TRACK_FRESH_MS,
    retry: false,
  });
