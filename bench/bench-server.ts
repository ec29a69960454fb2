import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { SERVER_NODE_ARGS } from '../apps/server/src/config/node-args';

/**
 * The built server (apps/server/dist/server.js) on one bench database, as the benchmarks run it:
 * tenant 'Bench', no demo seed, warnings only, its output prefixed '[server]'; resolves once
 * /readyz answers. `process.execPath`: the Node the bench runs on (the project's own under npm).
 * BENCH_NODE_ARGS (environment): extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
export async function startBenchServer(
  url: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_ARGS, 'apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      TENANT_NAME: 'Bench',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (line.trim()) console.log(`[server] ${line}`);
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become ready');
}

/**
 * CPU time a process has used so far, ms (user + system, from /proc): the difference over a load,
 * divided by its requests, is the CPU each request costs whatever else the machine is doing.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * CPU time (ms, user + system, from /proc) used so far by the PostgreSQL backends serving database
 * `db` on this machine (their titles read `postgres: [cluster: ]<user> <db> …`): planning and executing the
 * server's queries, which cpuMs of the Node process does not see. A backend that ends in between
 * drops out, so take the difference over a load that keeps its pool open.
 */
export function pgCpuMs(db: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.split(' ').includes(db)) total += cpuMs(Number(pid));
    } catch {
      /* ended meanwhile */
    }
  }
  return total;
}

/**
 * Runs a load and adds the CPU each of its requests cost the server process and the PostgreSQL
 * backends of database `db` (ms, from /proc: true whatever else the machine is doing).
 */
export async function withCpu<R extends LoadResult>(
  serverPid: number,
  db: string,
  run: () => Promise<R>,
): Promise<R & { nodeCpu: number; pgCpu: number }> {
  const [node0, pg0] = [cpuMs(serverPid), pgCpuMs(db)];
  const r = await run();
  const n = Math.max(1, r.total);
  return { ...r, nodeCpu: (cpuMs(serverPid) - node0) / n, pgCpu: (pgCpuMs(db) - pg0) / n };
}

/** RSS of a process, MB (from /proc). */
export const rssMb = (pid: number): number =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const jsonHeaders = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** POST JSON to the bench server at `base`; its JSON answer, or an Error naming the status. */
export async function benchPost<T = Record<string, unknown>>(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: jsonHeaders(token),
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** One route under load: req/s, p50 and p99 (ms) and the answers that were not 2xx. */
export interface LoadResult {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** Requests completed. */
  total: number;
}

/**
 * POSTs `body` to `path` at 10 connections for `seconds` (autocannon); `setupClient` may change
 * each connection's body (a new booking per request).
 */
export async function benchLoad(
  base: string,
  seconds: number,
  title: string,
  path: string,
  body: unknown,
  token?: string,
  setupClient?: (client: autocannon.Client) => void,
): Promise<LoadResult> {
  const result = await autocannon({
    url: base + path,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: jsonHeaders(token),
    body: JSON.stringify(body),
    ...(setupClient ? { setupClient } : {}),
  });
  const bad = result.non2xx + result.errors;
  return {
    title,
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    bad,
    total: result.requests.total,
  };
}
