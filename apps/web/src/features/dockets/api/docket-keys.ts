/**
 * Cache key prefixes of the bookings, in a file of their own (no imports) so that the live-events
 * code, which only needs the keys, loads nothing else.
 */

/** Every booking list page; a new booking or a live event invalidates it. */
export const DOCKET_LIST_KEY = ['docket-list'] as const;

/** The saved bookings, then the docket id: a live event about it reads it again. */
export const DOCKET_DETAIL_KEY = ['docket-detail'] as const;
