import { LRUCache } from 'lru-cache';
import type { Tenant } from '../../db/tenants';
import { parseNotice } from '../events/live';

/**
 * How long a board page is kept (ms). Every operator watching a circuit asks for the same first
 * page on every live event and at each refresh; for this long they share one query. Any status
 * change drops the kept pages at once (below), so the bound only matters for writes that send no
 * event (a new booking, an edit made outside the portal): they reach a board within a second.
 */
export const BOARD_KEEP_MS = 1_000;

/** Pages kept per tenant in this process; small (one entry per circuit, sort and page). */
const KEPT_PAGES = 500;

/**
 * The board pages of one tenant kept by this process (circuit/docket/list answers, as JSON
 * text), each for BOARD_KEEP_MS. The tenant's live events (LISTEN, every process hears every
 * change) drop them all on any status change, and when the LISTEN connection comes back after a
 * loss (events may have been missed meanwhile). A page read while a change arrived is not kept:
 * each drop moves `epoch` on, and a page is kept only under the epoch it was read in.
 */
class TenantBoardPages {
  private readonly pages = new LRUCache<string, string>({ max: KEPT_PAGES, ttl: BOARD_KEEP_MS });
  private epoch = 0;
  /** Whether the tenant's events are heard; until then (or when LISTEN fails) nothing is kept. */
  private listening = false;
  /** Settles once LISTEN is set up (or has failed). */
  private readonly ready: Promise<void>;

  constructor(tenant: Tenant) {
    this.ready = tenant
      .listen({
        event: (payload) => {
          // Positions and scans change nothing a board shows; anything else (status changes,
          // unknown payloads) drops every kept page.
          const event = parseNotice(payload)?.event;
          if (event !== 'position' && event !== 'scan') this.drop();
        },
        resync: () => this.drop(),
      })
      .then(
        () => void (this.listening = true),
        () => undefined,
      );
  }

  /** Drops every kept page (a change was made or may have been missed). */
  drop(): void {
    this.epoch++;
    this.pages.clear();
  }

  /**
   * The page under `key`, kept or read by `read` (and kept when no change arrived meanwhile and
   * the tenant's events are heard).
   */
  async get(key: string, read: () => Promise<string>): Promise<string> {
    const kept = this.pages.get(key);
    if (kept !== undefined) return kept;
    await this.ready;
    const epoch = this.epoch;
    const page = await read();
    if (this.listening && epoch === this.epoch) this.pages.set(key, page);
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
