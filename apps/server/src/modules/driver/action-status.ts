/**
 * The status each of a driver's actions moves a job to (the control room's letters, spec "bookings…"
 * §3 Docket status): collected P, delivered D, exception E. The public tracking view draws a
 * docket's route only from its first scan or its collection (tracking.repository shownPositionSql).
 */
export const ACTION_STATUS = { collected: 'P', delivered: 'D', exception: 'E' } as const;
