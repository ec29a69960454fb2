/**
 * Report benchmark (issue 12 §6): BENCH_DOCKETS (1,000,000) dockets of one tenant booked over the last
 * 365 days (bulk SQL, generate_series), two addresses each with their deadlines, drivers on the
 * allocated ones, a 'Delivered' status record for each delivered one. Each seeded report definition (the on-time delivery rate first) runs over the last
 * year for every account, as an administrator runs it: BENCH_RUNS (3) times, the first cold; prints
 * each time, then once more serially for the CPU PostgreSQL spends on it (load-independent: the
 * machine may be shared), and, for a report over 1 s, its EXPLAIN ANALYZE. Target: the heaviest under 1 s.
 *   DATABASE_URL     a PostgreSQL server to create the bench database on (e.g. postgres://postgres@127.0.0.1:5432/postgres);
 *                    without it, an embedded server under data/bench-report-pg (as the tests start one)
 *   BENCH_DB         database name (courier_bench_report)
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../apps/server/src/db/embedded';
import { openTenant } from '../apps/server/src/db/tenants';
import { REPORT_DEFINITIONS, type ReportDefinition } from '../apps/server/src/modules/reports/definitions';
import { reportRows, setReportPlanner } from '../apps/server/src/modules/reports/reports.repository';
import { ensureDatabase, seedBenchDockets } from './bench-db';
import { cpuMs } from './bench-server';

const DB = process.env.BENCH_DB ?? 'courier_bench_report';
const DOCKETS = Number(process.env.BENCH_DOCKETS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 1000;

/** The server to seed on: DATABASE_URL's, else an embedded one (stopped at the end). */
async function adminServer(): Promise<{ adminUrl: string; embedded?: EmbeddedPostgres }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL };
  const embedded = await startEmbeddedPostgres({ dir: join('data', 'bench-report-pg') });
  return { adminUrl: embedded.adminUrl, embedded };
}

/** The on-time delivery rate first (the heaviest: two look-ups per docket), then the others. */
const ordered = (): ReportDefinition[] => [
  ...REPORT_DEFINITIONS.filter((d) => d.path === 'on-time-delivery'),
  ...REPORT_DEFINITIONS.filter((d) => d.path !== 'on-time-delivery'),
];

/** One run of a report as the server runs it (reportRows): its rows and wall time, ms. */
async function timedRun(db: Executor, query: SQL): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  const rows = (await reportRows(db, query)).length;
  return { rows, ms: performance.now() - started };
}

/**
 * The CPU (ms) a report costs PostgreSQL, whatever else the machine runs: one run on one backend with
 * parallel workers off (their CPU would be spent in other processes), read from /proc before and after.
 */
async function cpuOfRun(db: Executor, query: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [
      { pid: number },
    ];
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const before = cpuMs(pid);
    await reportRows(tx, query);
    return cpuMs(pid) - before;
  });
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  const { adminUrl, embedded } = await adminServer();
  try {
    const url = await ensureDatabase(adminUrl, DB);
    await seedBenchDockets(url, DOCKETS, 365, { control: true });
    const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
    try {
      // Each delivered docket's 'Delivered' status record, as a driver or the control room writes it
      // (once per database): the on-time report's delivery time, and the trace a real tenant has.
      await tenant.db.execute(sql`
        insert into trace_records (dtr_dck_id, dtr_kind, dsts_id, dtr_scandate, dtr_recorded)
        select d.dck_id, 'status', 'D', d.dck_status_time, d.dck_status_time from dockets d
         where d.dck_status = 'D'
           and not exists (select 1 from trace_records t where t.dtr_kind = 'status' and t.dsts_id = 'D')`);
      // What autovacuum does in time: the visibility map that lets the reports read indexes alone.
      await tenant.db.execute(sql`vacuum (analyze) dockets, docket_addresses, trace_records`);
      const to = new Date(Date.now() + 86_400_000);
      const from = new Date(to.getTime() - 366 * 86_400_000);
      const params = { from, to, scope: sql`true` };
      const [{ n }] = (await queryRows<{ n: number }>(
        tenant.db,
        sql`select count(*)::int as n from dockets where dck_booked >= ${from} and dck_booked < ${to}`,
      )) as [{ n: number }];
      console.log(
        `bench on Node ${process.version}, ${n.toLocaleString('en-GB')} dockets in the year, load average ${loadAverage()} on ${cpus().length} cores\n`,
      );
      console.log(
        'report                              rows   ' +
          Array.from({ length: RUNS }, (_, i) => `run ${i + 1} ms`.padStart(10)).join('') +
          '   CPU ms (serial run)',
      );
      const slow: ReportDefinition[] = [];
      for (const def of ordered()) {
        const runs: { rows: number; ms: number }[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await timedRun(tenant.db, def.query(params)));
        const cpu = await cpuOfRun(tenant.db, def.query(params));
        console.log(
          `${def.description.padEnd(34)} ${String(runs[0]!.rows).padStart(6)}   ${runs.map((r) => r.ms.toFixed(0).padStart(10)).join('')}   ${cpu.toFixed(0).padStart(8)}`,
        );
        if (Math.min(...runs.map((r) => r.ms)) > TARGET_MS) slow.push(def);
      }
      console.log(`\nload average at the end ${loadAverage()}`);
      for (const def of slow) {
        // As reportRows runs it.
        const plan = await tenant.db.transaction(async (tx) => {
          await setReportPlanner(tx);
          return queryRows<Record<string, string>>(tx, sql`explain (analyze, buffers) ${def.query(params)}`);
        });
        console.log(
          `\n${def.description} over ${TARGET_MS} ms; EXPLAIN ANALYZE:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`,
        );
      }
    } finally {
      await tenant.close();
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
