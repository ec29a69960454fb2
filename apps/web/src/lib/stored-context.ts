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
  checkout: 'courier.checkout',
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

/** A card payment the quote wizard sent to the provider's page: where to come back to. */
export interface StoredCheckout {
  database: string;
  guid: string;
  /** The provider's reference from quote/checkout. */
  reference: string;
}

function parseCheckout(json: string | null): StoredCheckout | null {
  try {
    const v = JSON.parse(json ?? 'null') as Partial<Record<keyof StoredCheckout, unknown>> | null;
    return v &&
      typeof v.database === 'string' &&
      typeof v.guid === 'string' &&
      typeof v.reference === 'string'
      ? { database: v.database, guid: v.guid, reference: v.reference }
      : null;
  } catch {
    return null;
  }
}

/**
 * The stored checkout session (spec "access…" §2 Payment result screens): the quote and the
 * payment reference, kept in localStorage while the payer is on the provider's page, so /success,
 * /failed and the wizard's page 7 know which payment to ask about.
 */
export const storedCheckout = {
  get: (): StoredCheckout | null => parseCheckout(read(localStorage, KEYS.checkout)),
  set: (c: StoredCheckout | null) => write(localStorage, KEYS.checkout, c && JSON.stringify(c)),
};
