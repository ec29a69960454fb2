import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** A tenant's Drizzle handle (node-postgres); a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What repository methods take: the tenant handle or the service's open transaction. */
export type Executor = Db;

/** Runs raw SQL and returns its rows. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Escapes `\`, `%` and `_` so user text matches literally inside a LIKE pattern. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** The SQLSTATE of a failed query, looking through Drizzle's wrapper to the driver's error. */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True when a query failed on a unique constraint (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';
