import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from './client';

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

/** A raw SQL statement run as a named prepared statement on the pool (see namedQuery). */
export interface NamedStatement {
  /** Unique per statement text: PostgreSQL keeps one plan per connection under this name. */
  name: string;
  /** The SQL with $1…$n parameters. */
  text: string;
}

/**
 * Runs `stmt` with `values` as a named prepared statement straight on the tenant's pool (one round
 * trip, parsed once per connection, no query building in Node): for the hottest single-statement
 * calls. `db` must be the tenant handle, not a transaction (a statement is its own transaction).
 * Answers the rows as node-postgres parses them (timestamptz → Date, json → objects).
 */
export async function namedQuery<T>(db: Db, stmt: NamedStatement, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: { query: PoolQuery } }).$client;
  if (!client) throw new Error('namedQuery needs the tenant database handle, not a transaction');
  const res = await client.query({ name: stmt.name, text: stmt.text, values });
  return res.rows as T[];
}

type PoolQuery = (q: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;

/** What namedSql reaches inside Drizzle's node-postgres handle: its dialect and its pool or client. */
interface DrizzleInside {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: { client: { query: PoolQuery } };
}

/**
 * Runs `query` as a named prepared statement on `db`, the tenant handle or an open transaction
 * (its client): PostgreSQL parses and plans it once per connection, under `prefix` and a hash of
 * its text (so each distinct text is its own statement). For hot writes built with sql``, which
 * Drizzle would send unnamed and have planned on every call. Answers the rows as node-postgres
 * parses them.
 */
export async function namedSql<T>(db: Executor, prefix: string, query: SQL): Promise<T[]> {
  const inside = db as unknown as DrizzleInside;
  const { sql: text, params } = inside.dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  const res = await inside.session.client.query({ name, text, values: params });
  return res.rows as T[];
}
