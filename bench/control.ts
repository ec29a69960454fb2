/**
 * Control-room benchmark (issue 9 §5): the built server on PostgreSQL with BENCH_DOCKETS dockets
 * (150,000 booked over the last 12 hours, 125,000 of them in the statuses the seeded "All live jobs"
 * circuit selects), signed in as `control`.
 * 1. A 50-row page of `circuit/docket/list/LIVE` at 10 connections, sorted by docket number and by
 *    the collection deadline, beside the ceiling POST /api/ping; then EXPLAIN ANALYZE of both pages'
 *    query, the SQL the server runs. Target p99 ≤ 20 ms.
 * 2. BENCH_CLIENTS (100) SSE clients on `GET /api/events`; BENCH_CHANGES (50) status changes one
 *    after another (a docket between 'In transit' and 'Delivery exception', signed by), each timed
 *    from its HTTP answer to each client's receipt of its event. Target p99 ≤ 100 ms.
 * 3. The server's RSS idle and at its peak.
 *   BENCH_ADMIN_URL  server to create the bench database on (the local PostgreSQL's Unix socket)
 *   BENCH_DB         database name (courier_bench_control)
 *   BENCH_SECONDS    seconds per load (10)
 *   BENCH_PORT       the server's port (3910)
 * Each load also prints the server's CPU per request (user + system ms from /proc: what a request
 * costs whatever else the machine runs) and the load average after it.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { Placeholder, sql } from 'drizzle-orm';
import {
  parseSelectFields,
  type CircuitDocketListResponse,
  type CircuitField,
  type DocketEvent,
} from '@courier/contracts';
import { queryRows } from '../apps/server/src/db/client';
import { openTenant } from '../apps/server/src/db/tenants';
import {
  circuitsOfUser,
  firstPageSelect,
  firstPageValues,
} from '../apps/server/src/modules/control/circuits.repository';
import {
  benchLoad,
  benchPost,
  cpuMs,
  pgCpuMs,
  rssMb,
  startBenchServer,
  type LoadResult,
} from './bench-server';
import { ensureDatabase, seedBenchDockets } from './bench-db';

const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql';
const DB = process.env.BENCH_DB ?? 'courier_bench_control';
const DOCKETS = Number(process.env.BENCH_DOCKETS ?? 150_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 50);
const CIRCUIT = 'LIVE';
/** Statuses in turn: 10 of 12 are live (W, O, G, P, T, E, Q: the circuit's), 2 complete. */
const STATUSES = ['W', 'O', 'G', 'G', 'P', 'P', 'T', 'T', 'E', 'Q', 'D', 'I'];
const SORTS: { column: CircuitField; direction: 'asc' | 'desc' }[] = [
  { column: 'dck_docket', direction: 'asc' },
  { column: 'from_deadline', direction: 'asc' },
];
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const base = `http://127.0.0.1:${PORT}`;

const postJson = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) =>
  benchPost<T>(base, path, body, token);
/** A load's figures with the server's CPU ms per request over it and the 1-minute load average after it. */
type Measured = LoadResult & { cpuPerRequest: number; pgPerRequest: number; load1: number };
let serverPid = 0;
const load = async (title: string, path: string, body: unknown, token?: string): Promise<Measured> => {
  const [cpuBefore, pgBefore] = [cpuMs(serverPid), pgCpuMs(DB)];
  const r = await benchLoad(base, DURATION, title, path, body, token);
  const requests = r.rps * DURATION;
  return {
    ...r,
    cpuPerRequest: (cpuMs(serverPid) - cpuBefore) / requests,
    pgPerRequest: (pgCpuMs(DB) - pgBefore) / requests,
    load1: loadavg()[0]!,
  };
};

/** Value at quantile `q` of sorted `xs` (nearest rank). */
const quantile = (xs: readonly number[], q: number) =>
  xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))] ?? NaN;

