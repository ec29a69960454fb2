import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SendEvent } from './events.service';

/**
 * Timings of a live stream: a comment line every `heartbeatMs`; the stream ends after `maxStreamMs`.
 * `maxPublicPerAddress`: public tracking streams one network address may hold open at once;
 * `maxPerUser`: signed-in streams one user may hold open at once (tabs, phones) in one process.
 */
export interface StreamOptions {
  maxPublicPerAddress: number;
  maxPerUser: number;
  heartbeatMs: number;
  maxStreamMs: number;
}
/** Bytes a stream may hold unsent before its client is dropped. */
const MAX_BUFFERED_BYTES = 1_000_000;
export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  heartbeatMs: 15_000,
  maxStreamMs: 15 * 60_000,
  maxPublicPerAddress: 10,
  maxPerUser: 10,
};

/**
 * Streams open per key (a network address, a user): one client must not hold thousands of
 * connections, each of which costs a look-up per event.
 */
export class StreamCounts {
  private readonly open = new Map<string, number>();
  /**
   * Takes a place for `key` when fewer than `max` are open: the release, to call once when the
   * stream closes; undefined when `key` already holds `max`.
   */
  take(key: string, max: number): (() => void) | undefined {
    const now = this.open.get(key) ?? 0;
    if (now >= max) return undefined;
    this.open.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}

/** The open streams of one app, ended before it closes (a hijacked response would hold the server open). */
export class OpenStreams {
  private readonly ends = new Set<() => void>();
  add(end: () => void): () => void {
    this.ends.add(end);
    return () => void this.ends.delete(end);
  }
  get size(): number {
    return this.ends.size;
  }
  endAll(): void {
    for (const end of [...this.ends]) end();
  }
}

/**
 * Serves a server-sent events stream (text/event-stream): `open` subscribes and resolves with the
 * unsubscribe (a failure there is answered by the error handler, before any byte is sent); then
 * `retry: 3000`, a `ready` event (`ready()`'s data; the client refetches what it shows, so nothing
 * missed while it was away is lost, unless it says nothing was), the events, a heartbeat comment every `heartbeatMs`. It ends when the client
 * goes, after `maxStreamMs` (the browser reconnects, and the session is checked again), when
 * `stillAllowed` (checked before each event and heartbeat) answers false, or when the app closes.
 */
export async function serveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  open: (send: SendEvent) => Promise<() => void>,
  opts: StreamOptions,
  streams: OpenStreams,
  stillAllowed?: () => Promise<boolean>,
  ready: () => object = () => ({}),
): Promise<void> {
  const res = reply.raw;
  let ended = false;
  let started = false;
  const pending: string[] = [];
  const writeNow = (chunk: string) => {
    if (ended) return;
    if (!started) pending.push(chunk);
    // A client that stops reading is dropped rather than buffered without bound; its browser
    // reconnects and refetches.
    else if (res.writableLength > MAX_BUFFERED_BYTES) end();
    else res.write(chunk);
  };
  // With a check, every chunk waits for it, in order: a stream whose session has ended (logout,
  // password change, the user deleted) ends instead of sending.
  let checked = Promise.resolve();
  const write = !stillAllowed
    ? writeNow
    : (chunk: string) => {
        checked = checked.then(async () => {
          if (ended) return;
          const allowed = await stillAllowed().catch(() => false);
          if (allowed) writeNow(chunk);
          else end();
        });
      };
  const send: SendEvent = (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const unsubscribe = await open(send);
  reply.hijack();
  if (request.raw.destroyed) {
    ended = true;
    unsubscribe();
    res.end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), opts.heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(limit);
    unsubscribe();
    forget();
    res.end();
  };
  const limit = setTimeout(end, opts.maxStreamMs);
  const forget = streams.add(end);
  request.raw.on('close', end);
  res.on('close', end);
  res.on('error', end);
  res.write('retry: 3000\n\n');
  res.write(`event: ready\ndata: ${JSON.stringify(ready())}\n\n`);
  for (const chunk of pending.splice(0)) res.write(chunk);
  started = true;
}
