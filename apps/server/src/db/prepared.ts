import type { Db } from './client';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A named prepared statement per tenant database, built once and reused: hot read paths (track,
 * booking list) skip PostgreSQL's planning, which costs more than executing them.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let stmt = byName.get(name) as T | undefined;
  if (!stmt) byName.set(name, (stmt = build(db, name)));
  return stmt;
}
