import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * The planner's sample of `dck_search` (pg_stats: histogram bounds and most common values, about
 * 100 lower-cased values, renewed by ANALYZE), which searchTrigrams reads to tell a common search
 * term from a rare one as the planner does. Kept per tenant database for SAMPLE_MS.
 */

/** How long a tenant's sample is used before it is read again (ANALYZE renews it rarely). */
export const SAMPLE_MS = 5 * 60_000;

const kept = new WeakMap<Db, { at: number; samples: Promise<readonly string[] | null> }>();

/**
 * Reads the sample now and keeps it. Null, and every search stays one condition, before the table
 * is first analysed (no sample: a common term would look rare) or when it cannot be read (then read
 * again on the next search).
 */
export function readSearchSamples(db: Db): Promise<readonly string[] | null> {
  const entry = { at: Date.now(), samples: Promise.resolve<readonly string[] | null>(null) };
  entry.samples = queryRows<{ samples: string[] }>(
    db,
    sql`select coalesce(histogram_bounds::text::text[], '{}') || coalesce(most_common_vals::text::text[], '{}') as samples
          from pg_stats
         where schemaname = current_schema() and tablename = 'dockets' and attname = 'dck_search'`,
  ).then(
    (rows) => {
      const samples = rows.flatMap((r) => r.samples);
      return samples.length > 0 ? samples : null;
    },
    () => {
      if (kept.get(db) === entry) kept.delete(db);
      return null;
    },
  );
  kept.set(db, entry);
  return entry.samples;
}

/** The sample of the tenant database (or null, see readSearchSamples), read at most once per SAMPLE_MS. */
export function searchSamples(db: Db): Promise<readonly string[] | null> {
  const k = kept.get(db);
  return k && Date.now() - k.at < SAMPLE_MS ? k.samples : readSearchSamples(db);
}
