import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** The database server's version string (`server_version`). */
export async function serverVersion(db: Executor): Promise<string | undefined> {
  const rows = await queryRows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
  return rows[0]?.v;
}

/** One `SELECT 1` round trip: the benchmark's ceiling. */
export async function selectOne(db: Executor): Promise<number> {
  const rows = await queryRows<{ ok: number }>(db, sql`select 1 as ok`);
  return Number(rows[0]!.ok);
}
