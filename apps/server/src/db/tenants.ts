import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { z } from 'zod';
import { theme, type Theme } from '@courier/contracts';
import * as schema from './schema';
import type { Db } from './client';

const MIGRATIONS = resolve(import.meta.dirname, 'migrations');

/** One tenant as configured: a PostgreSQL URL, an embedded directory, or in memory (tests). */
export const tenantSpec = z.object({
  name: z.string().min(1),
  theme,
  url: z.string().optional(),
  dir: z.string().optional(),
  memory: z.boolean().optional(),
  poolSize: z.number().int().min(1).optional(),
});
export type TenantSpec = z.infer<typeof tenantSpec>;
export const tenantsFile = z.array(tenantSpec).min(1);

/** An open tenant database. */
export interface Tenant {
  name: string;
  theme: Theme;
  kind: 'postgres' | 'embedded';
  db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The tenants of this process, by name. */
export class TenantRegistry {
  private readonly byName: Map<string, Tenant>;
  constructor(readonly tenants: Tenant[]) {
    this.byName = new Map(tenants.map((t) => [t.name, t]));
  }
  get(name: string): Tenant | undefined {
    return this.byName.get(name);
  }
  async close(): Promise<void> {
    await Promise.all(this.tenants.map((t) => t.close()));
  }
}

/** Opens one tenant and applies the migrations (under an advisory lock on PostgreSQL). */
export async function openTenant(spec: TenantSpec): Promise<Tenant> {
  if (spec.url) {
    const pool = new pg.Pool({ connectionString: spec.url, max: spec.poolSize ?? 10 });
    // An idle client that loses its server (restart, failover, terminated backend) emits 'error' on
    // the pool; without a listener that would crash the process. The pool drops the client and the
    // next query opens a new one, so a warning is all it needs.
    pool.on('error', (e) =>
      process.emitWarning(`tenant "${spec.name}": idle database connection lost: ${e.message}`),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(724001)');
      await client.query('create extension if not exists pg_trgm');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock(724001)').catch(() => undefined);
      client.release();
    }
    return {
      name: spec.name,
      theme: spec.theme,
      kind: 'postgres',
      db,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  if (spec.dir) mkdirSync(spec.dir, { recursive: true });
  const client = await PGlite.create(spec.memory || !spec.dir ? undefined : spec.dir, {
    extensions: { pg_trgm },
  });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  return {
    name: spec.name,
    theme: spec.theme,
    kind: 'embedded',
    db,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

/** Opens every tenant; on failure closes those already open. */
export async function openTenants(specs: TenantSpec[]): Promise<TenantRegistry> {
  const open: Tenant[] = [];
  try {
    for (const s of specs) open.push(await openTenant(s));
  } catch (e) {
    await Promise.all(open.map((t) => t.close()));
    throw e;
  }
  return new TenantRegistry(open);
}
