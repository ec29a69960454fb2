/**
 * Log viewer benchmark (issue 12 §6): the built server on PostgreSQL with BENCH_LOG_ROWS (1,000,000)
 * audit rows spread evenly over the last BENCH_LOG_DAYS (90) days, signed in as `admin`. A 20-row
 * page of `log/list` for yesterday (a full day), first and 50th page, at 10 connections beside the
 * ceiling POST /api/ping, each with the CPU a request costs the server process and the PostgreSQL
 * backends of the bench database (from /proc: load-independent, as the machine may be shared) and the
 * load average; then EXPLAIN ANALYZE of the page query. Target p99 ≤ 20 ms.
 *   BENCH_ADMIN_URL  server to create the bench database on (the local PostgreSQL's Unix socket)
 *   BENCH_DB         database name (courier_bench_log)
 *   BENCH_SECONDS    seconds per load (10)
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { openTenant } from '../apps/server/src/db/tenants';
import { formatUk, ukDayStart, ukNextDayStart } from '../apps/server/src/lib/dates';
import { benchLoad, benchPost, cpuMs, rssMb, startBenchServer, type LoadResult } from './bench-server';
import { ensureDatabase, seedBenchDockets } from './bench-db';

const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql';
const DB = process.env.BENCH_DB ?? 'courier_bench_log';
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_LOG_DAYS ?? 90);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3911;
const base = `http://127.0.0.1:${PORT}`;

/** Tops the tenant's audit_log up to ROWS rows, evenly over the last DAYS days (one bulk insert). */
async function seedAudit(url: string): Promise<void> {
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  try {
    const [{ n }] = (await queryRows<{ n: number }>(
      tenant.db,
      sql`select count(*)::int as n from audit_log`,
    )) as [{ n: number }];
    const missing = ROWS - n;
    if (missing <= 0) return;
    await tenant.db.execute(sql`
      insert into audit_log (log_time, log_user, log_unit, log_process, log_type, log_detail)
      select now() - (${DAYS}::float8 * g / ${missing}) * interval '1 day',
             'user' || (g % 500), (array['auth','docket','control','payment'])[1 + g % 4],
             (array['login','post','status change','authorisation'])[1 + g % 4],
             case when g % 20 = 0 then 'warning' else 'info' end,
             jsonb_build_object('n', g)
      from generate_series(1, ${missing}) g`);
    await tenant.db.execute(sql`analyze audit_log`);
  } finally {
    await tenant.close();
  }
}

/** CPU ms used so far by the PostgreSQL backends connected to `db` (the server's pool), by pid. */
async function backendCpu(adminUrl: string, db: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [db],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuMs(pid));
      } catch {
        // Gone between the query and the read: it used nothing more.
      }
    }
    return cpu;
  } finally {
    await c.end();
  }
}

/** EXPLAIN ANALYZE of the page query for `day` at `offset`. */
async function explainPage(url: string, day: string, offset: number): Promise<string> {
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  try {
    const rows = await queryRows<Record<string, string>>(
      tenant.db,
      sql`explain (analyze, buffers) select log_id, log_time, log_user, log_unit, log_process, log_type
          from audit_log where log_time >= ${ukDayStart(day)} and log_time < ${ukNextDayStart(day)}
          order by log_time desc, log_id desc limit 21 offset ${offset}`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await tenant.close();
  }
}

async function main() {
  const url = await ensureDatabase(ADMIN_URL, DB);
  await seedBenchDockets(url, 0, 1);
  await seedAudit(url);
  const day = formatUk(new Date(Date.now() - 86_400_000), 'DD/MM/YYYY');
  console.log(`bench on Node ${process.version}`);
  const server = await startBenchServer(url, PORT);
  try {
    const token = String(
      (
        await benchPost(base, '/api/auth/login', {
          database: 'Bench',
          username: 'admin',
          password: 'Admin#2026',
        })
      ).token,
    );
    /** One load with the server's and the database's CPU per request (ms) and the load average after. */
    const load = async (
      title: string,
      path: string,
      body: unknown,
      auth?: string,
    ): Promise<LoadResult & { serverCpu: number; dbCpu: number; loadAvg: string }> => {
      const server0 = cpuMs(server.pid!);
      const db0 = await backendCpu(ADMIN_URL, DB);
      const r = await benchLoad(base, DURATION, title, path, body, auth);
      const requests = r.rps * DURATION;
      const db1 = await backendCpu(ADMIN_URL, DB);
      const dbCpu = [...db1].reduce((n, [pid, ms]) => n + ms - (db0.get(pid) ?? 0), 0);
      return {
        ...r,
        serverCpu: (cpuMs(server.pid!) - server0) / requests,
        dbCpu: dbCpu / requests,
        loadAvg: loadavg()[0]!.toFixed(1),
      };
    };
    const idleRss = rssMb(server.pid!);
    await load('warm-up', '/api/log/list', { day, page: 1, pageSize: 20 }, token);
    const rows = [
      await load('ceiling: SELECT 1', '/api/ping', {}),
      await load('log/list (day, page 1 of 20 rows)', '/api/log/list', { day, page: 1, pageSize: 20 }, token),
      await load(
        'log/list (day, page 50 of 20 rows)',
        '/api/log/list',
        { day, page: 50, pageSize: 20 },
        token,
      ),
      await load('log/list (day, page 1 of 50 rows)', '/api/log/list', { day, page: 1, pageSize: 50 }, token),
    ];
    const ceiling = rows[0]!.rps;
    console.log(
      `\n${ROWS.toLocaleString('en-GB')} audit rows over ${DAYS} days (about ${Math.round(ROWS / DAYS).toLocaleString('en-GB')} a day), day ${day}; 10 connections, ${DURATION} s each`,
    );
    console.log(
      'route                                          req/s    p50 ms  p99 ms  % of ceiling  non-2xx  CPU ms/req server  db  load avg',
    );
    for (const r of rows)
      console.log(
        `${r.title.padEnd(46)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(11)}%  ${String(r.bad).padStart(7)}  ${r.serverCpu.toFixed(2).padStart(17)}  ${r.dbCpu.toFixed(2).padStart(4)}  ${r.loadAvg.padStart(8)}`,
      );
    console.log(`\nserver RSS: idle ${idleRss.toFixed(0)} MB, after ${rssMb(server.pid!).toFixed(0)} MB`);
    console.log('\nQuery plan of page 50 (EXPLAIN ANALYZE):\n' + (await explainPage(url, day, 980)));
  } finally {
    server.kill();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
