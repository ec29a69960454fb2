import { penceToPounds } from '@courier/contracts';
import type { AuthContext } from '../auth/auth.service';

/** True when the caller may see prices (ausr_rights_price, spec "bookings…" §6). */
export const seesPrices = (auth: Pick<AuthContext, 'user'>): boolean => auth.user.ausr_rights_price === 'T';

/**
 * The one price shaper of every answer (ARCHITECTURE rule 12): an amount in pence as the caller may
 * see it, in pounds; null without the price right, and for a negative amount (spec "bookings…" §6).
 */
export const shownPounds = (auth: Pick<AuthContext, 'user'>, pence: number): number | null =>
  seesPrices(auth) && pence >= 0 ? penceToPounds(pence) : null;
