import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EmbeddedPostgres } from '../db/embedded';
import { tenantsFile, type TenantSpec } from '../db/tenants';
import type { Env } from './env';

/** The two embedded demo tenants used when nothing is configured. */
export const DEMO_TENANTS = [
  {
    name: 'Demo Couriers',
    slug: 'demo-couriers',
    theme: { primaryColor: 'blue', name: 'Demo Couriers', logo: '/logos/demo-couriers.svg' },
  },
  {
    name: 'Northern Express',
    slug: 'northern-express',
    theme: { primaryColor: 'orange', name: 'Northern Express', logo: '/logos/northern-express.svg' },
  },
] as const;

/** Tenants from TENANTS_FILE, else DATABASE_URL (one tenant); undefined when neither is set. */
export function configuredTenants(env: Env): TenantSpec[] | undefined {
  if (env.TENANTS_FILE) return tenantsFile.parse(JSON.parse(readFileSync(env.TENANTS_FILE, 'utf8')));
  if (env.DATABASE_URL)
    return [
      {
        name: env.TENANT_NAME,
        theme: { primaryColor: 'blue', name: env.TENANT_NAME },
        url: env.DATABASE_URL,
      },
    ];
  return undefined;
}

/** The embedded cluster's directory under DATA_DIR. */
export const embeddedDir = (env: Env): string => resolve(env.DATA_DIR, 'postgres');

/** The demo pair as databases (named after their slugs) on the embedded server; creates them when missing. */
export async function demoTenants(server: EmbeddedPostgres): Promise<TenantSpec[]> {
  const specs: TenantSpec[] = [];
  for (const t of DEMO_TENANTS) {
    const database = t.slug.replace(/-/g, '_');
    await server.ensureDatabase(database);
    specs.push({ name: t.name, theme: { ...t.theme }, url: server.urlFor(database), embedded: true });
  }
  return specs;
}
