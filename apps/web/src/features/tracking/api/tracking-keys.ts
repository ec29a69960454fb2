/** Cache key prefix of every tracking view (no imports: the live-events code loads only the key). */
export const DOCKET_TRACK_KEY = ['docket-track'] as const;
