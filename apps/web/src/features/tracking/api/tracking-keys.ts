/** Cache key prefix of every tracking view (no imports: the live-events code loads only the key). */
export const DOCKET_TRACK_KEY = ['docket-track'] as const;

/**
 * How long a tracking view's answer counts as fresh (ms), the one written in the page included (it
 * is not asked again as the view opens): the live stream (use-track-events) reads the view again
 * at every change meanwhile. The app's default, held here for the written answers' sake.
 */
export const TRACK_FRESH_MS = 30_000;
