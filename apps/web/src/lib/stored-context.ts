/**
 * Small pieces of browser context the spec keeps between screens: the database chosen at login
 * (localStorage, survives sign-out), the stored docket id and the last tracking reference (session).
 */
const KEYS = {
  database: 'courier.database',
  docketId: 'courier.docketId',
  trackingRef: 'courier.trackingRef',
  addressSort: 'courier.addressSort',
  historyDates: 'courier.historyDates',
  controlCircuit: 'courier.controlCircuit',
} as const;

/** A stored value, or null (also when storage is disabled). Features keep their own keys with it. */
export function readStored(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage disabled: behave as if nothing was stored
  }
}

/** Stores a value (null removes it); a disabled or full storage simply does not remember. */
export function writeStored(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage disabled or full: the value is simply not remembered
  }
}

/** The database chosen on the login screen (spec "access…" §2 login). */
export const storedDatabase = {
  get: () => readStored(localStorage, KEYS.database),
  set: (name: string) => writeStored(localStorage, KEYS.database, name),
};

/** The docket the booking screen shows; 'New booking' clears it (spec "access…" §2 menus). */
export const storedDocketId = {
  get: () => readStored(sessionStorage, KEYS.docketId),
  set: (id: number | null) => writeStored(sessionStorage, KEYS.docketId, id === null ? null : String(id)),
};

/** The last tracking reference opened: the track screen's saved context (spec "access…" §2 routes). */
export const storedTrackingRef = {
  get: () => readStored(sessionStorage, KEYS.trackingRef),
  set: (ref: string) => writeStored(sessionStorage, KEYS.trackingRef, ref),
};

/** The address list's sort, remembered across visits (spec "access…" §2 Address list); JSON text. */
export const storedAddressSort = {
  get: () => readStored(localStorage, KEYS.addressSort),
  set: (json: string) => writeStored(localStorage, KEYS.addressSort, json),
};

/** The booking history's filter dates for this tab (spec "bookings…" §2 Filter modal); JSON text. */
export const storedHistoryDates = {
  get: () => readStored(sessionStorage, KEYS.historyDates),
  set: (json: string) => writeStored(sessionStorage, KEYS.historyDates, json),
};

/** The circuit last shown on the control screen, remembered across visits (spec "access…" §2 Control screen). */
export const storedControlCircuit = {
  get: () => readStored(localStorage, KEYS.controlCircuit),
  set: (code: string) => writeStored(localStorage, KEYS.controlCircuit, code),
};
