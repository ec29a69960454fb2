/**
 * The order of an address's ready and deadline times, checked by docket/price, docket/post and
 * the booking screen alike.
 */

/** The field errors of times out of order. */
export const TIME_ORDER_MSG = {
  deadlineBeforeReady: 'Deadline must be after Ready',
  deadlineBeforeCollection: 'Deadline must be after the collection is ready',
  /** Ours: a booking for a time already gone (a mis-picked day) is not a job the courier can do. */
  deadlinePassed: 'This deadline has already passed',
} as const;

/** What the rule reads of an address: its type (0 collect, 1 deliver) and its times. */
export interface TimedAddress {
  dadd_addresstype: number;
  dadd_ready?: string | null;
  dadd_deadline?: string | null;
}

/**
 * Field errors ('addresses.{i}.dadd_deadline') for times out of order: per address the deadline
 * must be after the ready time, and a delivery's deadline after the ready time of each collection
 * before it. `toMs` reads a time (ISO on the server, the picker's UK wall time on the screen);
 * unset times are not checked.
 */
export function timeOrderErrors(
  addresses: readonly TimedAddress[],
  toMs: (value: string) => number = Date.parse,
): Record<string, string> {
  const errors: Record<string, string> = {};
  let collectionReady = -Infinity;
  addresses.forEach((a, i) => {
    const ready = a.dadd_ready ? toMs(a.dadd_ready) : NaN;
    const deadline = a.dadd_deadline ? toMs(a.dadd_deadline) : NaN;
    const field = `addresses.${i}.dadd_deadline`;
    if (deadline <= ready) errors[field] = TIME_ORDER_MSG.deadlineBeforeReady;
    else if (a.dadd_addresstype === 1 && deadline <= collectionReady)
      errors[field] = TIME_ORDER_MSG.deadlineBeforeCollection;
    if (a.dadd_addresstype === 0 && ready > collectionReady) collectionReady = ready;
  });
  return errors;
}

/**
 * Field errors ('addresses.{i}.dadd_deadline') for deadlines at or before `nowMs` (ms since the
 * epoch): checked when a booking is priced, saved or sent to card checkout, not when a paid one is
 * fulfilled later. `toMs` reads a time as in timeOrderErrors; unset deadlines are not checked.
 */
export function passedDeadlineErrors(
  addresses: readonly TimedAddress[],
  nowMs: number,
  toMs: (value: string) => number = Date.parse,
): Record<string, string> {
  const errors: Record<string, string> = {};
  addresses.forEach((a, i) => {
    if (a.dadd_deadline && toMs(a.dadd_deadline) <= nowMs)
      errors[`addresses.${i}.dadd_deadline`] = TIME_ORDER_MSG.deadlinePassed;
  });
  return errors;
}

/** The message when the addresses do not run from a collection to a delivery. */
export const ADDRESS_ROLE_MSG = 'The first address must collect and the last must deliver';

/**
 * Field errors when a booking does not run from a collection to a delivery (the first address
 * collects, type 0; the last delivers, type 1): two collections and no delivery is not a job.
 * Names `addresses.{i}.dadd_addresstype` of the offending end.
 */
export function addressRoleErrors(
  addresses: readonly Pick<TimedAddress, 'dadd_addresstype'>[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const last = addresses.length - 1;
  if (last < 1) return errors;
  if (addresses[0]!.dadd_addresstype !== 0) errors['addresses.0.dadd_addresstype'] = ADDRESS_ROLE_MSG;
  if (addresses[last]!.dadd_addresstype !== 1)
    errors[`addresses.${last}.dadd_addresstype`] = ADDRESS_ROLE_MSG;
  return errors;
}
