/**
 * The booking lists' sortable columns and their date filter's form, without zod: the list screen
 * imports these on its first load, before it has any answer to check (dockets.ts builds its
 * schemas from them).
 */

/** Sortable columns of the booking lists (spec "bookings…" §2: sortable columns). */
export const LIST_SORT_COLUMNS = [
  'dck_docket',
  'dck_booked',
  'dck_cust_ref1',
  'cust_acc_code',
  'from_town',
  'to_town',
  'dsts_description',
  'cust_total_price',
] as const;
export type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];

/** DD/MM/YYYY (spec "bookings…" §9), and what a date of another form is told. */
export const UK_DATE_PATTERN = /^\d{2}\/\d{2}\/\d{4}$/;
export const UK_DATE_MESSAGE = 'Use DD/MM/YYYY';
