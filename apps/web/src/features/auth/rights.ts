import { routeDecision, type UserSession } from '@courier/contracts';

/** True when the session may open `path` (spec "access…" §2: each route is checked against a right). */
export const canOpen = (session: UserSession | null, path: string): boolean =>
  routeDecision(path, session?.rights ?? null) === 'allow';

/** Prices are shown only with the price right (spec "bookings…" §6). */
export const seesPrices = (session: UserSession | null): boolean => session?.user.ausr_rights_price === 'T';
