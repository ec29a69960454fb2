/** The lists a booking is opened from (spec "bookings…" §2: caller docketList or docketArchive). */
export const CALLERS = { docketList: '/docket/list', docketArchive: '/docket/archive' } as const;
export type Caller = keyof typeof CALLERS;

/** The caller of a query parameter; anything else is the recent list. */
export const callerOf = (value: string | null): Caller =>
  value === 'docketArchive' ? 'docketArchive' : 'docketList';

/** The read-only booking of a list row: /docket/detailhistory?_id&caller (spec "bookings…" §2 routes). */
export const bookingHistoryPath = (dckId: number, caller: Caller) =>
  `/docket/detailhistory?_id=${dckId}&caller=${caller}`;

/** A saved booking on the booking screen: /docket/detail?_id&caller (spec "bookings…" §2 routes). */
export const savedBookingPath = (dckId: number, caller: Caller = 'docketList') =>
  `/docket/detail?_id=${dckId}&caller=${caller}`;
