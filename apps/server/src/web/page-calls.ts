import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BOOT_CALLS_ELEMENT_ID,
  BOOT_LIVE_SCOPE_ELEMENT_ID,
  BOOT_READ_AT_ELEMENT_ID,
  LIVE_SCOPE_PATTERN,
  PAGE_CALLS,
  pageCallKey,
  TRACK_PAGE_PATH,
  trackPageCalls,
  TRACKING_REF_PATTERN,
  type PageCall,
  type SessionResponse,
} from '@courier/contracts';
import { SESSION_COOKIE } from '../plugins/auth';
import { liveScopeFingerprint } from '../modules/events/events.service';
import { scriptSafeJson } from './boot-session';

/** The screen's path without its query or a trailing slash ('/docket/detail?x=1' → '/docket/detail'). */
const screenOf = (url: string) => url.split('?')[0]!.replace(/\/+$/, '') || '/';

/** How long the page waits for its calls' answers (ms); an answer later than that is left out. */
export const PAGE_CALLS_BUDGET_MS = 300;

/**
 * A call's answer by its key, or undefined when the API refused it (not 200); rejects when the
 * call failed. It is made as the page's request: its cookie, its address and the proxy's
 * forwarded-for (so a rate limit by address counts it as that caller's).
 */
async function answerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  call: PageCall,
): Promise<readonly [string, unknown] | undefined> {
  const { cookie, 'x-forwarded-for': forwardedFor } = request.headers;
  const res = await app.inject({
    method: 'POST',
    url: call.path,
    remoteAddress: request.socket.remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify(call.body),
  });
  return res.statusCode === 200 ? [pageCallKey(call.path, call.body), res.json()] : undefined;
}

/**
 * The answers to `calls` by pageCallKey, made at once: a call that is refused, fails or is not
 * answered within PAGE_CALLS_BUDGET_MS is missing (a failure is logged); never rejects.
 */
async function answersTo(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: PageCall[],
): Promise<Record<string, unknown>> {
  if (calls.length === 0) return {};
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PAGE_CALLS_BUDGET_MS);
  });
  const settled = await Promise.allSettled(
    calls.map((call) => Promise.race([answerOf(app, request, call), late])),
  );
  clearTimeout(timer);
  const answers = settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
  for (const s of settled)
    if (s.status === 'rejected') request.log.warn({ err: s.reason }, 'page without a call answer: it failed');
  return Object.fromEntries(answers);
}

/**
 * The answers to the calls a signed-in screen makes as it opens (contracts PAGE_CALLS), by
 * pageCallKey, for writing into its page (issue 15 §1 LCP). Each call runs through the app's own
 * API (`inject`) with the page request's cookie, so every right, tenant and validation check is
 * the call's own; only 200 answers are kept. A call the user may not make, one that fails, and
 * one not answered within PAGE_CALLS_BUDGET_MS are simply missing: the web app asks for those as
 * before, and the page itself never fails for them. Empty for a screen with no calls or a
 * session that is not complete. Read-only calls only: PAGE_CALLS lists lists. Costs a session
 * look-up and the call's own query per call.
 */
export async function pageCallAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionResponse | undefined,
): Promise<Record<string, unknown>> {
  const screen = screenOf(request.url);
  if (!Object.hasOwn(PAGE_CALLS, screen) || !request.headers.cookie || session?.stage !== 'full') return {};
  return answersTo(app, request, PAGE_CALLS[screen]!(session.user));
}

/**
 * Whether the page request is a browser's own opening of the page (a link followed, an address
 * typed, a mail's link from another site): a top-level navigation, not an image, a frame or a
 * script's fetch another site has the browser make. Only such a request runs the tracking page's
 * calls, so that another site cannot spend a visitor's tracking rate limit with `<img>` tags. A
 * request without Fetch Metadata (an older browser, a script) is taken as one.
 */
function isNavigation(request: FastifyRequest): boolean {
  const { 'sec-fetch-dest': dest, 'sec-fetch-mode': mode } = request.headers;
  return (dest === undefined || dest === 'document') && (mode === undefined || mode === 'navigate');
}

