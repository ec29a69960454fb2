/**
 * Tracking benchmark (issue 10 §4): the built server on PostgreSQL with BENCH_DOCKETS (100,000)
 * dockets over 30 days, of which each of the six demo drivers has BENCH_OPEN (5) open jobs.
 * 1. The public tracking view's data call, POST /api/docket/track/detail, for one in-transit docket
 *    with 50 trace records (positions, scans and status changes) and 2 signatures, at 10 connections
 *    beside the ceiling POST /api/ping. Target ≥ 60 % of the ceiling's req/s.
 * 2. Driver position reports, POST /api/driver/position (one position, a fresh Idempotency-Key each),
 *    from the six drivers' sessions at BENCH_POSITION_CONNECTIONS (20) connections for BENCH_SECONDS.
 *    Target ≥ 1,000 reports a second accepted (2xx) without errors; each report writes a trace record
 *    per open job of its driver and one live event per job.
 *   BENCH_ADMIN_URL  server to create the bench database on (the local PostgreSQL's Unix socket)
 *   BENCH_DB         database name (courier_bench_tracking)
 *   BENCH_SECONDS    seconds per load (10)
 *   BENCH_ONLY       'track' or 'position': run only that part (profiling one at a time)
 * Each load also prints the server's CPU per request (ms, from /proc: independent of the machine's
 * load) and the load average when it ended.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import * as s from '../apps/server/src/db/schema';
import { DEMO_DRIVER_PIN } from '../apps/server/src/db/seed/tracking';
import { openTenant } from '../apps/server/src/db/tenants';
import { signaturePng } from '../apps/server/src/lib/png';
import { benchLoad, benchPost, cpuMs, rssMb, startBenchServer, withCpu } from './bench-server';
import { ensureDatabase, seedBenchDockets } from './bench-db';

const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql';
const DB = process.env.BENCH_DB ?? 'courier_bench_tracking';
const DOCKETS = Number(process.env.BENCH_DOCKETS ?? 100_000);
const OPEN = Number(process.env.BENCH_OPEN ?? 5);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const POSITION_CONNECTIONS = Number(process.env.BENCH_POSITION_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const DRIVERS = ['D01', 'D02', 'D03', 'D04', 'D05', 'D06'];
const PORT = 3912;
const base = `http://127.0.0.1:${PORT}`;
const bench = { name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' } };

/**
 * Gives each driver OPEN open jobs (status 'In transit') and no others, and one of D01's jobs 50 trace
 * records and 2 signatures (once). Answers that docket's tracking reference.
 */
async function prepare(url: string): Promise<string> {
  const tenant = await openTenant({ ...bench, url });
  try {
    await tenant.db.execute(sql`update dockets set drv_driver = null where drv_driver is not null`);
    await tenant.db.execute(sql`
      update dockets d set drv_driver = x.drv, dck_status = 'T'
        from (select dck_id, (${sql.raw(`array[${DRIVERS.map((d) => `'${d}'`).join(',')}]`)})[1 + (n - 1) / ${OPEN}] drv
                from (select dck_id, row_number() over (order by dck_id desc) n from dockets) r
               where n <= ${DRIVERS.length * OPEN}) x
       where d.dck_id = x.dck_id`);
    const [docket] = (await queryRows<{ dck_id: number; tracking_reference: string }>(
      tenant.db,
      sql`select dck_id, tracking_reference from dockets where drv_driver = 'D01' order by dck_id limit 1`,
    )) as [{ dck_id: number; tracking_reference: string }];
    await tenant.db.execute(sql`delete from trace_records where dtr_dck_id = ${docket.dck_id}`);
    await tenant.db.execute(sql`delete from docket_signatures where dsig_dck_id = ${docket.dck_id}`);
    const start = Date.now() - 50 * 60_000;
    const kinds = (i: number) => (i % 10 === 0 ? 'status' : i % 7 === 0 ? 'scan' : 'position');
    await tenant.db.insert(s.traceRecords).values(
      Array.from({ length: 50 }, (_, i) => ({
        dtr_dck_id: docket.dck_id,
        drv_driver: 'D01',
        dtr_kind: kinds(i) as 'status' | 'scan' | 'position',
        dtr_scandate: new Date(start + i * 60_000),
        tloc_description: kinds(i) === 'position' ? '' : 'On the M6 near Stoke',
        dtr_item: kinds(i) === 'scan' ? `PARCEL-${i}` : '',
        dsts_id: kinds(i) === 'status' ? 'T' : null,
        dtr_latitude: 53.48 - i * 0.05,
        dtr_longitude: -2.24 + i * 0.004,
      })),
    );
    await tenant.db.insert(s.docketSignatures).values(
      ['Ann Other', 'R Patel'].map((name, i) => ({
        dsig_dck_id: docket.dck_id,
        drv_driver: 'D01',
        dsig_signed_by: name,
        dsig_time: new Date(start + i * 30 * 60_000),
        dsig_png: signaturePng(name),
      })),
    );
    // Earlier position loads leave this docket's deleted records in the index: clean them away.
    await tenant.db.execute(sql`vacuum analyze trace_records`);
    await tenant.db.execute(sql`analyze`);
    return docket.tracking_reference;
  } finally {
    await tenant.close();
  }
}

