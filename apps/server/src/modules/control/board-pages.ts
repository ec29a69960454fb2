import { LRUCache } from 'lru-cache';
import type { Tenant } from '../../db/tenants';
import { parseNotice } from '../events/live';

/**
 * How long a board page is kept (ms). Every operator watching a circuit asks for the same first
 * page on every live event and at each refresh; for this long they share one query. Any status
 * change or new booking drops the kept pages at once (below), so the bound only matters for writes
 * that send no event (an edit made outside the portal): they reach a board within a second.
 */
export const BOARD_KEEP_MS = 1_000;

/** Pages kept per tenant in this process; small (one entry per circuit, sort and page). */
const KEPT_PAGES = 500;

/** After LISTEN could not be set up, how long before a board call tries again (ms). */
const LISTEN_RETRY_MS = 5_000;

/**
 * The board pages of one tenant kept by this process (circuit/docket/list answers, as JSON
 * text), each for BOARD_KEEP_MS. The tenant's live events (LISTEN, every process hears every
 * change) drop them all on any status change or booking, and when the LISTEN connection comes
 * back after a loss (events may have been missed meanwhile). A page read while a change arrived
 * is not kept: each drop moves `epoch` on, and a page is kept only under the epoch it was read in.
 */
class TenantBoardPages {
  private readonly pages = new LRUCache<string, string>({ max: KEPT_PAGES, ttl: BOARD_KEEP_MS });
  private epoch = 0;
  /** Whether the tenant's events are heard; until then (or while LISTEN cannot be set up) nothing is kept. */
  private listening = false;
  /** Settles once the latest attempt to hear the tenant's events has succeeded or failed. */
  ready: Promise<void> = Promise.resolve();
  /** When the latest attempt failed (ms, performance.now), for the retry. */
  private failedAt: number | undefined;

  /** How long a page is kept (ms): BOARD_KEEP_MS; longer only in tests that must not race it. */
  keepMs = BOARD_KEEP_MS;

  constructor(private readonly tenant: Tenant) {
    this.listen();
  }

  /** Subscribes to the tenant's events; on failure nothing is kept and get() tries again later. */
  private listen(): void {
    this.failedAt = undefined;
    this.ready = this.tenant
      .listen({
        event: (payload) => {
          // Positions and scans change nothing a board shows; anything else (status changes, new
          // bookings, unknown payloads) drops every kept page.
          const event = parseNotice(payload)?.event;
          if (event !== 'position' && event !== 'scan') this.drop();
        },
        resync: () => this.drop(),
      })
      .then(
        () => void (this.listening = true),
        () => void (this.failedAt = performance.now()),
      );
  }

  /** Drops every kept page (a change was made or may have been missed). */
  drop(): void {
    this.epoch++;
    this.pages.clear();
  }

  /**
   * The page under `key`, kept or read by `read`; kept when no change arrived meanwhile and the
   * tenant's events are heard. Never waits for LISTEN: until it is set up, every call reads.
   */
  async get(key: string, read: () => Promise<string>): Promise<string> {
    const kept = this.pages.get(key);
    if (kept !== undefined) return kept;
    if (this.failedAt !== undefined && performance.now() - this.failedAt > LISTEN_RETRY_MS) this.listen();
    const epoch = this.epoch;
    const page = await read();
    if (this.listening && epoch === this.epoch) this.pages.set(key, page, { ttl: this.keepMs });
    return page;
  }
}

const byTenant = new WeakMap<Tenant, TenantBoardPages>();

/** The kept board pages of `tenant` in this process (created, and its events heard, on first use). */
export function boardPagesOf(tenant: Tenant): TenantBoardPages {
  let pages = byTenant.get(tenant);
  if (!pages) byTenant.set(tenant, (pages = new TenantBoardPages(tenant)));
  return pages;
}
