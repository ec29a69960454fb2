/** The user list (spec "bookings…" §2, admin right). */
export const USER_LIST_PATH = '/user/list';

/** The user detail route: state new (no id), existing (an id) or current (own details). */
export type UserDetailState = 'new' | 'existing' | 'current';

/** /user/detail with its params _id and state (spec "bookings…" §2). */
export function userDetailPath(state: UserDetailState, ausrId?: number): string {
  const q = new URLSearchParams({ ...(ausrId === undefined ? {} : { _id: String(ausrId) }), state });
  return `/user/detail?${q.toString()}`;
}

/** My Account: the user's own details (state current). */
export const MY_ACCOUNT_PATH = userDetailPath('current');
