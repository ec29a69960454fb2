/**
 * Guest quote benchmark (issue 11 §4): the built server on PostgreSQL (a 'Bench' tenant with the
 * demo seed: its quote account, tariffs 1–11 and guest access), a guest's `quote/alltariffs/list`
 * for two post codes (M1 1AE → SW1A 1AA, one 2.5 kg parcel: all eleven tariffs priced and a quote
 * stored per call) at 10 connections beside the same run's ceiling POST /api/ping. Target: at
 * least 50 % of the ceiling. The per-address limit on stored quotes is lifted for the run
 * (QUOTE_CREATE_RATE_MAX); every answer is checked to price all eleven tariffs.
 *   BENCH_ADMIN_URL  server to create the bench database on (the local PostgreSQL's Unix socket)
 *   BENCH_DB         database name (courier_bench_quote)
 *   BENCH_SECONDS    seconds per load (10)
 *   BENCH_ONLY       'quote': the quote call only, no ceiling (for a CPU profile of it alone)
 */
import { sql } from 'drizzle-orm';
import { openTenant } from '../apps/server/src/db/tenants';
import { benchLoad, benchPost, rssMb, startBenchServer, withCpu } from './bench-server';
import { ensureDatabase, seedBenchDockets } from './bench-db';

const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql';
const DB = process.env.BENCH_DB ?? 'courier_bench_quote';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3912;
const base = `http://127.0.0.1:${PORT}`;
const TARGET_SHARE = 0.5;

/** The guest's page 1: collect at M1 1AE, deliver to SW1A 1AA, one parcel of 2.5 kg. */
const body = {
  database: 'Bench',
  addresses: [
    { dadd_addresstype: 0, dadd_postalcode: 'M1 1AE' },
    { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
  ],
  parcels: [{ dpcl_quantity: 1, dpcl_weight: 2.5 }],
};

/** Removes the quotes earlier runs stored, so each run starts from the same table. */
async function clearQuotes(url: string): Promise<void> {
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  try {
    await tenant.db.execute(sql`delete from quotes where quote_dck_id is null`);
  } finally {
    await tenant.close();
  }
}

async function main() {
  const url = await ensureDatabase(ADMIN_URL, DB);
  await seedBenchDockets(url, 0, 1);
  await clearQuotes(url);
  console.log(`bench on Node ${process.version}`);
  const server = await startBenchServer(url, PORT, { QUOTE_CREATE_RATE_MAX: '100000000' });
  try {
    const one = await benchPost<{ tariffs: { ttyp_tariff: number; success: boolean }[] }>(
      base,
      '/api/quote/alltariffs/list',
      body,
    );
    const priced = one.tariffs.filter((t) => t.success).map((t) => t.ttyp_tariff);
    if (priced.length !== 11) throw new Error(`expected all eleven tariffs priced, got ${priced.join(', ')}`);
    const idleRss = rssMb(server.pid!);
    await benchLoad(base, Math.min(DURATION, 5), 'warm-up', '/api/quote/alltariffs/list', body);
    /** A load with the CPU each request cost the server and its PostgreSQL backends (ms, from /proc). */
    const measured = (title: string, path: string, payload: unknown) =>
      withCpu(server.pid!, DB, () => benchLoad(base, DURATION, title, path, payload));
    // BENCH_ONLY=quote: no ceiling load (a CPU profile of the quote call alone); its share is then not known.
    const ceiling =
      process.env.BENCH_ONLY === 'quote'
        ? {
            title: 'ceiling: not run (BENCH_ONLY)',
            rps: NaN,
            p50: NaN,
            p99: NaN,
            bad: 0,
            total: 0,
            nodeCpu: NaN,
            pgCpu: NaN,
          }
        : await measured('ceiling: SELECT 1', '/api/ping', {});
    const quote = await measured('quote/alltariffs/list (11 tariffs)', '/api/quote/alltariffs/list', body);
    const rows = [ceiling, quote];
    console.log(`\nguest quote M1 1AE → SW1A 1AA, 11 tariffs priced; 10 connections, ${DURATION} s each`);
    console.log(
      'route                                          req/s    p50 ms  p99 ms  % of ceiling  non-2xx  CPU ms/req: Node  PostgreSQL',
    );
    for (const r of rows)
      console.log(
        `${r.title.padEnd(46)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${((r.rps / ceiling.rps) * 100).toFixed(0).padStart(11)}%  ${String(r.bad).padStart(7)}  ${r.nodeCpu.toFixed(2).padStart(16)}  ${r.pgCpu.toFixed(2).padStart(10)}`,
      );
    const share = quote.rps / ceiling.rps;
    console.log(
      `\nquote/alltariffs/list at ${(share * 100).toFixed(0)} % of the ceiling (target ≥ ${TARGET_SHARE * 100} %): ${share >= TARGET_SHARE && quote.bad === 0 ? 'met' : 'MISSED'}`,
    );
    console.log(`server RSS: idle ${idleRss.toFixed(0)} MB, after ${rssMb(server.pid!).toFixed(0)} MB`);
  } finally {
    // The calls autocannon left in flight finish before the server stops.
    await new Promise((r) => setTimeout(r, 1_000));
    server.kill();
    await clearQuotes(url);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
