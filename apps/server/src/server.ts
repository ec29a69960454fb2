import { Redis } from 'ioredis';
import { appVersion, readEnv } from './config/env';
import { configuredTenants, demoTenants, embeddedDir } from './config/tenants-config';
import { buildApp } from './app';
import { assertDocumentsWorker, stopDocumentsWorker } from './documents/render';
import { scheduleNightlyPurges } from './modules/system/nightly-purge.job';
import { scheduleNoticeSweep } from './modules/tracking/tracking-notice.job';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { openTenants } from './db/tenants';
import {
  DEMO_LOGINS,
  isEmpty,
  seedControlRoomIfMissing,
  seedDemo,
  seedUserAdminIfMissing,
  seedReportDefinitionsIfMissing,
} from './db/seed/demo';
import { DEMO_DRIVER_PIN, seedTrackingIfMissing } from './db/seed/tracking';
import { GeoIndex } from './lib/geo';
import { systemClock } from './lib/clock';
import { createMailer } from './lib/mail';
import { addressProviderFromEnv } from './modules/postcode/providers/getaddress';
import { paymentProvidersFromEnv } from './modules/payments/providers.config';
import { resolve } from 'node:path';

let embedded: EmbeddedPostgres | undefined;
/** What SIGINT/SIGTERM run: until the app listens, stopping the embedded server is all there is to close. */
let close = async (): Promise<void> => {
  await embedded?.stop();
  process.exit(130);
};
process.once('SIGINT', () => void close());
process.once('SIGTERM', () => void close());

/**
 * Reads the environment; with no DATABASE_URL nor TENANTS_FILE starts the embedded PostgreSQL under
 * DATA_DIR; opens and migrates every tenant, seeds empty ones (under the migration lock), listens.
 */
async function main(): Promise<void> {
  console.log(`Courier portal ${appVersion()} starting on Node ${process.version}`);
  const env = readEnv();
  // A build without the PDF worker fails here, not at a user's first label.
  assertDocumentsWorker();
  const geo = GeoIndex.load();
  let specs = configuredTenants(env);
  if (!specs) {
    const started = Date.now();
    embedded = await startEmbeddedPostgres({ dir: embeddedDir(env) });
    console.log(
      `Embedded PostgreSQL (pid ${embedded.pid}) ready in ${Date.now() - started} ms, data in ${embeddedDir(env)}`,
    );
    specs = await demoTenants(embedded);
  }
  let seeded = false;
  const tenants = await openTenants(specs, async ({ name, db }) => {
    if (env.SEED_DEMO && (await isEmpty(db))) {
      await seedDemo(db, geo, { tenantName: name, dockets: 200, now: new Date() });
      seeded = true;
    } else if (env.SEED_DEMO) {
      if (await seedControlRoomIfMissing(db))
        console.log(`${name}: demo control room added (circuits, drivers)`);
      if (await seedUserAdminIfMissing(db))
        console.log(`${name}: demo sites, business units and reports added`);
      if (await seedReportDefinitionsIfMissing(db))
        console.log(`${name}: demo reports brought to their definitions`);
    }
    if (env.SEED_DEMO && (await seedTrackingIfMissing(db, name, new Date())))
      console.log(`${name}: demo tracking added (trace records, stock, signatures, driver PINs)`);
  });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: resolve(env.DATA_DIR, 'outbox'),
    onOutbox: (file) => console.log(`mail written to ${file} (no SMTP_URL set)`),
  });
  // Short timeouts: a rate limiter must answer fast or not at all.
  const rateLimitRedis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  const app = await buildApp({
    rateLimitRedis,
    mailer,
    publicUrl: env.PUBLIC_URL,
    tenants,
    geo,
    clock: systemClock,
    appVersion: appVersion(),
    idleMinutes: env.SESSION_IDLE_MINUTES,
    loginRateMax: env.LOGIN_RATE_MAX,
    trackRateMax: env.TRACK_RATE_MAX,
    quoteCreateRateMax: env.QUOTE_CREATE_RATE_MAX,
    docketMailRateMax: env.DOCKET_MAIL_RATE_MAX,
    mapTileUrl: env.MAP_TILE_URL,
    mapAttribution: env.MAP_ATTRIBUTION,
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    addressProvider: addressProviderFromEnv(env),
    payments: paymentProvidersFromEnv(env, systemClock),
    paymentSandbox: env.PAYMENT_SANDBOX,
  });
  const stopPurge = scheduleNightlyPurges(tenants, systemClock, (msg, err) => app.log.error({ err }, msg));
  const stopNotices = scheduleNoticeSweep(
    {
      mailer,
      publicUrl: env.PUBLIC_URL,
      clock: systemClock,
      onNoticeError: (err) => app.log.error({ err }, 'tracking notice failed'),
    },
    tenants,
  );
  close = async () => {
    stopPurge();
    stopNotices();
    await app.close();
    await stopDocumentsWorker();
    await tenants.close();
    rateLimitRedis?.disconnect();
    await embedded?.stop();
    process.exit(0);
  };
  await app.listen({ port: env.PORT, host: env.HOST });
  const url = `http://localhost:${env.PORT}`;
  console.log(`\nCourier portal on ${url} — databases: ${tenants.tenants.map((t) => t.name).join(', ')}`);
  if (seeded || env.SEED_DEMO) {
    console.log('Demo logins (any database):');
    for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(9)} ${l.password.padEnd(14)} ${l.what}`);
    console.log(`Driver page ${url}/driver: driver code D01 to D06, PIN ${DEMO_DRIVER_PIN}`);
  }
}

main().catch(async (err: unknown) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
