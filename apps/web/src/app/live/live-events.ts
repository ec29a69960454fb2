import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DocketEvent } from '@courier/contracts';
// The key files themselves, not the features' index.ts: this chunk loads after the screen and
// should bring nothing but the keys (importing more would split the shared chunks of every route).
import { BOARDS_KEY, boardKey } from '../../features/control/api/control-keys';
import { DOCKET_DETAIL_KEY, DOCKET_LIST_KEY } from '../../features/dockets/api/docket-keys';
import { DOCKET_TRACK_KEY } from '../../features/tracking/api/tracking-keys';

/**
 * The browser's end of the live updates (ARCHITECTURE rule 11): one EventSource on `GET /api/events`
 * while signed in; each event becomes TanStack Query invalidations, never a hand-written store, so
 * whatever is on screen (a control board, a booking list, a booking, a tracking view) reads itself
 * again and nothing that is not shown is fetched.
 */

/**
 * What the stream sends (contracts LIVE_EVENTS): `ready` after every (re)connect (`missed` false
 * when the server heard nothing for this user since the stream's `since`), `docket` on a change.
 */
export type LiveEvent = { type: 'ready'; missed?: boolean } | { type: 'docket'; data: unknown };

/** The fields of a DocketEvent this code reads, checked by hand (zod would load with this chunk). */
function isDocketEvent(data: unknown): data is Pick<DocketEvent, 'dck_id' | 'circuits'> {
  const d = data as Partial<DocketEvent> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    Number.isInteger(d.dck_id) &&
    Array.isArray(d.circuits) &&
    d.circuits.every((c) => typeof c === 'string')
  );
}

/** A `ready` event's `missed`, read from its data; undefined (as missed) when it says nothing. */
function missedOf(data: unknown): boolean | undefined {
  try {
    const parsed = JSON.parse(String(data)) as { missed?: unknown } | null;
    return typeof parsed?.missed === 'boolean' ? parsed.missed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The queries an event makes stale. `ready`: everything live, since events may have been missed
 * while the stream was down, unless the server says none was (`missed` false: nothing this user
 * hears happened since the page's data was read). `docket`: the boards of the circuits it names,
 * the booking lists, that booking and the tracking views (a customer's event names no circuit).
 * Nothing for a malformed one.
 */
export function invalidationsOf(event: LiveEvent): QueryKey[] {
  if (event.type === 'ready')
    return event.missed === false ? [] : [BOARDS_KEY, DOCKET_LIST_KEY, DOCKET_DETAIL_KEY, DOCKET_TRACK_KEY];
  if (!isDocketEvent(event.data)) return [];
  const { circuits, dck_id } = event.data;
  return [...circuits.map(boardKey), DOCKET_LIST_KEY, [...DOCKET_DETAIL_KEY, dck_id], DOCKET_TRACK_KEY];
}

/** Options of connectLiveEvents (tests shorten the waits and bring their own EventSource). */
export interface LiveOptions {
  url?: string;
  /**
   * The server's time (ms) the page's data was read (BOOT_READ_AT_ELEMENT_ID), sent as the first
   * stream's `since`: its first `ready` then says whether anything was heard since.
   */
  since?: number;
  /**
   * The fingerprint of the user's scope when the page was written (BOOT_LIVE_SCOPE_ELEMENT_ID),
   * sent with `since`: the server counts a scope changed since as missed.
   */
  scope?: string;
  /** Events arriving within this window are one round of invalidations (a change to many dockets). */
  batchMs?: number;
  /** First wait before opening a stream the server closed for good (401, restart); doubles to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  EventSource?: typeof EventSource;
}

const DEFAULTS = { url: '/api/events', batchMs: 100, retryMs: 2_000, maxRetryMs: 60_000 };

/**
 * Opens the stream and keeps it open: the browser reconnects by itself after a network error; a
 * stream the server ended for good (readyState CLOSED) is opened again after a growing wait. Each
 * (re)connect's `ready` refreshes everything live. Returns the function that closes it for good.
 */
export function connectLiveEvents(queryClient: QueryClient, options: LiveOptions = {}): () => void {
  const { batchMs, retryMs, maxRetryMs } = { ...DEFAULTS, ...options };
  const base = options.url ?? DEFAULTS.url;
  // Only the first stream asks with the page's time, and only its first ready is taken at its
  // word: any later ready follows a reconnect (the browser's own reuses the address), after which
  // what the user may see can have changed without an event (a stream ends on that), so it reads
  // everything again.
  let since = options.since;
  let firstReady = since !== undefined;
  const scope = options.scope === undefined ? '' : `&scope=${encodeURIComponent(options.scope)}`;
  const Source = options.EventSource ?? globalThis.EventSource;
  let source: EventSource | undefined;
  let closed = false;
  let wait = retryMs;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let flush: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<string, QueryKey>();

  const invalidate = (event: LiveEvent) => {
    for (const key of invalidationsOf(event)) pending.set(JSON.stringify(key), key);
    flush ??= setTimeout(() => {
      flush = undefined;
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }, batchMs);
  };

  const open = () => {
    if (closed) return;
    const s = new Source(since === undefined ? base : `${base}?since=${since}${scope}`);
    since = undefined;
    source = s;
    s.addEventListener('ready', (e) => {
      wait = retryMs;
      const missed = firstReady ? missedOf((e as MessageEvent<string>).data) : true;
      firstReady = false;
      invalidate({ type: 'ready', missed });
    });
    s.addEventListener('docket', (e) => {
      try {
        invalidate({ type: 'docket', data: JSON.parse((e as MessageEvent<string>).data) });
      } catch {
        // not JSON: nothing to refresh
      }
    });
    s.onerror = () => {
      if (s.readyState !== Source.CLOSED || closed) return;
      retry = setTimeout(open, wait);
      wait = Math.min(wait * 2, maxRetryMs);
    };
  };

  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    clearTimeout(flush);
    source?.close();
  };
}
