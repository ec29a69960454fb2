/**
 * What the dockets feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { latestDocketsQuery } from './api/docket-list';
export { DOCKET_DETAIL_KEY, DOCKET_LIST_KEY } from './api/docket-keys';
export { bookingHistoryPath } from './booking-paths';
export { StatusBadge } from './components/StatusBadge';
export { useNewBooking } from './use-new-booking';
