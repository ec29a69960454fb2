/**
 * The calls a signed-in screen makes as it opens, which the server answers inside the page it
 * sends (issue 15 §1 LCP: the booking screen's eight lists, the booking list's first page, a
 * round trip or two less on a phone). Zod-free: the web app's entry chunk reads it.
 *
 * The server runs each call through its own API with the page request's cookie (every right and
 * tenant check applies; an answer that is not 200 is left out) and writes the answers under
 * BOOT_CALLS_ELEMENT_ID. The web app takes an answer once, for a call of the same path and body,
 * shortly after the page opened, and checks it with the call's own schema; any other call goes to
 * the server. A declaration that no longer matches what a screen asks costs only the saving:
 * the web app's page-calls test holds each screen to it.
 */

/** One call: its API path and JSON body, as the web app sends them. */
export interface PageCall {
  path: string;
  body: Record<string, unknown>;
}

/** What a declaration knows of the signed-in user. */
export interface PageCallUser {
  /** The user's default account (the booking screen's account and its settings), if any. */
  ausr_cust_id: number | null;
}

/** The `<script type="application/json">` element holding the answers, by pageCallKey. */
export const BOOT_CALLS_ELEMENT_ID = 'boot-calls';

/**
 * The `<script type="application/json">` element of a signed-in page holding the server's time (ms
 * since 1970) when the page was written: everything the page shows was read at or after it. The
 * live events' first stream sends it (`GET /api/events?since=`), and its `ready` then says whether
 * anything the user hears happened since (nothing: the screen need not read its data again).
 */
export const BOOT_READ_AT_ELEMENT_ID = 'boot-read-at';

/**
 * The `<script type="application/json">` element of a signed-in page holding a fingerprint of
 * what the user could see when the page was written (their rights, linked accounts and circuits:
 * 16 hex digits, LIVE_SCOPE_PATTERN). The first stream sends it with `since` (`&scope=`): a user
 * whose scope changed since counts as having missed events, and the page reads its data again.
 */
export const BOOT_LIVE_SCOPE_ELEMENT_ID = 'boot-live-scope';

/** A live scope's fingerprint (BOOT_LIVE_SCOPE_ELEMENT_ID). */
export const LIVE_SCOPE_PATTERN = /^[0-9a-f]{16}$/;

/** How long after the page opened its answers may stand in for a call (ms); later calls ask the server. */
export const BOOT_CALLS_FRESH_MS = 10_000;

/** The settings groups the booking screen reads for its account (spec "access…" §3). */
export const BOOKING_SETTINGS_GROUPS = ['general', 'mandatory', 'message', 'hoo', 'config'] as const;

/** The booking list's first page: Recent, no search, docket number descending, 20 rows. */
export const FIRST_LIST_PAGE = {
  archive: false,
  search: '',
  sort: { column: 'dck_docket', direction: 'desc' },
  page: 1,
  pageSize: 20,
} as const;

/** The calls each screen makes first, by its path (no query), for the signed-in user. */
export const PAGE_CALLS: Record<string, (user: PageCallUser) => PageCall[]> = {
  '/docket/detail': (user) => [
    { path: '/api/customer/list', body: {} },
    { path: '/api/servicetype/list', body: {} },
    { path: '/api/tarifftype/list', body: {} },
    ...BOOKING_SETTINGS_GROUPS.map((group) => ({
      path: `/api/system/${group}/list`,
      body: { type: 'settings', cust_id: user.ausr_cust_id ?? undefined },
    })),
  ],
  '/docket/list': () => [{ path: '/api/docket/list', body: { ...FIRST_LIST_PAGE } }],
  '/home': () => [{ path: '/api/docket/list', body: { archive: false, page: 1 } }],
};

/** A tracking reference as issued: letters, digits and dashes, at most 40 (upper case). */
export const TRACKING_REF_PATTERN = /^[A-Z0-9-]{1,40}$/;

/** The tracking details' call (timeline, route, map), one of trackPageCalls. */
export const TRACK_DETAIL_CALL = '/api/docket/track/detail';

/**
 * What the server hands the web app's rendering of a guest's tracking page (apps/web
 * src/prerender/track-page.tsx): the page's address, the database and reference it answers for,
 * the answers to trackPageCalls by pageCallKey, and the databases with their themes.
 */
export interface TrackFirstViewInput {
  /** The page's path and query as the browser asked for it (unchecked: the router reads it as the app would). */
  url: string;
  /** The database the answers are from (the link's, else the first: apps/server web/page-calls trackPageOf). */
  database: string;
  /** The reference, upper case, of TRACKING_REF_PATTERN. */
  tracking_ref: string;
  /** Every answer of trackPageCalls(database, tracking_ref, true), by pageCallKey. */
  answers: Record<string, unknown>;
  /** database/list's answer: every database with its theme (logo: a path the server serves). */
  databases: readonly { name: string; theme: { primaryColor: string; name: string; logo?: string } }[];
}

/**
 * The calls the tracking page makes as it opens for reference `tracking_ref` in `database`: the
 * order summary and the details (timeline, route, stock, signatures), and for a guest the
 * tenant's tracking settings (the guest frame's tracking box) and whether it lets guests in (the
 * guest frame's menu, and its toggle in a phone's header, for a link that names its database:
 * known at once, the header is drawn once). The server answers them inside the
 * page (issue 15 §1 LCP: the summary, the details and the frame are drawn at once, two round
 * trips less before the map's tiles), each through the API with the page request's own cookie
 * and address, so each call's checks and rate limit apply.
 */
export const trackPageCalls = (database: string, tracking_ref: string, guest: boolean): PageCall[] => [
  ...(guest ? [{ path: '/api/system/tracking', body: { database } }] : []),
  { path: '/api/docket/track', body: { database, tracking_ref } },
  { path: TRACK_DETAIL_CALL, body: { database, tracking_ref } },
  ...(guest ? [{ path: '/api/system/guestAccessAllowed', body: { database } }] : []),
];

/**
 * The heading each signed-in screen opens with (its one h1, word for word from the spec), by path,
 * for the screens whose heading does not depend on the data: the server writes it, in the
 * signed-in frame, into the page it sends (issue 15 §1 LCP), so that a phone shows the frame and
 * the heading as soon as the stylesheet is in, before the app's code has loaded. Only for the path
 * opened without a query (a booking opened by `_id` has its own heading). The web app's
 * page-calls test holds each screen to its heading.
 */
export const PAGE_HEADINGS: Readonly<Record<string, string>> = {
  '/docket/detail': 'NEW BOOKING',
  '/docket/list': 'Your Recent Bookings',
  '/docket/archive': 'Your Booking History',
};

/** JSON.stringify's replacer: every object with its keys in order, so equal bodies give equal text. */
const keysInOrder = (_key: string, value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/** The key of a call's answer: its path and its body as JSON, keys in order, undefined fields left out. */
export const pageCallKey = (path: string, body: unknown): string =>
  `${path} ${JSON.stringify(body ?? {}, keysInOrder)}`;
