import type { DatabaseList, VersionResponse } from '@courier/contracts';
import type { TenantRegistry } from '../../db/tenants';
import * as repo from './system.repository';

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
  const dbVersion = `PostgreSQL ${(await repo.serverVersion(first.db)) ?? '?'}${first.kind === 'embedded' ? ' (embedded)' : ''}`;
  return { appVersion, dbVersion };
}

/**
 * The benchmark's ceiling route: one `SELECT 1` through the first tenant's pool, nothing else.
 * Public and harmless; it lets `bench/` compare a real route against the cost of a round trip.
 */
export async function ping(tenants: TenantRegistry): Promise<{ ok: number }> {
  return { ok: await repo.selectOne(tenants.tenants[0]!.db) };
}
