import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { openTenants, type TenantRegistry, type TenantSpec } from '../db/tenants';
import { seedDemo } from '../db/seed/demo';
import { GeoIndex } from '../lib/geo';
import type { Clock } from '../lib/clock';
import { createMailer } from '../lib/mail';
import { MailCatcher } from './smtp';

/** Databases the integration suite runs on: always PGlite; PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

let geo: GeoIndex | undefined;
export const testGeo = () => (geo ??= GeoIndex.load());

/** A clock the test can move. */
export class TestClock implements Clock {
  constructor(public current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const TENANT_A = 'Demo Couriers';
export const TENANT_B = 'Northern Express';

export interface TestApp {
  app: FastifyInstance;
  tenants: TenantRegistry;
  clock: TestClock;
  /** Every mail the app sent, received over real SMTP. */
  mail: MailCatcher;
  /** What the app was built from: another app over the same tenants is `buildApp({ ...deps, … })`. */
  deps: AppDeps;
  close(): Promise<void>;
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `courier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Two seeded tenants (A and B) on fresh databases of `kind`, and the app over them.
 * `dockets` demo dockets are seeded per tenant.
 */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  opts: {
    dockets?: number;
    loginRateMax?: number;
    logLevel?: string;
    logStream?: NodeJS.WritableStream;
    rateLimitRedis?: AppDeps['rateLimitRedis'];
  } = {},
): Promise<TestApp> {
  const clock = new TestClock();
  const drops: (() => Promise<void>)[] = [];
  const specs: TenantSpec[] = [];
  for (const [name, color] of [
    [TENANT_A, 'blue'],
    [TENANT_B, 'orange'],
  ] as const) {
    const theme = { primaryColor: color, name };
    if (kind === 'postgres') {
      const created = await createDatabase(process.env.TEST_DATABASE_URL!);
      drops.push(created.drop);
      specs.push({ name, theme, url: created.url, poolSize: 4 });
    } else {
      specs.push({ name, theme, memory: true });
    }
  }
  const tenants = await openTenants(specs);
  for (const t of tenants.tenants)
    await seedDemo(t.db, testGeo(), { tenantName: t.name, dockets: opts.dockets ?? 30, now: clock.now() });
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const deps: AppDeps = {
    mailer: createMailer({ smtpUrl, from: 'Portal <portal@test.local>', outboxDir: '/nonexistent' }),
    publicUrl: 'http://portal.test',
    tenants,
    geo: testGeo(),
    clock,
    appVersion: 'test',
    idleMinutes: 60,
    loginRateMax: opts.loginRateMax ?? 50,
    cookieSecure: false,
    logLevel: opts.logLevel,
    logStream: opts.logStream,
    rateLimitRedis: opts.rateLimitRedis,
  };
  const app = await buildApp(deps);
  return {
    app,
    tenants,
    clock,
    mail,
    deps,
    close: async () => {
      await app.close();
      await mail.close();
      await tenants.close();
      for (const d of drops) await d();
    },
  };
}

/** POST JSON with an optional bearer token. */
export function post(
  app: FastifyInstance,
  url: string,
  body: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
}

/** Logs in and returns the bearer token; fails the test on a non-200. */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
  database = TENANT_A,
): Promise<string> {
  const res = await post(app, '/api/auth/login', { database, username, password });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const CUSTOMER = ['customer', 'Customer#2026'] as const;
export const ADMIN = ['admin', 'Admin#2026'] as const;
export const CONTROL = ['control', 'Control#2026'] as const;

export { booking } from './fixtures';
