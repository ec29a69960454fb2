/**
 * Load benchmark (issue 2 §7): the built server on PostgreSQL with BENCH_DOCKETS dockets (100,000),
 * 10 connections. Prints req/s and p99 of POST /api/docket/track and a 20-row POST /api/docket/list
 * beside the ceiling: POST /api/ping, one `SELECT 1` through the same pool; then a history page
 * (30-day date filter and a search term) and its query plan (issue 3: 1,000,000 dockets,
 * BENCH_DOCKETS=1000000 BENCH_DB=courier_bench_1m).
 *   BENCH_ADMIN_URL  server to create the bench database on (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_DB         database name (courier_bench)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { ensureDatabase, explainHistorySearch, seedBenchDockets } from './bench-db';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = process.env.BENCH_DB ?? 'courier_bench';
const DOCKETS = Number(process.env.BENCH_DOCKETS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SEARCH = process.env.BENCH_SEARCH ?? 'worcester';
const PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;

async function waitReady(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become ready');
}

async function postJson(path: string, body: unknown, token?: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function load(title: string, path: string, body: unknown, token?: string) {
  const result = await autocannon({
    url: base + path,
    method: 'POST',
    connections: 10,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const bad = result.non2xx + result.errors;
  return { title, rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, bad };
}

async function main() {
  const url = await ensureDatabase(ADMIN_URL, DB);
  await seedBenchDockets(url, DOCKETS, 365);
  console.log(`bench on Node ${process.version}`);
  // process.execPath: the Node this bench runs on (the project's own under `npm run bench`).
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: url,
      TENANT_NAME: 'Bench',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRACK_RATE_MAX: '100000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.trim()) console.log(`[server] ${line}`);
  });
  try {
    await waitReady();
    const login = await postJson('/api/auth/login', {
      database: 'Bench',
      username: 'customer',
      password: 'Customer#2026',
    });
    const token = String(login.token);
    const page = (await postJson('/api/docket/list', { archive: false, page: 1 }, token)) as {
      rows: { tracking_reference: string }[];
    };
    const ref = page.rows[0]!.tracking_reference;
    // Warm up the JIT and the pool.
    await load('warm-up', '/api/ping', {});
    const day = (n: number) =>
      new Date(Date.now() - n * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
    const historySearch = { archive: true, page: 1, search: SEARCH, dateStart: day(30), dateEnd: day(0) };
    const rows = [
      await load('ceiling: SELECT 1', '/api/ping', {}),
      await load('docket/track', '/api/docket/track', { database: 'Bench', tracking_ref: ref }),
      await load('docket/list (20 rows, recent)', '/api/docket/list', { archive: false, page: 1 }, token),
      await load(
        `docket/list (history, 30 days, search '${SEARCH}')`,
        '/api/docket/list',
        historySearch,
        token,
      ),
    ];
    const ceiling = rows[0]!.rps;
    console.log(`\n${DOCKETS.toLocaleString('en-GB')} dockets, 10 connections, ${DURATION} s each`);
    console.log(
      'route                                        req/s    p50 ms  p99 ms  % of ceiling  non-2xx',
    );
    for (const r of rows)
      console.log(
        `${r.title.padEnd(44)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(11)}%  ${String(r.bad).padStart(7)}`,
      );
    console.log(`\nQuery plan of the history search page (EXPLAIN ANALYZE, customer's accounts):`);
    console.log(await explainHistorySearch(url, SEARCH));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
