/**
 * Load benchmark (issue 2 §7): the built server on PostgreSQL with BENCH_DOCKETS dockets (100,000),
 * 10 connections. Prints req/s and p99 of POST /api/docket/track and a 20-row POST /api/docket/list
 * (of a customer with two of the three big accounts, and of one with a small account alone) beside
 * the ceiling: POST /api/ping, one `SELECT 1` through the same pool; then a history page (30-day
 * date filter), that page searched for a common term and for a rare term (a reference that matches
 * a few dockets) and the searches' query plans (issue 3: 1,000,000 dockets, BENCH_DOCKETS=1000000
 * BENCH_DB=courier_bench_1m); then booking creation (`docket/post`, a fresh booking per request;
 * issue 15 §3), and the server's RSS idle and at its peak.
 *   BENCH_ADMIN_URL  server to create the bench database on (the local PostgreSQL's Unix socket)
 *   BENCH_DB         database name (courier_bench)
 *   BENCH_ONLY       run only the loads whose call names this word (and the ceiling), e.g. 'recent'
 *   BENCH_CEILING    'off': no ceiling load, shares not printed (a CPU profile of one load alone)
 */
import autocannon from 'autocannon';
import { booking } from '../apps/server/src/test/fixtures';
import { benchLoad, benchPost, rssMb, startBenchServer, withCpu } from './bench-server';
import {
  ensureDatabase,
  ensureSmallAccount,
  explainHistorySearch,
  rareReference,
  removeBenchBookings,
  seedBenchDockets,
} from './bench-db';

// The machine's PostgreSQL over its Unix socket, as a server on the same host would reach it.
const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql';
const DB = process.env.BENCH_DB ?? 'courier_bench';
const DOCKETS = Number(process.env.BENCH_DOCKETS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SEARCH = process.env.BENCH_SEARCH ?? 'worcester';
const PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;

const postJson = (path: string, body: unknown, token?: string) => benchPost(base, path, body, token);

/** docket/post: every request a booking of its own (its own reference), as clients book. */
const newBookingEach =
  (body: unknown) =>
  (client: autocannon.Client): void => {
    let n = 0;
    const next = () => client.setBody(JSON.stringify({ ...(body as object), dck_cust_ref1: `BENCH-${++n}` }));
    next();
    client.on('response', next);
  };

/** The server process, once started (for the CPU a load costs it). */
let serverPid = 0;

/** A load with the CPU each request cost the server and its PostgreSQL backends (ms, from /proc). */
const load = (title: string, path: string, body: unknown, token?: string) =>
  withCpu(serverPid, DB, () =>
    benchLoad(
      base,
      DURATION,
      title,
      path,
      body,
      token,
      path === '/api/docket/post' ? newBookingEach(body) : undefined,
    ),
  );

async function main() {
  const url = await ensureDatabase(ADMIN_URL, DB);
  const removed = await removeBenchBookings(url);
  if (removed) console.log(`removed ${removed} bookings an earlier run's docket/post made`);
  await seedBenchDockets(url, DOCKETS, 365);
  await ensureSmallAccount(url);
  console.log(`bench on Node ${process.version}`);
  const server = await startBenchServer(url, PORT, { TRACK_RATE_MAX: '100000000' });
  serverPid = server.pid!;
  try {
    const login = await postJson('/api/auth/login', {
      database: 'Bench',
      username: 'customer',
      password: 'Customer#2026',
    });
    const token = String(login.token);
    const small = String(
      (await postJson('/api/auth/login', { database: 'Bench', username: 'small', password: 'Customer#2026' }))
        .token,
    );
    const page = (await postJson('/api/docket/list', { archive: false, page: 1 }, token)) as {
      rows: { tracking_reference: string }[];
    };
    const ref = page.rows[0]!.tracking_reference;
    const session = (await postJson('/api/auth/session', {}, token)) as { accounts: { cust_id: number }[] };
    const account = session.accounts[0]!.cust_id;
    const rare = await rareReference(url);
    const idleRss = rssMb(server.pid!);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid!))), 500);
    // Warm up the JIT and the pool.
    await load('warm-up', '/api/ping', {});
    const day = (n: number) =>
      new Date(Date.now() - n * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
    const historySearch = { archive: true, page: 1, search: SEARCH, dateStart: day(30), dateEnd: day(0) };
    // BENCH_ONLY: a word of the titles to run (the ceiling always runs), e.g. 'recent' or 'post'.
    const loads: (() => ReturnType<typeof load>)[] = [
      () => load('ceiling: SELECT 1', '/api/ping', {}),
      () => load('docket/track', '/api/docket/track', { database: 'Bench', tracking_ref: ref }),
      () => load('docket/list (20 rows, recent)', '/api/docket/list', { archive: false, page: 1 }, token),
      () =>
        load(
          'docket/list (20 rows, recent, small account)',
          '/api/docket/list',
          { archive: false, page: 1 },
          small,
        ),
      () =>
        load('docket/list (history, 30 days)', '/api/docket/list', { ...historySearch, search: '' }, token),
      () =>
        load(`docket/list (history, 30 days, search '${SEARCH}')`, '/api/docket/list', historySearch, token),
      () =>
        load(
          `docket/list (history, 30 days, rare '${rare}')`,
          '/api/docket/list',
          { ...historySearch, search: rare },
          token,
        ),
      () => load('docket/post (a new booking each)', '/api/docket/post', booking(account), token),
    ];
    const only = process.env.BENCH_ONLY;
    const rows = [];
    for (const [i, run] of loads.entries()) {
      const title = run.toString();
      const wanted = i === 0 ? process.env.BENCH_CEILING !== 'off' : !only || title.includes(only);
      if (wanted) rows.push(await run());
    }
    clearInterval(sampler);
    const ceiling = process.env.BENCH_CEILING === 'off' ? NaN : rows[0]!.rps;
    console.log(`\n${DOCKETS.toLocaleString('en-GB')} dockets, 10 connections, ${DURATION} s each`);
    console.log(
      'route                                        req/s    p50 ms  p99 ms  % of ceiling  non-2xx  CPU ms/req: Node  PostgreSQL',
    );
    for (const r of rows)
      console.log(
        `${r.title.padEnd(44)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(11)}%  ${String(r.bad).padStart(7)}  ${r.nodeCpu.toFixed(2).padStart(16)}  ${r.pgCpu.toFixed(2).padStart(10)}`,
      );
    console.log(`\nserver RSS: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB`);
    for (const term of [SEARCH, rare]) {
      console.log(
        `\nQuery plan of the history search page for '${term}' (EXPLAIN ANALYZE, customer's accounts):`,
      );
      console.log(await explainHistorySearch(url, term));
    }
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
