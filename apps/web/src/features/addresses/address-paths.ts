/** The address book's screens (spec "access…" §2 routes: /address/list, /address/detail with _id). */
export const ADDRESS_LIST_PATH = '/address/list';

/** ADDRESS DETAIL of an entry, or an empty one for 'New address'. */
export const addressDetailPath = (caddId?: number): string =>
  caddId === undefined ? '/address/detail' : `/address/detail?_id=${caddId}`;