/**
 * The answers to the tracking page's opening calls (contracts trackPageCalls) for `page` (the
 * reference of its address and its database, trackPageOf: the signed-in user's tenant, else the
 * link's `database` when it names one of the databases, else the first, the web app's stand-in,
 * features/tracking useTrackDatabase), by pageCallKey. Each call is the API's own, as this caller (answersTo): a reference that is
 * not found answers 404 and is simply missing, exactly as the page's own call would learn; each
 * page counts against the tracking calls' rate limit for the caller's address as those calls do.
 * Empty (the page asks for itself) without `page`, that is for another path; a reference that is missing or not one's
 * shape; a request that is not a navigation (isNavigation); one with an Authorization header or a
 * session cookie that is no longer live (the page is not written for a session: the web app
 * restores or drops it first, which ends any written answers); or one whose address is unknown.
 */
export function trackPageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  page: TrackPageOf | undefined,
): Promise<Record<string, unknown>> {
  if (!page) return Promise.resolve({});
  return answersTo(app, request, trackPageCalls(page.database, page.tracking_ref, page.guest));
}

/** Whether `answers` (trackPageAnswers') hold every one of the tracking page's opening calls for `page`. */
export const answersEveryTrackCall = (answers: Record<string, unknown>, page: TrackPageOf): boolean =>
  trackPageCalls(page.database, page.tracking_ref, page.guest).every((c) =>
    Object.hasOwn(answers, pageCallKey(c.path, c.body)),
  );

/** A tracking page's reference, the database it is looked for in, and whether for a guest. */
export interface TrackPageOf {
  database: string;
  tracking_ref: string;
  guest: boolean;
}

/**
 * The reference and database a tracking page's answers are for (trackPageAnswers, which says
 * how they are chosen and when there are none: then undefined).
 */
export function trackPageOf(
  request: FastifyRequest,
  session: SessionResponse | undefined,
  databases: readonly string[],
): TrackPageOf | undefined {
  if (screenOf(request.url) !== TRACK_PAGE_PATH || !isNavigation(request)) return undefined;
  if (request.headers.authorization !== undefined || request.socket.remoteAddress === undefined)
    return undefined;
  if (request.cookies[SESSION_COOKIE] && session === undefined) return undefined;
  const params = new URLSearchParams(request.url.split('?')[1] ?? '');
  const tracking_ref = (params.get('tracking_ref') ?? '').trim().toUpperCase();
  if (!TRACKING_REF_PATTERN.test(tracking_ref)) return undefined;
  const named = params.get('database');
  const signedIn = session?.stage === 'full';
  const database = signedIn
    ? session.tenant.name
    : named !== null && databases.includes(named)
      ? named
      : databases[0];
  return database === undefined ? undefined : { database, tracking_ref, guest: !signedIn };
}

/**
 * The answers as the page carries them: a `<script type="application/json" id="boot-calls">`
 * element (data, never run), its JSON script-safe; '' when there are none.
 */
export const pageCallsElement = (answers: Record<string, unknown>): string =>
  Object.keys(answers).length
    ? `<script type="application/json" id="${BOOT_CALLS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`
    : '';

/**
 * The time the page was written (`readAt`, Date.now() before any of its data was read) as a
 * signed-in page carries it (BOOT_READ_AT_ELEMENT_ID): the live events' `since`.
 */
export const readAtElement = (readAt: number): string =>
  `<script type="application/json" id="${BOOT_READ_AT_ELEMENT_ID}">${readAt}</script>`;

/**
 * The fingerprint of the user's scope when the page was written (events.service
 * liveScopeFingerprint) as a signed-in page carries it (BOOT_LIVE_SCOPE_ELEMENT_ID): the live
 * events' `scope`. Only 16 hex digits are ever written ('' for anything else).
 */
export const liveScopeElement = (fingerprint: string | undefined): string =>
  fingerprint !== undefined && LIVE_SCOPE_PATTERN.test(fingerprint)
    ? `<script type="application/json" id="${BOOT_LIVE_SCOPE_ELEMENT_ID}">"${fingerprint}"</script>`
    : '';

/**
 * The scope fingerprint for a signed-in page (liveScopeElement) of the page request's session,
 * or undefined without one; a failed look-up is logged and the page goes out without it (its
 * stream then trusts `since` alone, as before).
 */
export async function pageLiveScope(
  deps: Parameters<typeof liveScopeFingerprint>[0],
  request: FastifyRequest,
): Promise<string | undefined> {
  const token = request.sessionToken();
  if (!token) return undefined;
  try {
    return await liveScopeFingerprint(deps, token, await request.authenticate());
  } catch (error) {
    request.log.warn({ err: error }, 'page without its live scope: the look-up failed');
    return undefined;
  }
}