/** An SSE client over a plain HTTP connection of its own: the time each `docket` event arrived. */
class EventClient {
  readonly dockets: { event: DocketEvent; at: number }[] = [];
  private ready!: Promise<void>;
  private req!: http.ClientRequest;

  static open(token: string): Promise<EventClient> {
    const c = new EventClient();
    return c.connect(token).then(() => c);
  }

  private connect(token: string): Promise<void> {
    this.ready = new Promise((resolve, reject) => {
      this.req = http.get(
        `${base}/api/events`,
        { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`GET /api/events: ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            const at = performance.now();
            buffer += chunk;
            for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, i);
              buffer = buffer.slice(i + 2);
              const event = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (event === 'ready') resolve();
              else if (event === 'docket' && data)
                this.dockets.push({ event: JSON.parse(data) as DocketEvent, at });
            }
          });
        },
      );
      this.req.on('error', reject);
    });
    return this.ready;
  }

  close(): void {
    this.req.destroy();
  }
}

/**
 * EXPLAIN ANALYZE of a circuit's unfiltered first page as the server runs it: the same prepared
 * statement, its generic plan (what PostgreSQL settles on after five runs), on a connection of its own.
 */
async function explainCircuitPage(url: string, sort: (typeof SORTS)[number]): Promise<string> {
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [{ ausr_id }] = (await queryRows<{ ausr_id: number }>(
      tenant.db,
      sql`select ausr_id from users where ausr_logon = 'control'`,
    )) as [{ ausr_id: number }];
    const circuit = (await circuitsOfUser(tenant.db, ausr_id)).find((c) => c.cir_circ_code === CIRCUIT)!;
    const page = {
      circuit,
      columns: parseSelectFields(circuit.cir_selectfields),
      now: new Date(),
      search: '',
      sort,
      pageSize: 50,
      offset: 0,
    };
    const { sql: text, params } = firstPageSelect(tenant.db, page).toSQL();
    const named: Record<string, unknown> = firstPageValues(page);
    const values = params.map((p) => (p instanceof Placeholder ? named[p.name] : p));
    await c.query('set plan_cache_mode = force_generic_plan');
    await c.query({ name: 'bench_page', text, values });
    // EXECUTE takes no bound parameters: its arguments as quoted literals.
    const args = values.map((v) => c.escapeLiteral(String(v))).join(', ');
    const res = await c.query<Record<string, string>>(
      `explain (analyze, buffers) execute bench_page(${args})`,
    );
    return res.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await c.end();
    await tenant.close();
  }
}

async function main() {
  const url = await ensureDatabase(ADMIN_URL, DB);
  // Today's: booked over the last 12 hours, whatever window a circuit keeps.
  await seedBenchDockets(url, DOCKETS, 0.5, { statuses: STATUSES, control: true });
  console.log(`bench on Node ${process.version}`);
  const server = await startBenchServer(url, PORT);
  serverPid = server.pid!;
  const clients: EventClient[] = [];
  try {
    const token = String(
      (
        await postJson('/api/auth/login', {
          database: 'Bench',
          username: 'control',
          password: 'Control#2026',
        })
      ).token,
    );
    const list = (body: object) =>
      postJson<CircuitDocketListResponse>(`/api/circuit/docket/list/${CIRCUIT}`, body, token);
    const first = await list({ page: 1, pageSize: 50, counts: true });
    const selected = (first.counts ?? []).reduce((n, c) => n + c.n, 0);
    const idleRss = rssMb(server.pid!);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid!))), 200);

    // 1. The page, at 10 connections.
    await load('warm-up', `/api/circuit/docket/list/${CIRCUIT}`, { page: 1, pageSize: 50 }, token);
    const rows = [await load('ceiling: SELECT 1', '/api/ping', {})];
    for (const sort of SORTS)
      rows.push(
        await load(
          `circuit/docket/list (50 rows, by ${sort.column})`,
          `/api/circuit/docket/list/${CIRCUIT}`,
          { page: 1, pageSize: 50, sort },
          token,
        ),
      );

    const afterLoadRss = rssMb(server.pid!);

    // 2. Status change → event at every SSE client.
    for (let i = 0; i < CLIENTS; i++) clients.push(await EventClient.open(token));
    const withClientsRss = rssMb(server.pid!);
    const inTransit = await list({ page: 1, pageSize: 50, search: '' }).then(
      (p) => p.rows.find((r) => r.dck_status === 'T') ?? p.rows[0]!,
    );
    let status = inTransit.dck_status;
    if (status !== 'T') throw new Error(`no docket in transit on the first page (found ${status})`);
    const docket = inTransit.dck_docket;
    const latencies: number[] = [];
    const fromRequest: number[] = [];
    let early = 0;
    let missing = 0;
    const WARM_UP = 4;
    for (let k = 0; k < WARM_UP + CHANGES; k++) {
      const to = status === 'T' ? 'E' : 'T';
      const seen = clients.map((c) => c.dockets.length);
      const sent = performance.now();
      await postJson(
        '/api/docket/status/change',
        { docket, from: status, status: to, signed_by: 'Bench' },
        token,
      );
      const answered = performance.now();
      status = to;
      const arrived = (c: EventClient, i: number) =>
        c.dockets.slice(seen[i]).find((d) => d.event.dck_docket === docket && d.event.dck_status === to);
      const deadline = answered + 5000;
      while (clients.some((c, i) => !arrived(c, i)) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 2));
      if (k < WARM_UP) continue;
      clients.forEach((c, i) => {
        const got = arrived(c, i);
        if (!got) return void missing++;
        latencies.push(got.at - answered);
        fromRequest.push(got.at - sent);
        if (got.at < answered) early++;
      });
    }
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(server.pid!));

    const ceiling = rows[0]!.rps;
    console.log(
      `\n${DOCKETS.toLocaleString('en-GB')} dockets, circuit ${CIRCUIT} selects ${selected.toLocaleString('en-GB')}; ` +
        `10 connections, ${DURATION} s each`,
    );
    console.log(
      'route                                          req/s    p50 ms  p99 ms  % of ceiling  non-2xx  CPU ms/req: Node  PostgreSQL  load avg',
    );
    for (const r of rows)
      console.log(
        `${r.title.padEnd(46)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(11)}%  ${String(r.bad).padStart(7)}  ${r.cpuPerRequest.toFixed(2).padStart(16)}  ${r.pgPerRequest.toFixed(2).padStart(10)}  ${r.load1.toFixed(2).padStart(8)}`,
      );
    latencies.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    const ms = (x: number) => x.toFixed(1);
    console.log(
      `\ndocket/status/change → event at ${CLIENTS} SSE clients, ${CHANGES} changes one after another ` +
        `(${latencies.length} client-event pairs, ${missing} missing after 5 s):`,
    );
    console.log(
      `  from the change's answer:  p50 ${ms(quantile(latencies, 0.5))} ms, p99 ${ms(quantile(latencies, 0.99))} ms, ` +
        `max ${ms(latencies.at(-1) ?? NaN)} ms (${early} pairs arrived before the answer: negative)`,
    );
    console.log(
      `  from the change's request: p50 ${ms(quantile(fromRequest, 0.5))} ms, p99 ${ms(quantile(fromRequest, 0.99))} ms, ` +
        `max ${ms(fromRequest.at(-1) ?? NaN)} ms`,
    );
    console.log(
      `\nserver RSS: idle ${idleRss.toFixed(0)} MB, after the page loads ${afterLoadRss.toFixed(0)} MB, ` +
        `with ${CLIENTS} SSE clients ${withClientsRss.toFixed(0)} MB, ` +
        `peak ${peakRss.toFixed(0)} MB`,
    );
    for (const sort of SORTS) {
      console.log(
        `\nQuery plan of the 50-row page sorted by ${sort.column} (EXPLAIN ANALYZE, as the server runs it):`,
      );
      console.log(await explainCircuitPage(url, sort));
    }
  } finally {
    for (const c of clients) c.close();
    server.kill('SIGTERM');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
