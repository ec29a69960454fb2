import { routeDecision, type SessionResponse } from '@courier/contracts';

/** True when the session may open `path` (spec "access…" §2: each route is checked against a right). */
export const canOpen = (session: SessionResponse | null, path: string): boolean =>
  routeDecision(path, session?.rights ?? null) === 'allow';

/** Prices are shown only with the price right (spec "bookings…" §6). */
export const seesPrices = (session: SessionResponse | null): boolean =>
  session?.user.ausr_rights_price === 'T';
