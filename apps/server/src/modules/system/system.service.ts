import { sql } from 'drizzle-orm';
import type { DatabaseList, VersionResponse } from '@courier/contracts';
import type { TenantRegistry } from '../../db/tenants';
import { queryRows } from '../../db/client';

/** database/list: every tenant's name and theme, in configured order. */
export const databaseList = (tenants: TenantRegistry): DatabaseList =>
  tenants.tenants.map((t) => ({ name: t.name, theme: t.theme }));

/** Ready when every tenant database answers; lists the ones that do not. */
export async function readiness(tenants: TenantRegistry) {
  const results = await Promise.all(
    tenants.tenants.map((t) =>
      t.ping().then(
        () => ({ name: t.name, ok: true }),
        () => ({ name: t.name, ok: false }),
      ),
    ),
  );
  return { ready: results.every((r) => r.ok), tenants: results };
}

/** system/version: app version and the server version of the first tenant database. */
export async function version(tenants: TenantRegistry, appVersion: string): Promise<VersionResponse> {
  const first = tenants.tenants[0];
  if (!first) return { appVersion, dbVersion: 'none' };
  const rows = await queryRows<{ v: string }>(first.db, sql`select current_setting('server_version') as v`);
  const dbVersion = `PostgreSQL ${rows[0]?.v ?? '?'}${first.kind === 'embedded' ? ' (embedded)' : ''}`;
  return { appVersion, dbVersion };
}

/**
 * The benchmark's ceiling route: one `SELECT 1` through the first tenant's pool, nothing else.
 * Public and harmless; it lets `bench/` compare a real route against the cost of a round trip.
 */
export async function ping(tenants: TenantRegistry): Promise<{ ok: number }> {
  const rows = await queryRows<{ ok: number }>(tenants.tenants[0]!.db, sql`select 1 as ok`);
  return { ok: Number(rows[0]!.ok) };
}
