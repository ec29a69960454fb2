import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { openTenants, type TenantRegistry, type TenantSpec } from '../db/tenants';
import { seedDemo } from '../db/seed/demo';
import { createDatabase } from './databases';
import { GeoIndex } from '../lib/geo';
import type { Clock } from '../lib/clock';
import { createMailer } from '../lib/mail';
import { MailCatcher } from './smtp';

/**
 * Engines the integration suite runs on: PostgreSQL only, TEST_DATABASE_URL's server or the embedded
 * one the run starts (global-setup.ts). A list so a suite names its engine in its title.
 */
export const DB_KINDS = ['postgres'] as const;

/** The server and migrated template to create test databases on (outside Vitest: TEST_DATABASE_URL). */
function testServer(): { adminUrl: string; template?: string } {
  if (process.env.VITEST) return { adminUrl: inject('testDatabaseUrl'), template: inject('testTemplate') };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_URL is not set (outside Vitest it names the server to test on)');
  return { adminUrl };
}

let geo: GeoIndex | undefined;
export const testGeo = () => (geo ??= GeoIndex.load());

/** A clock the test can move; reset() takes it back to where it started. */
export class TestClock implements Clock {
  readonly start: Date;
  constructor(public current = new Date()) {
    this.start = new Date(current);
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  reset() {
    this.current = new Date(this.start);
  }
}

export type DbKind = (typeof DB_KINDS)[number];

/** How a test app is built: demo dockets per tenant (30), login rate, logging, a shared rate-limit store. */
export interface TestAppOptions {
  dockets?: number;
  loginRateMax?: number;
  logLevel?: string;
  logStream?: NodeJS.WritableStream;
  rateLimitRedis?: AppDeps['rateLimitRedis'];
  docketMailRateMax?: number;
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
  /** The tenants' databases: `openTenants(specs)` opens them again, as another server process would. */
  specs: TenantSpec[];
  close(): Promise<void>;
}

/**
 * Two seeded tenants (A and B) on fresh PostgreSQL databases, and the app over them; `close()` drops
 * the databases. `dockets` demo dockets (30) are seeded per tenant.
 */
export async function createTestApp(_kind: DbKind = 'postgres', opts: TestAppOptions = {}): Promise<TestApp> {
  const clock = new TestClock();
  const drops: (() => Promise<void>)[] = [];
  const specs: TenantSpec[] = [];
  for (const [name, color] of [
    [TENANT_A, 'blue'],
    [TENANT_B, 'orange'],
  ] as const) {
    const theme = { primaryColor: color, name };
    const { adminUrl, template } = testServer();
    const created = await createDatabase(adminUrl, template);
    drops.push(created.drop);
    specs.push({ name, theme, url: created.url, poolSize: 4 });
  }
  const tenants = await openTenants(specs, ({ name, db }) =>
    seedDemo(db, testGeo(), { tenantName: name, dockets: opts.dockets ?? 30, now: clock.now() }),
  );
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
    docketMailRateMax: opts.docketMailRateMax,
  };
  const app = await buildApp(deps);
  return {
    app,
    tenants,
    clock,
    mail,
    deps,
    specs,
    close: async () => {
      await app.close();
      await mail.close();
      await tenants.close();
      for (const d of drops) await d();
    },
  };
}

/**
 * The test file's app, in one call at the top of a describe block: built before its tests
 * (beforeAll), closed after them (afterAll), its clock back at its start after each test
 * (afterEach), so no test sees the time another one moved. The object is filled in by beforeAll;
 * read it inside hooks and tests.
 */
export function useTestApp(kind: DbKind = 'postgres', opts: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind, opts));
  });
  afterEach(() => t.clock?.reset());
  afterAll(() => t.close?.());
  return t;
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

export { booking, driver, statusChange } from './fixtures';
