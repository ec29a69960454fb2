/**
 * User rights (spec "bookings…" §3 User, spec "access…" §2 and §6).
 * Every flag is 'T' or 'F' in the database and the API.
 */
export const USER_FLAGS = [
  'ausr_rights_booking',
  'ausr_rights_history',
  'ausr_rights_price',
  'ausr_booking_summary',
  'ausr_booking_complete',
  'ausr_rights_password',
  'ausr_rights_control',
  'ausr_rights_trace',
  'ausr_trace_disable_docket_access',
  'ausr_rights_admin',
  'ausr_rights_addressbook',
  'ausr_rights_reports',
  'ausr_rights_system',
  'ausr_bypass_pcode_validation',
  'ausr_rights_api',
  'ausr_rights_export',
  'ausr_rights_otp',
  'ausr_accountaddress',
  // Beyond the spec: 'T' limits the user to their own bookings (self-registered users start so).
  'ausr_own_bookings',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
export type UserFlags = Record<UserFlag, 'T' | 'F'>;

/** Route rights of spec "access…" §6. `home` belongs to every signed-in user. */
export const ROUTE_RIGHTS = [
  'home',
  'history',
  'booking',
  'trace',
  'addressbook',
  'reports',
  'admin',
  'control',
] as const;
export type RouteRight = (typeof ROUTE_RIGHTS)[number];

/** The user flag behind each route right; `home` needs only a session. */
const RIGHT_FLAG: Record<Exclude<RouteRight, 'home'>, UserFlag> = {
  history: 'ausr_rights_history',
  booking: 'ausr_rights_booking',
  trace: 'ausr_rights_trace',
  addressbook: 'ausr_rights_addressbook',
  reports: 'ausr_rights_reports',
  admin: 'ausr_rights_admin',
  control: 'ausr_rights_control',
};

/** The route rights a user's flags grant, in ROUTE_RIGHTS order. */
export function rightsOf(flags: Partial<UserFlags>): RouteRight[] {
  return ROUTE_RIGHTS.filter((r) => r === 'home' || flags[RIGHT_FLAG[r]] === 'T');
}

/**
 * The routes of spec "access…" §2 with the right each needs; 'public' needs none.
 * Both the browser's router and the server's tests read this table.
 */
export const ROUTE_TABLE: Record<string, RouteRight | 'public'> = {
  '/home': 'home',
  '/docket/list': 'history',
  '/docket/archive': 'history',
  '/docket/detail': 'booking',
  '/docket/detailhistory': 'history',
  '/docket/trace': 'trace',
  '/docket/track': 'public',
  '/docket/quote': 'public',
  '/address/list': 'addressbook',
  '/address/detail': 'addressbook',
  '/user/list': 'admin',
  '/user/detail': 'home',
  '/report/list': 'reports',
  /** Our report viewer (the spec's external viewer, opened from the report list). */
  '/report/view': 'reports',
  '/system': 'admin',
  '/control': 'control',
  '/log': 'admin',
  '/log/detail': 'admin',
  '/register': 'public',
  '/login': 'public',
  '/mfa': 'public',
  '/success': 'public',
  '/failed': 'public',
  '/reset': 'public',
  /** The link My Account mails to a new e-mail address (/email/confirm/{token}). */
  '/email/confirm': 'public',
  /** The driver page: its own sign-in (driver code and PIN), outside the users' session. */
  '/driver': 'public',
};

/**
 * The signed-in hint cookie (value '1', readable by the web app's scripts): the server sets and
 * clears it with the session cookie; it grants nothing. Without it the web app draws a guest's
 * public screen at once instead of waiting for the session restore.
 */
export const SIGNED_IN_HINT_COOKIE = 'courier_signed_in';

/**
 * The id of the `<script type="application/json">` element in which the server writes, into the
 * page of a signed-in browser, the session `POST /api/auth/session` would answer: the web app's
 * start-up restore reads it instead of asking (a round trip less before the first screen).
 */
export const BOOT_SESSION_ELEMENT_ID = 'boot-session';

/**
 * The id of the element in which the server writes, into the page of a browser with no session,
 * the databases and their themes `POST /api/database/list` would answer (checked there by its
 * schema): the sign-in page draws its database choice in its tenant's theme without a call.
 */
export const BOOT_DATABASES_ELEMENT_ID = 'boot-databases';

/**
 * The element holding the signed-in frame and heading the server writes into a page (page-calls
 * PAGE_HEADINGS); the web app's entry removes it as it draws its first screen.
 */
export const BOOT_SHELL_ELEMENT_ID = 'boot-shell';

/**
 * The element holding a guest's tracking page as the server wrote it from the app's own components
 * (page-calls TrackFirstViewInput), shown until the tracking page has drawn it itself, which then
 * removes it.
 */
export const BOOT_VIEW_ELEMENT_ID = 'boot-view';

/**
 * The public tracking page (spec "bookings…" §2 Tracking view): its calls are answered in its page
 * too (page-calls trackPageCalls), and a guest's on a phone is written by the server (BOOT_VIEW_ELEMENT_ID).
 */
export const TRACK_PAGE_PATH = '/docket/track';

/** Where the browser sends someone who may not open `path` (spec "access…" §2 routing rules). */
export function routeDecision(
  path: string,
  rights: readonly RouteRight[] | null,
): 'allow' | 'login' | 'home' {
  const key = path.startsWith('/reset/')
    ? '/reset'
    : path.startsWith('/email/confirm/')
      ? '/email/confirm'
      : path;
  const need = ROUTE_TABLE[key];
  if (need === undefined) return rights ? 'home' : 'login';
  if (need === 'public') return 'allow';
  if (!rights) return 'login';
  return rights.includes(need) ? 'allow' : 'home';
}
