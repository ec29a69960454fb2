import { readStored, writeStored } from '../../lib/stored-context';

/** A card payment the quote wizard sent to the provider's page: where to come back to. */
export interface StoredCheckout {
  database: string;
  guid: string;
  /** The provider's reference from quote/checkout. */
  reference: string;
}

const KEY = 'courier.checkout';

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
  get: (): StoredCheckout | null => parseCheckout(readStored(localStorage, KEY)),
  set: (c: StoredCheckout | null) => writeStored(localStorage, KEY, c && JSON.stringify(c)),
};
