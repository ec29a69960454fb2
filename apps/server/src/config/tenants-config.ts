import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

/** Tenants from TENANTS_FILE, else DATABASE_URL (one tenant), else the embedded demo pair under DATA_DIR. */
export function tenantSpecs(env: Env): TenantSpec[] {
  if (env.TENANTS_FILE) return tenantsFile.parse(JSON.parse(readFileSync(env.TENANTS_FILE, 'utf8')));
  if (env.DATABASE_URL)
    return [
      {
        name: env.TENANT_NAME,
        theme: { primaryColor: 'blue', name: env.TENANT_NAME },
        url: env.DATABASE_URL,
      },
    ];
  return DEMO_TENANTS.map((t) => ({
    name: t.name,
    theme: { ...t.theme },
    dir: resolve(env.DATA_DIR, t.slug),
  }));
}
