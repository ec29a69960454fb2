import { queryOptions } from '@tanstack/react-query';
import { trackResponse, type TrackRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { DOCKET_TRACK_KEY } from './tracking-keys';

/** POST /api/docket/track (public): the order summary of a tracking reference (spec "bookings…" §2 Tracking view). */
export const fetchDocketTrack = (body: TrackRequest) => apiPost('/api/docket/track', body, trackResponse);

/** The order summary of a reference in a database; a 404 is an answer, not worth a retry. */
export const docketTrackQuery = (database: string, trackingRef: string) =>
  queryOptions({
    queryKey: [...DOCKET_TRACK_KEY, database, trackingRef],
    queryFn: () => fetchDocketTrack({ database, tracking_ref: trackingRef }),
    retry: false,
  });
