import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOT_DATABASES_ELEMENT_ID,
  BOOT_SESSION_ELEMENT_ID,
  databaseList,
  sessionResponse,
  type DatabaseList,
  type SessionResponse,
} from '@courier/contracts';
import { AppError } from '../lib/app-error';
import { SESSION_COOKIE } from '../plugins/auth';
import { sessionResponseOf } from '../modules/auth/sessions.service';

/**
 * JSON that is safe inside a `<script>` element: `<`, `>`, `&` and the two JavaScript line
 * separators written as `\u` escapes, so no value (a user's name, say) can close the element or
 * open a comment; the text is still the same JSON.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The session `POST /api/auth/session` would answer this page request (issue 15 §1 LCP: the web
 * app's start-up restore without its round trip), or undefined when the request has no session
 * cookie or its session is not live (the web app then asks as before, and hears why). Only the
 * cookie counts: a request that also names a bearer token (which the session look-up would take
 * first) gets nothing. A failure other than 'not signed in' is logged, and the page goes out plain.
 */
export async function bootSessionOf(request: FastifyRequest): Promise<SessionResponse | undefined> {
  if (!request.cookies[SESSION_COOKIE] || request.headers.authorization !== undefined) return undefined;
  try {
    return sessionResponse.parse(sessionResponseOf(await request.authenticateAnyStage()));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_AUTHENTICATED'))
      request.log.warn({ err: error }, 'page without its session: the session look-up failed');
    return undefined;
  }
}

/**
 * The app's scripts at low fetch priority: its module script and every `<link rel="modulepreload">`
 * of `html` get `fetchpriority="low"` (a tag that already has one is left as it is).
 */
const scriptsAtLowPriority = (html: string): string =>
  html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );

/**
 * The web app's index.html with `head` written just before `</head>`: the route's preloads
 * (web/route-preloads), then, signed in, the start-up session (sessionElement); and `frame`, if
 * any, just before its root element (the signed-in frame, web/page-shell: outside the element
 * the app draws into, so that it stays until the app removes it). A page with a frame paints it
 * from the HTML and the stylesheet alone, so its scripts (the entry, its chunks and the route's)
 * are fetched at low priority: the stylesheet goes first, and the frame shows while they load
 * (issue 15 §1: Lighthouse took them as blocking the first paint, FCP 2.35 → 0.91 s on a phone).
 * A page without one needs its scripts to draw anything, and keeps their priority. The file is
 * read once, at start, like the route preloads: a new build of the web app needs a restart.
 */
export function indexWith(webDist: string): (head: string, frame?: string) => string {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error(`${webDist}/index.html has no </head>`);
  const root = html.indexOf('<div id="root">', at);
  if (root < 0) throw new Error(`${webDist}/index.html has no <div id="root">`);
  const top = html.slice(0, at);
  const lowTop = scriptsAtLowPriority(top);
  return (head, frame = '') =>
    frame
      ? `${lowTop}${scriptsAtLowPriority(head)}${html.slice(at, root)}${frame}${html.slice(root)}`
      : `${top}${head}${html.slice(at, root)}${html.slice(root)}`;
}

/**
 * The start-up session as the page carries it: a `<script type="application/json"
 * id="boot-session">` element (BOOT_SESSION_ELEMENT_ID; data, never run, so the
 * Content-Security-Policy needs no exception), its JSON script-safe. `null` for a browser that
 * sent no session cookie at all: nobody is signed in, and the web app need not ask (a browser
 * with a cookie that is no longer live gets no element, and asks, to hear why).
 */
export const sessionElement = (session: SessionResponse | null): string =>
  `<script type="application/json" id="${BOOT_SESSION_ELEMENT_ID}">${scriptSafeJson(session)}</script>`;

/**
 * The databases and their themes as a guest's page carries them (BOOT_DATABASES_ELEMENT_ID):
 * exactly what `database/list` answers, checked here by its schema, so the sign-in page draws its
 * database choice and theme without a call and without loading the schema library first.
 */
export const databasesElement = (list: DatabaseList): string =>
  `<script type="application/json" id="${BOOT_DATABASES_ELEMENT_ID}">${scriptSafeJson(databaseList.parse(list))}</script>`;

/**
 * Sends a page the server wrote (indexWith): brotli (quality 4, as @fastify/compress does) or gzip
 * as the browser accepts, compressed here because @fastify/compress hooks only routes and the page
 * is sent by the not-found handler. `own`: written for this browser (its session and its answers),
 * private and never stored by any cache, varying by cookie; otherwise revalidated on every load, as
 * index.html is.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  own: boolean,
): FastifyReply {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  reply
    .header('cache-control', own ? 'private, no-store' : 'no-cache')
    .header('vary', own ? 'accept-encoding, cookie' : 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
