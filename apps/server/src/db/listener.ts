import pg from 'pg';

/** The channel every live event of a tenant is sent on (`pg_notify` in the writing transaction). */
export const EVENTS_CHANNEL = 'courier_events';

/** What a subscriber hears: each payload, and `resync` when events may have been missed. */
export interface ListenHandlers {
  event(payload: string): void;
  /** The LISTEN connection was lost and is back: anything sent meanwhile is gone, so refetch. */
  resync?(): void;
}

/** How long (ms) and how many of the payloads heard are kept for heardSince. */
export const HEARD_KEPT_MS = 120_000;
const HEARD_KEPT_MAX = 5_000;

/**
 * One LISTEN connection of one tenant database in this process (ARCHITECTURE: live updates),
 * opened on the first subscription and fanned out to every subscriber in memory. PostgreSQL
 * delivers a NOTIFY to every listening session after its transaction commits, so each server
 * process hears every change whichever process made it. A lost connection is reopened with a
 * back-off (1 s doubling to 30 s) and subscribers are told to resync.
 */
export class PgListener {
  private readonly subscribers = new Set<ListenHandlers>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private closed = false;
  private retryMs = 1000;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Since when (Date.now()) this process has heard every payload, unbroken; undefined while not listening. */
  private heardFrom: number | undefined;
  /** The payloads heard lately, oldest first, with when (Date.now()). */
  private heard: { at: number; payload: string }[] = [];

  constructor(
    private readonly url: string,
    private readonly onWarning: (message: string) => void = (m) => process.emitWarning(m),
  ) {}

  /** Adds a subscriber; resolves once the connection is listening. Returns the unsubscribe. */
  async subscribe(handlers: ListenHandlers): Promise<() => void> {
    if (this.closed) throw new Error('listener closed');
    this.subscribers.add(handlers);
    try {
      await this.connect();
    } catch (e) {
      this.subscribers.delete(handlers);
      throw e;
    }
    return () => void this.subscribers.delete(handlers);
  }

  /**
   * The payloads this process heard at or after `from` (Date.now() ms), oldest first; undefined
   * when it cannot say: it was not listening, unbroken, since then, or that is longer ago than it
   * keeps (HEARD_KEPT_MS, or its last HEARD_KEPT_MAX payloads).
   */
  heardSince(from: number): string[] | undefined {
    this.forgetOld(Date.now());
    if (this.heardFrom === undefined || from < this.heardFrom) return undefined;
    return this.heard.filter((h) => h.at >= from).map((h) => h.payload);
  }

  /** Forgets payloads older than HEARD_KEPT_MS (what is kept then starts there). */
  private forgetOld(now: number): void {
    const cut = now - HEARD_KEPT_MS;
    if (this.heardFrom !== undefined && this.heardFrom < cut) this.heardFrom = cut;
    let drop = 0;
    while (drop < this.heard.length && this.heard[drop]!.at < cut) drop++;
    if (drop) this.heard.splice(0, drop);
  }

  /** Number of subscribers (tests, metrics). */
  get size(): number {
    return this.subscribers.size;
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || msg.payload === undefined) return;
      this.remember(msg.payload);
      for (const s of this.subscribers) s.event(msg.payload);
    });
    const lost = (why: string) => {
      if (this.client !== client) return;
      this.client = undefined;
      // What was sent while reconnecting is never heard: nothing can be said of that time.
      this.heardFrom = undefined;
      this.heard = [];
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.onWarning(`live events: LISTEN connection lost (${why}); reconnecting`);
      this.scheduleReconnect();
    };
    client.on('error', (e) => lost(e.message));
    client.on('end', () => lost('ended'));
    await client.connect();
    try {
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 1000;
    this.heardFrom = Date.now();
  }

  /** Keeps a payload heard now for heardSince (the oldest goes past HEARD_KEPT_MAX). */
  private remember(payload: string): void {
    const at = Date.now();
    this.heard.push({ at, payload });
    if (this.heard.length > HEARD_KEPT_MAX) {
      // What is kept now starts after the one let go (others of its millisecond may remain).
      const gone = this.heard.shift()!;
      this.heardFrom = Math.max(this.heardFrom ?? at, gone.at + 1);
    }
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().then(
        () => {
          for (const s of this.subscribers) s.resync?.();
        },
        (e: Error) => {
          this.onWarning(`live events: reconnect failed (${e.message})`);
          this.retryMs = Math.min(this.retryMs * 2, 30_000);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** Ends the connection; subscribers hear nothing more. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.subscribers.clear();
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }
}