/** Position reports at POSITION_CONNECTIONS connections over the drivers' tokens, each key fresh. */
async function positionLoad(
  tokens: string[],
): Promise<{ rps: number; p50: number; p99: number; bad: number; total: number }> {
  const position = () =>
    JSON.stringify({
      positions: [
        { dtr_latitude: 53.4 + Math.random() / 10, dtr_longitude: -2.2, time: new Date().toISOString() },
      ],
    });
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/driver/position`,
    method: 'POST',
    connections: POSITION_CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
            'idempotency-key': randomUUID(),
          },
          body: position(),
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
    total: result.requests.total,
  };
}

async function main() {
  const url = await ensureDatabase(ADMIN_URL, DB);
  await seedBenchDockets(url, DOCKETS, 30);
  const ref = await prepare(url);
  console.log(`bench on Node ${process.version}`);
  const server = await startBenchServer(url, PORT, { TRACK_RATE_MAX: '100000000', LOGIN_RATE_MAX: '100000' });
  try {
    const idleRss = rssMb(server.pid!);
    const track = { database: 'Bench', tracking_ref: ref };
    const detail = await benchPost<{ timeline: unknown[]; route: unknown[]; signatures: unknown[] }>(
      base,
      '/api/docket/track/detail',
      track,
    );
    const load = async (title: string, path: string, body: unknown) => ({
      ...(await withCpu(server.pid!, DB, () => benchLoad(base, DURATION, title, path, body))),
      load1: loadavg()[0]!,
    });
    if (ONLY !== 'position') {
      await load('warm-up', '/api/docket/track/detail', track);
      const rows = [
        await load('ceiling: SELECT 1', '/api/ping', {}),
        await load('docket/track', '/api/docket/track', track),
        await load('docket/track/detail', '/api/docket/track/detail', track),
      ];
      const ceiling = rows[0]!.rps;
      console.log(
        `\n${DOCKETS.toLocaleString('en-GB')} dockets; the tracked docket's answer: ${detail.timeline.length} events on its timeline, ${detail.route.length} points on its route, ${detail.signatures.length} signatures; 10 connections, ${DURATION} s each`,
      );
      console.log(
        'route                          req/s    p50 ms  p99 ms  % of ceiling  non-2xx  CPU ms/req: Node  PostgreSQL  load avg',
      );
      for (const r of rows)
        console.log(
          `${r.title.padEnd(30)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(11)}%  ${String(r.bad).padStart(7)}  ${r.nodeCpu.toFixed(2).padStart(16)}  ${r.pgCpu.toFixed(2).padStart(10)}  ${r.load1.toFixed(2).padStart(8)}`,
        );
    }
    if (ONLY === 'track') return;

    const tokens = await Promise.all(
      DRIVERS.map(async (drv_driver) =>
        String(
          (
            await benchPost(base, '/api/driver/auth/login', {
              database: 'Bench',
              drv_driver,
              pin: DEMO_DRIVER_PIN,
            })
          ).token,
        ),
      ),
    );
    const cpuBefore = cpuMs(server.pid!);
    const positions = await positionLoad(tokens);
    const cpuPerReport = (cpuMs(server.pid!) - cpuBefore) / positions.total;
    console.log(
      `\ndriver/position: ${DRIVERS.length} drivers with ${OPEN} open jobs each, ${POSITION_CONNECTIONS} connections, ${DURATION} s: ` +
        `${positions.rps.toFixed(0)} reports/s accepted, p50 ${positions.p50} ms, p99 ${positions.p99} ms, ${positions.bad} not 2xx (target ≥ 1,000/s, 0); server CPU ${cpuPerReport.toFixed(2)} ms a report; load average ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(`\nserver RSS: idle ${idleRss.toFixed(0)} MB, after ${rssMb(server.pid!).toFixed(0)} MB`);
  } finally {
    server.kill();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
