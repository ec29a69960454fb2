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

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage disabled: behave as if nothing was stored
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage disabled or full: the value is simply not remembered
  }
}

/** The database chosen on the login screen (spec "access…" §2 login). */
export const storedDatabase = {
  get: () => read(localStorage, KEYS.database),
  set: (name: string) => write(localStorage, KEYS.database, name),
};

/** The docket the booking screen shows; 'New booking' clears it (spec "access…" §2 menus). */
export const storedDocketId = {
  get: () => read(sessionStorage, KEYS.docketId),
  set: (id: number | null) => write(sessionStorage, KEYS.docketId, id === null ? null : String(id)),
};

/** The last tracking reference opened: the track screen's saved context (spec "access…" §2 routes). */
export const storedTrackingRef = {
  get: () => read(sessionStorage, KEYS.trackingRef),
  set: (ref: string) => write(sessionStorage, KEYS.trackingRef, ref),
};

/** The address list's sort, remembered across visits (spec "access…" §2 Address list); JSON text. */
export const storedAddressSort = {
  get: () => read(localStorage, KEYS.addressSort),
  set: (json: string) => write(localStorage, KEYS.addressSort, json),
};

/** The booking history's filter dates for this tab (spec "bookings…" §2 Filter modal); JSON text. */
export const storedHistoryDates = {
  get: () => read(sessionStorage, KEYS.historyDates),
  set: (json: string) => write(sessionStorage, KEYS.historyDates, json),
};

/** The circuit last shown on the control screen, remembered across visits (spec "access…" §2 Control screen). */
export const storedControlCircuit = {
  get: () => read(localStorage, KEYS.controlCircuit),
  set: (code: string) => write(localStorage, KEYS.controlCircuit, code),
};
