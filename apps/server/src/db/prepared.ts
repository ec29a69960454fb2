import { createHash } from 'node:crypto';
import { Column, DrizzleQueryError, fillPlaceholders, is, SQL, Subquery } from 'drizzle-orm';
import type { Db, Executor } from './client';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A named prepared statement per tenant database, built once and reused: hot read paths (track,
 * booking list) skip PostgreSQL's planning, which costs more than executing them. A select's rows
 * are mapped by decoders chosen once (withFastRows).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let stmt = byName.get(name) as T | undefined;
  if (!stmt) byName.set(name, (stmt = withFastRows(build(db, name))));
  return stmt;
}

/** What withFastRows reads of Drizzle's node-postgres prepared query (drizzle-orm 0.45). */
interface DrizzlePrepared {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: { rowMode?: string; text: string };
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder Drizzle's mapResultRow would pick for a selected field. */
function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/**
 * A Drizzle select statement whose rows are mapped as Drizzle maps them (same query, same raw
 * values, each column's own decoder) but with the decoders and paths chosen once, not per row and
 * column: on the booking list's 21 rows Drizzle's mapping cost about 250 µs of the process's CPU
 * a page, and the session check about 100 µs on every signed-in call. A statement that selects a
 * left-joined table as an object (Drizzle then nulls the whole object) keeps Drizzle's mapping, as
 * does anything that is not such a statement.
 */
export function withFastRows<T>(stmt: T): T {
  const q = stmt as unknown as DrizzlePrepared;
  const fields = q?.fields;
  if (
    !fields ||
    q.customResultMapper ||
    q.queryConfig?.rowMode !== 'array' ||
    typeof q.client?.query !== 'function'
  )
    return stmt;
  // Drizzle nulls a nested object whose joined table may be missing (a left join, or a select
  // from raw SQL, where it has no map of the joins): those keep Drizzle's mapping.
  const joins = Object.values(q.joinsNotNullableMap ?? {});
  const nullable = joins.length === 0 || joins.some((notNull) => !notNull);
  if (nullable && fields.some((f) => f.path.length > 1)) return stmt;
  const decoders = fields.map((f) => decoderOf(f.field));
  const paths = fields.map((f) => f.path);
  const flat = paths.every((p) => p.length === 1);
  const keys = paths.map((p) => p[0]!);
  const rowOf = (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < raw.length; i++) {
      const v = raw[i];
      const value = v === null ? null : decoders[i]!.mapFromDriverValue(v);
      if (flat) row[keys[i]!] = value;
      else {
        const path = paths[i]!;
        let node = row;
        for (let j = 0; j < path.length - 1; j++) node = (node[path[j]!] ??= {}) as Record<string, unknown>;
        node[path[path.length - 1]!] = value;
      }
    }
    return row;
  };
  q.execute = async (values = {}) => {
    const params = fillPlaceholders(q.params, values);
    // Errors as Drizzle raises them (its query error, the driver's as its cause): the error log
    // then names the statement, never a parameter's value (lib/error-summary.ts).
    const res = await q.client.query(q.queryConfig, params).catch((err: unknown) => {
      throw new DrizzleQueryError(q.queryConfig.text, params, err as Error);
    });
    return res.rows.map(rowOf);
  };
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
