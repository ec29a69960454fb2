import { queryOptions } from '@tanstack/react-query';
import type { TrackRequest, TrackResponse } from '@courier/contracts';
import { ApiError, apiPost, pageAnswerOf } from '../../../lib/api-client';
import { DOCKET_TRACK_KEY, TRACK_FRESH_MS } from './tracking-keys';

/**
 * POST /api/docket/track (public): the order summary of a tracking reference (spec "bookings…" §2
 * Tracking view). Its schema loads with the call, not with the page (zod is not part of the
 * tracking page's first load: its answers are written in it).
 */
export const fetchDocketTrack = (body: TrackRequest) =>
  apiPost('/api/docket/track', body, () => import('@courier/contracts/dockets').then((m) => m.trackResponse));

/**
 * The order summary of a reference in a database; a 404 is an answer, not worth a retry. The
 * answer written in the page, if any, is its first data (drawn in the first render).
 */
export const docketTrackQuery = (database: string, trackingRef: string) =>
  queryOptions({
    queryKey: [...DOCKET_TRACK_KEY, database, trackingRef],
    queryFn: () => fetchDocketTrack({ database, tracking_ref: trackingRef }),
    initialData: () =>
      pageAnswerOf<TrackResponse>('/api/docket/track', { database, tracking_ref: trackingRef }),
    staleTime: TRACK_FRESH_MS,
    retry: false,
  });

/**
 * The database among `candidates` that holds a tracking reference, asked in turn (one docket/track
 * each; a database without it, 404, or closed to guests, 401, is passed over), or null when none
 * does: for a visitor whose link names no database and whose stand-in database has no such order.
 */
export const referenceDatabaseQuery = (candidates: string[], trackingRef: string) =>
  queryOptions({
    queryKey: [...DOCKET_TRACK_KEY, 'where', trackingRef, ...candidates],
    queryFn: async (): Promise<string | null> => {
      for (const database of candidates) {
        try {
          await fetchDocketTrack({ database, tracking_ref: trackingRef });
          return database;
        } catch (err) {
          if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 401)) throw err;
        }
      }
      return null;
    },
    retry: false,
  });
