import { docketStatuses, tariffTypes } from '../../db/schema';
import type { Db } from '../../db/client';

/**
 * A tenant's docket statuses and tariff types (vehicles), as the booking list shows them (spec
 * "bookings…" §2), read from memory instead of joined into every page: the two tables are small
 * reference data that no call of the portal writes. Joined, they cost each list page a third of
 * PostgreSQL's time and the server an eighth of its own (bench `recent`: 28 → 34 % of the ceiling
 * without them).
 *
 * What holds:
 * - A read is kept for DOCKET_LOOKUPS_CACHE_MS of real time per tenant database, so an edit made
 *   in the database by hand shows within that time.
 * - A page naming a status or tariff the kept read lacks reads them again at once (docketLookups).
 * - Concurrent callers share one read; a failed read is not kept.
 */

/** A status as the list shows it. */
export interface StatusView {
  dsts_description: string;
  dsts_color: string;
  dsts_font_color: string;
}

/** Statuses by dsts_id and tariff descriptions by ttyp_tariff. */
export interface DocketLookups {
  statuses: ReadonlyMap<string, StatusView>;
  tariffs: ReadonlyMap<number, string>;
}

/** How long a read of the lookups is kept, ms of real time. */
export const DOCKET_LOOKUPS_CACHE_MS = 5_000;

const kept = new WeakMap<Db, { until: number; read: Promise<DocketLookups> }>();

async function readLookups(db: Db): Promise<DocketLookups> {
  const [statuses, tariffs] = await Promise.all([
    db
      .select({
        dsts_id: docketStatuses.dsts_id,
        dsts_description: docketStatuses.dsts_description,
        dsts_color: docketStatuses.dsts_color,
        dsts_font_color: docketStatuses.dsts_font_color,
      })
      .from(docketStatuses),
    db
      .select({ ttyp_tariff: tariffTypes.ttyp_tariff, ttyp_description: tariffTypes.ttyp_description })
      .from(tariffTypes),
  ]);
  return {
    statuses: new Map(statuses.map(({ dsts_id, ...view }) => [dsts_id, view])),
    tariffs: new Map(tariffs.map((t) => [t.ttyp_tariff, t.ttyp_description])),
  };
}

/** A fresh read, kept and shared with the callers that come while it runs. */
function readAndKeep(db: Db): Promise<DocketLookups> {
  const read = readLookups(db);
  kept.set(db, { until: performance.now() + DOCKET_LOOKUPS_CACHE_MS, read });
  read.catch(() => {
    if (kept.get(db)?.read === read) kept.delete(db);
  });
  return read;
}

/**
 * The tenant's lookups for rows naming `statusIds` and `tariffIds`: the kept read while it is
 * fresh and knows every one of them, else a new read. An id unknown to the new read too is
 * answered as it is (the list shows an empty description). `db` must be the tenant handle.
 */
export async function docketLookups(
  db: Db,
  statusIds: Iterable<string>,
  tariffIds: Iterable<number>,
): Promise<DocketLookups> {
  const entry = kept.get(db);
  if (!entry || entry.until <= performance.now()) return readAndKeep(db);
  const lookups = await entry.read;
  for (const id of statusIds) if (!lookups.statuses.has(id)) return readAndKeep(db);
  for (const id of tariffIds) if (!lookups.tariffs.has(id)) return readAndKeep(db);
  return lookups;
}

/** Forgets every kept read (tests that edit the tables). */
export function forgetDocketLookups(db: Db): void {
  kept.delete(db);
}
