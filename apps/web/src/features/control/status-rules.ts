import {
  allowedNext,
  needOf,
  type CircuitDocketRow,
  type DocketStatusRow,
  type StatusChangeRequest,
  type StatusNeed,
} from '@courier/contracts';

/**
 * The rules of 'CHANGE DOCKET STATUS' (spec "access…" §4 Control status change), the same the server
 * checks (contracts control.ts): which statuses may be chosen, what each asks for, and the call.
 */

/** What the modal's form holds. */
export interface ChangeValues {
  status: string;
  driver: string;
  exception: string;
  signed_by: string;
}

export const EMPTY_CHANGE: ChangeValues = { status: '', driver: '', exception: '', signed_by: '' };

/** A docket the change applies to: its number and the status the board showed. */
export type ChangeTarget = Pick<CircuitDocketRow, 'dck_docket' | 'dck_status'>;

/**
 * The statuses every one of `targets` may move to: web 'T', not F, W or O, in the current status's
 * allowed-next list (allowedNext), in the first docket's order. Several dockets get only the
 * statuses all of them allow.
 */
export function choicesFor(statuses: readonly DocketStatusRow[], targets: readonly ChangeTarget[]) {
  const [first, ...rest] = targets;
  if (!first) return [];
  const common = rest.reduce(
    (ids, t) => ids.filter((id) => allowedNext(statuses, t.dck_status).includes(id)),
    allowedNext(statuses, first.dck_status),
  );
  return common.flatMap((id) => statuses.filter((s) => s.dsts_id === id));
}

/** What the chosen status asks for: a reason (B, C), a driver (G) or signed-by (the others). */
export const needFor = (status: string): StatusNeed | undefined => (status ? needOf(status) : undefined);

/** The form's errors before the call, in the server's words; empty when it may be sent. */
export function changeErrors(
  values: ChangeValues,
  statuses: readonly DocketStatusRow[],
): Partial<Record<keyof ChangeValues, string>> {
  if (!values.status) return { status: 'Choose a status' };
  const description = statuses.find((s) => s.dsts_id === values.status)?.dsts_description ?? values.status;
  switch (needOf(values.status)) {
    case 'reason':
      return values.exception ? {} : { exception: `A reason is required for '${description}'` };
    case 'driver':
      return values.driver ? {} : { driver: 'Choose a driver' };
    case 'signed_by':
      return values.signed_by.trim() ? {} : { signed_by: `Signed by is required for '${description}'` };
  }
}

/**
 * The docket/status/change body for one docket: `from` is the status the board showed (the server
 * refuses with 409 if it has moved meanwhile); only the field the status asks for is sent.
 */
export function changeRequest(target: ChangeTarget, values: ChangeValues): StatusChangeRequest {
  const base = { docket: target.dck_docket, from: target.dck_status, status: values.status };
  switch (needOf(values.status)) {
    case 'reason':
      return { ...base, exception: values.exception };
    case 'driver':
      return { ...base, driver: values.driver };
    case 'signed_by':
      return { ...base, signed_by: values.signed_by.trim() };
  }
}
