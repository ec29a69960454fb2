/**
 * Enumeration timing (issue 14 §2.7): does an answer take longer when the account exists? Runs the
 * app in-process (the test harness, on TEST_DATABASE_URL or an embedded PostgreSQL it starts) and times, interleaved, N forgot-password calls for
 * an existing user and for an unknown one, and N user/register calls with a valid link for a taken
 * and a free username (password rule broken, so nothing is created). Prints medians and p90 in ms.
 *   BENCH_N  calls per case (200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { createTestApp, loginAs, post, TENANT_A, CUSTOMER, booking } from '../apps/server/src/test/harness';

const N = Number(process.env.BENCH_N ?? 200);
let stopEmbedded = async () => {};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
const fmt = (xs: number[]) => `median ${pct(xs, 0.5).toFixed(2)} ms, p90 ${pct(xs, 0.9).toFixed(2)} ms`;

async function main() {
  if (!process.env.TEST_DATABASE_URL) {
    const dir = mkdtempSync(join(tmpdir(), 'courier-bench-pg-'));
    const server = await startEmbeddedPostgres({ dir: join(dir, 'postgres'), ephemeral: true });
    process.env.TEST_DATABASE_URL = server.adminUrl;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    stopEmbedded = server.stop;
  }
  const t = await createTestApp('postgres', { dockets: 5 });
  let ip = 0;
  const from = async (url: string, body: unknown) => {
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { ms: performance.now() - start, status: res.statusCode };
  };
  const known: number[] = [];
  const unknown: number[] = [];
  // A pause after each call lets the work done after answering finish before the next is timed,
  // and the order alternates so neither case always follows the other.
  const settle = () => new Promise((r) => setTimeout(r, 20));
  const forgot = (username: string) =>
    from('/api/auth/password/forgot', { database: TENANT_A, username }).then((r) => r.ms);
  for (let i = 0; i < N; i++) {
    const pair = i % 2 ? ['customer', `nobody${i}`] : [`nobody${i}`, 'customer'];
    for (const username of pair) {
      (username === 'customer' ? known : unknown).push(await forgot(username));
      await settle();
    }
  }
  console.log(`forgot-password, existing user: ${fmt(known)}`);
  console.log(`forgot-password, unknown user:  ${fmt(unknown)}`);

  const customer = await loginAs(t.app, ...CUSTOMER);
  const account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  const sent = t.mail.to('bench@example.com').length;
  await post(t.app, '/api/docket/post', booking(account, { dck_email: 'bench@example.com' }), customer);
  const link = new URL(
    /(http:\/\/\S+\/register\?\S+)/.exec((await t.mail.next('bench@example.com', sent)).text ?? '')![1]!,
  );
  const body = (ausr_logon: string) => ({
    database: TENANT_A,
    dck_id: Number(link.searchParams.get('dck_id')),
    token: link.searchParams.get('token'),
    ausr_logon,
    ausr_password: 'weak',
  });
  const taken: number[] = [];
  const free: number[] = [];
  for (let i = 0; i < N; i++) {
    taken.push((await from('/api/user/register', body('customer'))).ms);
    free.push((await from('/api/user/register', body(`free${i}`))).ms);
  }
  console.log(`user/register, taken username:  ${fmt(taken)}`);
  console.log(`user/register, free username:   ${fmt(free)}`);
  await t.close();
  await stopEmbedded();
}

main().catch(async (err: unknown) => {
  console.error(err);
  await stopEmbedded();
  process.exit(1);
});
