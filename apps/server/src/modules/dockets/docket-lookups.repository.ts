import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';

/**
 * A tenant's docket statuses and tariff types (vehicles), as the booking list shows them (spec
 * "bookings…" §2), read from memory instead of joined into every page: joined, they cost each
 * list page a third of PostgreSQL's time and an eighth of the server's (bench `recent`: 28 → 32 %
 * of the ceiling without them).
 *
 * Kept exactly: every write to either table, by the portal or by hand, moves the tenant's
 * `context_versions` 'lookups' version on (migration 0018's triggers), each list page reads that
 * version with its rows (LOOKUPS_VERSION), and a page whose version is newer than the kept read's
 * reads them again first (docketLookups). Concurrent callers share one read; a failed read is not
 * kept. A status or tariff id the tables do not hold (dck_tariff has no foreign key) is shown
 * with an empty name, and reads nothing again until the version moves.
 */

/** A status as the list shows it. */
export interface StatusView {
  dsts_description: string;
  dsts_color: string;
  dsts_font_color: string;
}

/** Statuses by dsts_id and tariff descriptions by ttyp_tariff, as of `version`. */
export interface DocketLookups {
  version: bigint;
  statuses: ReadonlyMap<string, StatusView>;
  tariffs: ReadonlyMap<number, string>;
}

/** The tenant's lookups version, as a column of a list query (one read per statement). */
export const LOOKUPS_VERSION = sql<string>`(select ctx_version from context_versions where ctx_name = 'lookups')::text`;

const lookupsStatement: NamedStatement = {
  name: 'docket_lookups',
  text: `select (select ctx_version from context_versions where ctx_name = 'lookups')::text as version,
    coalesce((select json_agg(json_build_array(dsts_id, dsts_description, dsts_color, dsts_font_color))
                from docket_statuses), '[]') as statuses,
    coalesce((select json_agg(json_build_array(ttyp_tariff, ttyp_description)) from tariff_types), '[]') as tariffs`,
};

interface LookupsRow {
  version: string | null;
  statuses: [string, string, string, string][];
  tariffs: [number, string][];
}

/** Both tables and their version, in one statement (one snapshot). */
async function readLookups(db: Db): Promise<DocketLookups> {
  const [row] = await namedQuery<LookupsRow>(db, lookupsStatement, []);
  return {
    version: BigInt(row?.version ?? 0),
    statuses: new Map(
      (row?.statuses ?? []).map(([id, dsts_description, dsts_color, dsts_font_color]) => [
        id,
        { dsts_description, dsts_color, dsts_font_color },
      ]),
    ),
    tariffs: new Map(row?.tariffs ?? []),
  };
}

const kept = new WeakMap<Db, Promise<DocketLookups>>();

/**
 * The tenant's lookups as of `version` or later (LOOKUPS_VERSION as the page's rows read it; null,
 * a tenant without the version's row, takes any read). `db` must be the tenant handle.
 */
export async function docketLookups(db: Db, version: string | null): Promise<DocketLookups> {
  const wanted = version === null ? 0n : BigInt(version);
  for (;;) {
    const current = kept.get(db);
    if (!current) break;
    const lookups = await current.catch(() => undefined);
    if (lookups && lookups.version >= wanted) return lookups;
    // Stale or failed: read again, unless another caller already has while this one waited.
    if (kept.get(db) === current) break;
  }
  const read = readLookups(db);
  kept.set(db, read);
  read.catch(() => {
    if (kept.get(db) === read) kept.delete(db);
  });
  return read;
}
