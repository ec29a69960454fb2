/**
 * A guest's tracking page on a phone, written by the server with the web app's own components
 * (issue 15 §1 LCP; spec "bookings…" §2): the page, its map's first tiles included, shows from the
 * HTML and the stylesheet alone, and the app's code loads after it (its start: apps/web
 * src/start-late.ts), draws the page again under it and removes it (apps/web lib/boot-data useDropBootView). On a
 * simulated phone the page's largest paint, a map tile, came after ~150 KB of code at 2.8 s.
 * Written in a worker thread (first-view.worker.ts) from the build's dist/.prerender/track-page.js,
 * started with the server, so that the first page does not wait for it to load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { BOOT_VIEW_ELEMENT_ID, type TrackFirstViewInput } from '@courier/contracts';
import { escapeHtml } from '../lib/html';
import type { FirstViewAnswer, FirstViewJob } from './first-view.worker';

/** The worker's file beside this module's (as documents/render finds its own). */
const SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(SOURCE ? './first-view.worker.ts' : './first-view.worker.js', import.meta.url);

/** How long a page waits for its first view (ms) before it is sent without one, as before. */
export const FIRST_VIEW_BUDGET_MS = 150;
/**
 * Pages the worker may have in hand at once: beyond them a page goes without (a burst of phones,
 * or a worker slower than the pages come, does not queue work that nobody will wait for).
 */
const WAITING_MAX = 8;
/** How long the worker may hold a page (ms) before it is taken as stuck, stopped and replaced. */
const STUCK_AFTER_MS = 2_000;
/** Workers that may be lost in a row before the server stops writing first views (a build it cannot run). */
const FAILURES_ALLOWED = 3;

/**
 * Whether the browser says it is a phone: Chromium's `Sec-CH-UA-Mobile: ?1`, else a user agent
 * naming 'Mobi' (Safari and Firefox on phones; not tablets, whose screens are wide).
 */
export function isPhone(request: FastifyRequest): boolean {
  const mobile = request.headers['sec-ch-ua-mobile'];
  if (mobile !== undefined) return mobile === '?1';
  return /\bMobi/.test(request.headers['user-agent'] ?? '');
}

/**
 * `page` (the web app's index.html as the server writes it) with the app's start left to `starter`
 * (the build's src/start-late.ts): its entry script and module preloads are named on the starter's
 * element instead of loaded.
 */
export function startingLate(page: string, starter: string): string {
  const entry = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/.exec(page);
  if (!entry) return page;
  const preloads: string[] = [];
  const without = page.replace(
    /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g,
    (_tag, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  const tag =
    `<script type="module" crossorigin src="${escapeHtml(starter)}" data-app-entry="${escapeHtml(entry[1]!)}"` +
    ` data-app-preloads="${escapeHtml(preloads.join(' '))}"></script>`;
  return without.replace(entry[0], tag);
}

/** The server's first views: a page's, and the worker's end. */
export interface FirstViews {
  /**
   * The element of a guest's tracking page as the app draws it (BOOT_VIEW_ELEMENT_ID), for the
   * page's root to follow; '' when the app drew nothing, the worker failed or did not answer within
   * FIRST_VIEW_BUDGET_MS. Read by assistive technology as the app's own page would be (not `inert`,
   * which hid it: no main landmark, no heading): its Login link works without the app, its
   * tracking box only once the app has drawn it again.
   */
  frameOf(input: TrackFirstViewInput): Promise<string>;
  /** The file of the app's late start (src/start-late.ts), for startingLate. */
  starter: string;
  close(): Promise<void>;
}

/**
 * The first views of the build at `webDist`; undefined when it has none (no .prerender bundle or
 * no start-late script: a build of the app alone, the tests' stand-in builds).
 */
export function firstViews(webDist: string | undefined, log: FastifyBaseLogger): FirstViews | undefined {
  if (!webDist) return undefined;
  const bundle = join(webDist, '.prerender/track-page.js');
  const startLate = join(webDist, '.vite/start-late.json');
  if (!existsSync(bundle) || !existsSync(startLate)) return undefined;
  const { script: starter } = JSON.parse(readFileSync(startLate, 'utf8')) as { script: string };
  const waiting = new Map<number, (html: string) => void>();
  // Pages posted to the worker and not yet answered, waited for or not: when each was posted (ms).
  const posted = new Map<number, number>();
  let worker: Worker | undefined;
  let nextId = 1;
  // Workers lost in a row (FAILURES_ALLOWED); an answer sets it back to 0.
  let failures = 0;
  let closed = false;

  const lose = (w: Worker, reason: unknown) => {
    if (worker !== w) return;
    worker = undefined;
    posted.clear();
    failures++;
    log.warn({ err: reason }, 'tracking page first views: the worker stopped');
    if (failures >= FAILURES_ALLOWED)
      log.error(`tracking page first views: ${failures} workers lost in a row, none written until a restart`);
    for (const answer of waiting.values()) answer('');
    waiting.clear();
  };
  const start = (): Worker | undefined => {
    if (worker || closed || failures >= FAILURES_ALLOWED) return worker;
    const w = new Worker(WORKER_FILE, {
      workerData: { bundle: pathToFileURL(bundle).href },
      ...(SOURCE ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
    });
    w.on('message', (a: FirstViewAnswer) => {
      posted.delete(a.id);
      failures = 0;
      const answer = waiting.get(a.id);
      waiting.delete(a.id);
      if (posted.size === 0) w.unref();
      if ('error' in a) log.warn({ error: a.error }, 'tracking page first view: the app could not draw it');
      answer?.('error' in a || a.html === undefined ? '' : a.html);
    });
    w.on('error', (e) => lose(w, e));
    w.on('exit', (code) => lose(w, new Error(`exit code ${code}`)));
    w.unref();
    worker = w;
    return w;
  };
  /** The worker, a new one when the one there has had a page in hand for STUCK_AFTER_MS. */
  const ready = (): Worker | undefined => {
    const w = start();
    const oldest = Math.min(...posted.values());
    if (!w || Date.now() - oldest < STUCK_AFTER_MS) return w;
    lose(w, new Error(`no answer for ${STUCK_AFTER_MS} ms`));
    void w.terminate();
    return start();
  };
  start();

  return {
    starter,
    frameOf(input) {
      const w = ready();
      if (!w || posted.size >= WAITING_MAX) return Promise.resolve('');
      const id = nextId++;
      return new Promise<string>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve('');
        }, FIRST_VIEW_BUDGET_MS);
        waiting.set(id, (html) => {
          clearTimeout(timer);
          resolve(html && `<div id="${BOOT_VIEW_ELEMENT_ID}" class="boot-view">${html}</div>`);
        });
        w.ref();
        posted.set(id, Date.now());
        w.postMessage({ id, input } satisfies FirstViewJob);
      });
    },
    /** Stops the worker (the server closing); no first view is written after. */
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
