import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { z } from 'zod';
import { theme, type Theme } from '@courier/contracts';
import * as schema from './schema';
import { MIGRATIONS_DIR } from '../config/paths';
import type { Db } from './client';
import { forgetEpoch, forgetLiveSessions } from './live-session-cache';
import { PgListener, type ListenHandlers } from './listener';

const MIGRATIONS = MIGRATIONS_DIR;

/** One tenant as configured: its PostgreSQL database URL (`embedded`: on the server `npm start` started). */
export const tenantSpec = z.object({
  name: z.string().min(1),
  theme,
  url: z.string().min(1),
  poolSize: z.number().int().min(1).optional(),
  embedded: z.boolean().optional(),
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
  /**
   * Subscribes to the tenant's live events (one LISTEN connection per tenant in this process,
   * opened on first use); resolves once listening, with the unsubscribe.
   */
  listen(handlers: ListenHandlers): Promise<() => void>;
  /**
   * The live events' payloads this process heard at or after `from` (Date.now() ms), or undefined
   * when it cannot say (PgListener.heardSince).
   */
  heardSince?(from: number): string[] | undefined;
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

/** Session-level advisory lock key that serialises migrating and seeding across server processes. */
const SETUP_LOCK = 724001;

/**
 * Work done once per database right after the migrations, under the same advisory lock, so two
 * processes starting together on an empty database neither migrate nor seed it twice.
 */
export type Prepare = (tenant: { name: string; db: Db }) => Promise<void>;

/**
 * `db`, whose transactions forget every kept session read again as they end when they wrote what a
 * session read holds (live-session-cache.ts: a forget came while they ran), so that a read taken
 * before their commit is not kept after it. Returns `db`.
 */
function forgettingAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    const before = forgetEpoch();
    try {
      return await transaction(...args);
    } finally {
      if (forgetEpoch() !== before) forgetLiveSessions();
    }
  }) as Db['transaction'];
  return db;
}

/**
 * Opens one tenant: a pool of `poolSize` (10) connections; applies the migrations and `prepare`
 * under an advisory lock held on one pinned connection.
 */
export async function openTenant(spec: TenantSpec, prepare?: Prepare): Promise<Tenant> {
  const pool = new pg.Pool({ connectionString: spec.url, max: spec.poolSize ?? 10 });
  // An idle client that loses its server (restart, failover, terminated backend) emits 'error' on
  // the pool; without a listener that would crash the process. The pool drops the client and the
  // next query opens a new one, so a warning is all it needs.
  pool.on('error', (e) =>
    process.emitWarning(`tenant "${spec.name}": idle database connection lost: ${e.message}`),
  );
  const db = forgettingAfterCommit(drizzlePg(pool, { schema }) as unknown as Db);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
      await client.query('create extension if not exists pg_trgm');
      const locked = drizzlePg(client, { schema });
      await migratePg(locked, { migrationsFolder: MIGRATIONS });
      await prepare?.({ name: spec.name, db: locked as unknown as Db });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
      client.release();
    }
  } catch (e) {
    await pool.end();
    throw e;
  }
  const listener = new PgListener(spec.url, (m) => process.emitWarning(`tenant "${spec.name}": ${m}`));
  return {
    name: spec.name,
    theme: spec.theme,
    kind: spec.embedded ? 'embedded' : 'postgres',
    db,
    ping: async () => void (await pool.query('select 1')),
    listen: (handlers) => listener.subscribe(handlers),
    heardSince: (from) => listener.heardSince(from),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Opens every tenant (see openTenant); on failure closes those already open. */
export async function openTenants(specs: TenantSpec[], prepare?: Prepare): Promise<TenantRegistry> {
  const open: Tenant[] = [];
  try {
    for (const s of specs) open.push(await openTenant(s, prepare));
  } catch (e) {
    await Promise.all(open.map((t) => t.close()));
    throw e;
  }
  return new TenantRegistry(open);
}
