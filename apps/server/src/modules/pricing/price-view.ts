import { penceToPounds } from '@courier/contracts';
import { hasRight, type AuthContext } from '../auth/access';

/** True when the caller may see prices (ausr_rights_price, spec "bookings…" §6). */
export const seesPrices = (auth: Pick<AuthContext, 'user' | 'rights'>): boolean => hasRight(auth, 'price');

/**
 * The one price shaper of every answer (ARCHITECTURE rule 12): an amount in pence as the caller may
 * see it, in pounds; null without the price right, and for a negative amount (spec "bookings…" §6).
 */
export const shownPounds = (auth: Pick<AuthContext, 'user' | 'rights'>, pence: number): number | null =>
  seesPrices(auth) && pence >= 0 ? penceToPounds(pence) : null;
