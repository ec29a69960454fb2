import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { BOOT_LIVE_SCOPE_ELEMENT_ID, BOOT_READ_AT_ELEMENT_ID, type DocketEvent } from '@courier/contracts';
import { buildApp } from '../../app';
import { openTenants, type TenantRegistry } from '../../db/tenants';
import { HEARD_KEPT_MS } from '../../db/listener';
import { forgetLiveSessions } from '../../db/live-session-cache';
import { fakeDist } from '../../test/fake-dist';
import { SINCE_MARGIN_MS } from './events.service';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  booking,
  loginAs,
  post,
  statusChange,
  TENANT_A,
  TENANT_B,
  useTestApp,
  type TestApp,
} from '../../test/harness';
import { quoteDocketBody, quoteTariffsBody } from '../../test/quote-fixtures';

/** One server-sent event as a client reads it. */
interface Received {
  event: string;
  data: unknown;
  at: number;
}

/** A minimal EventSource over fetch (Node has none): collects events and comments as they come. */
class StreamClient {
  readonly events: Received[] = [];
  readonly comments: string[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private constructor(
    private readonly abort: AbortController,
    readonly status: number,
  ) {}

  static async open(url: string, token?: string, path = '/api/events'): Promise<StreamClient> {
    const abort = new AbortController();
    const res = await fetch(`${url}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: abort.signal,
    });
    const client = new StreamClient(abort, res.status);
    if (res.status !== 200) {
      client.ended = true;
      await res.body?.cancel();
      return client;
    }
    void client.read(res.body!.getReader());
    return client;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          this.parse(buffer.slice(0, i));
          buffer = buffer.slice(i + 2);
        }
        this.wake();
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data) this.events.push({ event, data: JSON.parse(data), at: performance.now() });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `test` holds, or rejects after `ms`. */
  async until(test: () => boolean, ms = 3000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting on the event stream');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `docket` events received for docket number `n` after its booking's (changes). */
  docket(n: number): (DocketEvent & { at: number })[] {
    return this.told(n).filter((e) => e.event !== 'booked');
  }

  /** Every `docket` event received for docket number `n`, its booking's included. */
  told(n: number): (DocketEvent & { at: number })[] {
    return this.events
      .filter((e) => e.event === 'docket' && (e.data as DocketEvent).dck_docket === n)
      .map((e) => ({ ...(e.data as DocketEvent), at: e.at }));
  }

  close(): void {
    this.abort.abort();
  }
}

/**
 * A second server process over the same databases: its own tenants (so its own LISTEN connections),
 * serving the (fake) web app's pages too.
 */
async function secondProcess(t: TestApp, liveEvents = {}) {
  const tenants: TenantRegistry = await openTenants(t.specs);
  const dist = fakeDist();
  const app: FastifyInstance = await buildApp({ ...t.deps, tenants, liveEvents, webDist: dist.dir });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    close: async () => {
      await app.close();
      await tenants.close();
      rmSync(dist.dir, { recursive: true, force: true });
    },
  };
}

describe.each(DB_KINDS)('live events across server processes on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 20 });
  let b: Awaited<ReturnType<typeof secondProcess>>;
  let control: string;
  let admin: string;
  let customer: string;
  let account: number;
  const clients: StreamClient[] = [];
  const open = async (token?: string) => {
    const c = await StreamClient.open(b.url, token);
    clients.push(c);
    if (c.status === 200) await c.until(() => c.events.some((e) => e.event === 'ready'));
    return c;
  };

  beforeAll(async () => {
    b = await secondProcess(t, { heartbeatMs: 100, maxPublicPerAddress: 3 });
    [control, admin, customer] = await Promise.all([
      loginAs(t.app, ...CONTROL),
      loginAs(t.app, ...ADMIN),
      loginAs(t.app, ...CUSTOMER),
    ]);
    account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await b?.close();
  });

  /**
   * The first `ready` of a stream on process B opened with the page's `since` and `scope` (either
   * left out when not given), once it has come.
   */
  const readyOf = async (token: string, since?: number, scope?: string) => {
    const query = since === undefined ? '' : `?since=${since}${scope === undefined ? '' : `&scope=${scope}`}`;
    const c = await StreamClient.open(b.url, token, `/api/events${query}`);
    clients.push(c);
    await c.until(() => c.events.some((e) => e.event === 'ready'));
    c.close();
    return c.events.find((e) => e.event === 'ready')!.data;
  };

  /** The live events' since and scope a signed-in page of process B carries for `token`'s session. */
  const pageOf = async (token: string) => {
    const html = await (
      await fetch(`${b.url}/docket/list`, { headers: { cookie: `courier_session=${token}` } })
    ).text();
    const element = (id: string) =>
      new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
    return {
      since: Number(element(BOOT_READ_AT_ELEMENT_ID)),
      scope: JSON.parse(element(BOOT_LIVE_SCOPE_ELEMENT_ID) ?? 'null') as string,
    };
  };

  const book = async () =>
    (await post(t.app, '/api/docket/post', booking(account), customer)).json().dck_docket as number;

  it('answers 401 without a session, or with one that ended, whatever since and scope it names', async () => {
    const c = await open();
    expect(c.status).toBe(401);
    // A page's time and scope with no live session behind them learn nothing of what was heard,
    // nor whether the scope was the session's (its own page's, taken before the sign-out).
    const stale = await loginAs(t.app, ...CUSTOMER);
    const { scope } = await pageOf(stale);
    await post(t.app, '/api/auth/logout', {}, stale);
    for (const token of [undefined, stale])
      for (const query of [`since=${Date.now()}`, `since=${Date.now()}&scope=${scope}`]) {
        const res = await fetch(`${b.url}/api/events?${query}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(res.status, `${query} ${token ? 'stale' : 'none'}`).toBe(401);
        expect(await res.text()).not.toContain('missed');
      }
  });

  it('brings a change made through process A to the SSE clients of process B that may see it, within a second', async () => {
    const n = await book();
    const [controlB, adminB, customerB, otherTenant] = await Promise.all([
      open(control),
      open(admin),
      open(customer),
      open(await loginAs(t.app, ...CONTROL, TENANT_B)),
    ]);
    const sent = performance.now();
    const res = await post(
      t.app,
      '/api/docket/status/change',
      statusChange(n, 'W', 'G', { driver: 'D01' }),
      control,
    );
    expect(res.statusCode, res.body).toBe(200);
    await controlB.until(() => controlB.docket(n).length > 0);
    const [event] = controlB.docket(n);
    expect(event!.at - sent).toBeLessThan(1000);
    // Collected in Manchester: the control user's live circuit and its North West one.
    expect(event).toMatchObject({ dck_docket: n, dck_status: 'G', circuits: ['LIVE', 'NWCOLL'] });
    await adminB.until(() => adminB.docket(n).length > 0);
    await customerB.until(() => customerB.docket(n).length > 0);
    expect(customerB.docket(n)[0]).toMatchObject({ dck_status: 'G', circuits: [] });

    // Into 'Query': the admin's Exceptions circuit hears it, the control user (not linked to it) does not.
    await post(t.app, '/api/docket/status/change', statusChange(n, 'G', 'Q', { signed_by: 'Ops' }), control);
    await adminB.until(() => adminB.docket(n).length === 2);
    expect(adminB.docket(n)[1]!.circuits).toEqual(['EXQ', 'LIVE', 'NWCOLL']);
    await controlB.until(() => controlB.docket(n).length === 2);
    expect(controlB.docket(n)[1]!.circuits).toEqual(['LIVE', 'NWCOLL']);

    // A refused change sends nothing; another tenant hears nothing of this one.
    const stale = await post(
      t.app,
      '/api/docket/status/change',
      statusChange(n, 'W', 'G', { driver: 'D01' }),
      control,
    );
    expect(stale.statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(controlB.docket(n)).toHaveLength(2);
    expect(otherTenant.events.filter((e) => e.event === 'docket')).toEqual([]);
  });

  it('tells the control room and the booker of a new booking within a second: docket/post and a quote booked on account', async () => {
    const [controlB, customerB, otherCustomer, otherTenant] = await Promise.all([
      open(control),
      open(customer),
      open(await loginAs(t.app, ...CUSTOMER, TENANT_B)),
      open(await loginAs(t.app, ...CONTROL, TENANT_B)),
    ]);
    const sent = performance.now();
    const n = await book();
    await controlB.until(() => controlB.told(n).length > 0);
    expect(controlB.told(n)[0]!.at - sent).toBeLessThan(1000);
    // Waiting to be collected in Manchester: the control user's live circuit and its North West one.
    expect(controlB.told(n)).toEqual([
      expect.objectContaining({
        dck_docket: n,
        dck_status: 'W',
        event: 'booked',
        circuits: ['LIVE', 'NWCOLL'],
      }),
    ]);
    await customerB.until(() => customerB.told(n).length > 0);
    expect(customerB.told(n)).toEqual([
      expect.objectContaining({ dck_docket: n, dck_status: 'W', event: 'booked', circuits: [] }),
    ]);

    // The quote wizard's booking on the customer's own account (quote/book) is told the same way.
    const call = (url: string, body: object) => post(t.app, url, { database: TENANT_A, ...body }, customer);
    const q = (await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))).json() as {
      guid: string;
    };
    await call('/api/quote', { guid: q.guid, ttyp_tariff: 5 });
    expect((await call('/api/quote/docket', quoteDocketBody(TENANT_A, q.guid))).statusCode).toBe(200);
    const quoted = await call('/api/quote/book', { guid: q.guid });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const m = (quoted.json() as { dck_docket: number }).dck_docket;
    await controlB.until(() => controlB.told(m).length > 0);
    expect(controlB.told(m)[0]).toMatchObject({ event: 'booked', circuits: ['LIVE', 'NWCOLL'] });
    await customerB.until(() => customerB.told(m).length > 0);
    expect(customerB.told(m)[0]).toMatchObject({ event: 'booked', circuits: [] });

    // A repeated booking (the same Idempotency-Key) books nothing and tells nothing more; other
    // tenants hear nothing of either.
    const keyed = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/docket/post',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer}`,
          'idempotency-key': `events-${n}`,
        },
        payload: JSON.stringify(booking(account)),
      });
    const first = await keyed();
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyed();
    const k = (first.json() as { dck_docket: number }).dck_docket;
    expect((again.json() as { dck_docket: number }).dck_docket).toBe(k);
    await controlB.until(() => controlB.told(k).length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(controlB.told(k)).toHaveLength(1);
    for (const c of [otherCustomer, otherTenant])
      expect(c.events.filter((e) => e.event === 'docket')).toEqual([]);
  });

  it("says in the first ready whether anything the user hears happened since the page's data was read", async () => {
    /**
     * The control room collects docket `n` (W → G, driver D01) through process A while `listener`
     * has a stream open on B, which hears it. Returns the time just before the change.
     */
    const collectHeardBy = async (n: number, listener: string) => {
      const stream = await open(listener);
      const before = Date.now();
      const res = await post(
        t.app,
        '/api/docket/status/change',
        statusChange(n, 'W', 'G', { driver: 'D01' }),
        control,
      );
      expect(res.statusCode, res.body).toBe(200);
      await stream.until(() => stream.docket(n).length > 0);
      stream.close();
      return before;
    };
    const other = await loginAs(t.app, ...CUSTOMER, TENANT_B);
    // No since: it cannot say, so the client reads what it shows again.
    expect(await readyOf(customer)).toEqual({ missed: true });
    expect(await readyOf(other)).toEqual({ missed: true });
    // Process B has been listening to both tenants for longer than the clocks' margin.
    await new Promise((r) => setTimeout(r, SINCE_MARGIN_MS + 200));
    const pageRead = Date.now();
    expect(await readyOf(customer, pageRead)).toEqual({ missed: false });
    // A page read before B listened (or longer ago than it keeps): it cannot say.
    expect(await readyOf(customer, pageRead - HEARD_KEPT_MS - 60_000)).toEqual({ missed: true });
    // The control room collects a booking of the customer's (through process A): a page of theirs
    // read before missed it; another tenant's user heard nothing of it.
    const n = await book();
    const beforeChange = await collectHeardBy(n, customer);
    expect(await readyOf(customer, beforeChange)).toEqual({ missed: true });
    expect(await readyOf(other, beforeChange)).toEqual({ missed: false });
    // What was heard before the page's data was read (less the clocks' margin) does not count.
    await new Promise((r) => setTimeout(r, SINCE_MARGIN_MS + 200));
    expect(await readyOf(customer, Date.now())).toEqual({ missed: false });
    // A change the customer does not hear (another account's docket) in their own tenant: their
    // page missed nothing; the control room, which hears it on its circuits, missed it.
    const linked = (
      (await post(t.app, '/api/auth/session', {}, customer)).json().accounts as { cust_id: number }[]
    ).map((a) => a.cust_id);
    const db = t.tenants.get(TENANT_A)!.db;
    const [theirs] = await queryRows<{ dck_id: number; dck_docket: number }>(
      db,
      sql`select dck_id, dck_docket from dockets
           where not (dck_cust_id = any(${`{${linked.join(',')}}`}::int[])) order by dck_id limit 1`,
    );
    // Waiting to be collected (a write of the test's own, which tells no one).
    await db.execute(
      sql`update dockets set dck_status = 'W', drv_driver = null where dck_id = ${theirs!.dck_id}`,
    );
    const beforeTheirs = await collectHeardBy(Number(theirs!.dck_docket), control);
    expect(await readyOf(customer, beforeTheirs)).toEqual({ missed: false });
    expect(await readyOf(control, beforeTheirs)).toEqual({ missed: true });
    // A time ahead of the server's clock (a page written by a process whose clock runs ahead)
    // cannot be judged.
    expect(await readyOf(customer, Date.now() + 60_000)).toEqual({ missed: true });
    // A since that is not a time is refused, naming the field.
    const bad = await fetch(`${b.url}/api/events?since=soon`, {
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('since');
  });

  it('ends a stream once its session ends, and sends it nothing after (a logout in another process)', async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    const stream = await open(token);
    const n = await book();
    expect((await post(t.app, '/api/auth/logout', {}, token)).statusCode).toBe(200);
    // Another process sees the logout within a second (its kept session read); its heartbeat
    // check then ends the stream.
    await stream.until(() => stream.ended, 3000);
    const live = await open(customer);
    await post(t.app, '/api/docket/status/change', statusChange(n, 'W', 'G', { driver: 'D01' }), control);
    await live.until(() => live.docket(n).length > 0);
    expect(stream.docket(n)).toEqual([]);
    // A new stream with the ended token is refused.
    expect((await StreamClient.open(b.url, token)).status).toBe(401);
  });

  it('streams one tracked docket to a guest holding its tracking reference, without content, and nothing else', async () => {
    const mine = (await post(t.app, '/api/docket/post', booking(account), customer)).json() as {
      dck_docket: number;
      tracking_reference: string;
    };
    const other = await book();
    const trackPath = (database: string, ref: string) =>
      `/api/docket/track/events?${new URLSearchParams({ database, tracking_ref: ref }).toString()}`;
    const guest = await StreamClient.open(
      b.url,
      undefined,
      trackPath(TENANT_A, mine.tracking_reference.toLowerCase()),
    );
    clients.push(guest);
    expect(guest.status).toBe(200);
    await guest.until(() => guest.events.some((e) => e.event === 'ready'));
    const dockets = () => guest.events.filter((e) => e.event === 'docket');

    await post(t.app, '/api/docket/status/change', statusChange(other, 'W', 'G', { driver: 'D01' }), control);
    await post(
      t.app,
      '/api/docket/status/change',
      statusChange(mine.dck_docket, 'W', 'G', { driver: 'D01' }),
      control,
    );
    await guest.until(() => dockets().length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(dockets().map((e) => e.data)).toEqual([{}]);

    // One address may hold only so many open (this process allows 3): the next is refused, and a
    // closed one makes room again.
    const more = [];
    for (let i = 0; i < 2; i++) {
      more.push(await StreamClient.open(b.url, undefined, trackPath(TENANT_A, mine.tracking_reference)));
      clients.push(more.at(-1)!);
    }
    expect(more.map((c) => c.status)).toEqual([200, 200]);
    const refused = await StreamClient.open(b.url, undefined, trackPath(TENANT_A, mine.tracking_reference));
    expect(refused.status).toBe(429);
    more[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await StreamClient.open(b.url, undefined, trackPath(TENANT_A, mine.tracking_reference));
    clients.push(again);
    expect(again.status).toBe(200);

    // An unknown reference, or one asked of another database, is not found.
    for (const path of [trackPath(TENANT_A, 'TBNOSUCHREF00'), trackPath(TENANT_B, mine.tracking_reference)]) {
      const none = await StreamClient.open(b.url, undefined, path);
      expect(none.status, path).toBe(404);
    }
  });

  it('holds one user to maxPerUser open streams (429 beyond), and a closed one makes room', async () => {
    const capped = await secondProcess(t, { heartbeatMs: 100, maxPerUser: 2 });
    try {
      const opened = [];
      for (let i = 0; i < 2; i++) {
        opened.push(await StreamClient.open(capped.url, admin));
        clients.push(opened.at(-1)!);
      }
      expect(opened.map((c) => c.status)).toEqual([200, 200]);
      // Another session of the same user counts too: the cap is the user's.
      const third = await StreamClient.open(capped.url, await loginAs(t.app, ...ADMIN));
      expect(third.status).toBe(429);
      // Another user is not held up by this one.
      const other = await StreamClient.open(capped.url, control);
      clients.push(other);
      expect(other.status).toBe(200);
      opened[0]!.close();
      // The server sees the close a moment later: a place is free again.
      const deadline = Date.now() + 3000;
      let again = await StreamClient.open(capped.url, admin);
      while (again.status === 429 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        again = await StreamClient.open(capped.url, admin);
      }
      clients.push(again);
      expect(again.status).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it("counts a page's data as missed when what its user may see changed between the page and its stream", async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    const db = t.tenants.get(TENANT_A)!.db;
    const narrow = async (flag: 'T' | 'F') => {
      await db.execute(sql`update users set ausr_own_bookings = ${flag} where ausr_logon = 'customer'`);
      forgetLiveSessions();
    };
    // Process B listens to the tenant (from its first stream on) for longer than the clocks' margin.
    (await open(token)).close();
    await new Promise((r) => setTimeout(r, SINCE_MARGIN_MS + 200));
    const before = await pageOf(token);
    expect(before.scope).toMatch(/^[0-9a-f]{16}$/);
    expect(await readyOf(token, before.since, before.scope)).toEqual({ missed: false });
    // Another scope than the user's: missed, though nothing was heard since.
    expect(await readyOf(token, before.since, 'ffffffffffffffff')).toEqual({ missed: true });
    // An administrator narrows the customer to their own bookings after the page was written.
    await narrow('T');
    try {
      expect(await readyOf(token, before.since, before.scope)).toEqual({ missed: true });
      const after = await pageOf(token);
      expect(after.scope).not.toBe(before.scope);
      expect(await readyOf(token, after.since, after.scope)).toEqual({ missed: false });
    } finally {
      await narrow('F');
    }
    // The same scope again (the change undone): the first page's fingerprint is the user's again.
    expect((await pageOf(token)).scope).toBe(before.scope);
    // A scope that is not a fingerprint is refused, naming the field.
    const bad = await fetch(`${b.url}/api/events?since=${before.since}&scope=everything`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('scope');
  });

  it('ends a stream when what its user may see changes (an administrator narrows it); the reconnect opens on the new scope', async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    const stream = await open(token);
    const db = t.tenants.get(TENANT_A)!.db;
    const narrow = (flag: 'T' | 'F') =>
      db.execute(sql`update users set ausr_own_bookings = ${flag} where ausr_logon = 'customer'`);
    await narrow('T');
    try {
      // Another process's kept session read lasts a second; its next check (the heartbeat, every
      // 100 ms here) then ends the stream, which would otherwise run for its 15 minutes.
      await stream.until(() => stream.ended, 3000);
      // The browser's reconnect is a new stream, on the narrowed scope.
      const reopened = await open(token);
      expect(reopened.status).toBe(200);
    } finally {
      await narrow('F');
    }
  });

  it("ends a control user's stream when a circuit is taken from them (security probe 8)", async () => {
    const token = await loginAs(t.app, ...CONTROL);
    const stream = await open(token);
    const db = t.tenants.get(TENANT_A)!.db;
    const links = await queryRows<{ acia_cir_id: number; acia_update: string; acia_refresh: number | null }>(
      db,
      sql`select acia_cir_id, acia_update, acia_refresh from circuit_users
           where acia_ausr_id = (select ausr_id from users where ausr_logon = 'control')`,
    );
    expect(links.length).toBeGreaterThan(0);
    const [taken] = links;
    await db.execute(
      sql`delete from circuit_users where acia_cir_id = ${taken!.acia_cir_id}
            and acia_ausr_id = (select ausr_id from users where ausr_logon = 'control')`,
    );
    try {
      // The next check (the heartbeat, every 100 ms here) ends it; it would run for its 15 minutes.
      await stream.until(() => stream.ended, 3000);
      expect(stream.ended).toBe(true);
    } finally {
      await db.execute(
        sql`insert into circuit_users (acia_ausr_id, acia_cir_id, acia_update, acia_refresh)
            select ausr_id, ${taken!.acia_cir_id}, ${taken!.acia_update}, ${taken!.acia_refresh}
              from users where ausr_logon = 'control'`,
      );
    }
  });

  it("ends a guest's tracking stream once guest access is switched off, as docket/track then refuses it (security probe 8)", async () => {
    const mine = (await post(t.app, '/api/docket/post', booking(account), customer)).json() as {
      tracking_reference: string;
    };
    const path = `/api/docket/track/events?${new URLSearchParams({ database: TENANT_A, tracking_ref: mine.tracking_reference }).toString()}`;
    // A process of its own: the other tests' guest streams hold this address's places on b.
    const p = await secondProcess(t, { heartbeatMs: 100 });
    const guests = (flag: 'T' | 'F') =>
      post(t.app, '/api/system/general/post', { values: { GuestAccessAllowed: flag } }, admin);
    try {
      const guest = await StreamClient.open(p.url, undefined, path);
      clients.push(guest);
      expect(guest.status).toBe(200);
      await guest.until(() => guest.events.some((e) => e.event === 'ready'));
      expect((await guests('F')).statusCode).toBe(200);
      await guest.until(() => guest.ended, 3000);
      expect(guest.ended).toBe(true);
      expect((await StreamClient.open(p.url, undefined, path)).status).toBe(401);

      // Where guests may not track, a user signed in to the database may; once they log out,
      // their open stream is a guest's and ends too.
      const booker = await loginAs(t.app, ...CUSTOMER);
      const signedIn = await StreamClient.open(p.url, booker, path);
      clients.push(signedIn);
      expect(signedIn.status).toBe(200);
      await signedIn.until(() => signedIn.events.some((e) => e.event === 'ready'));
      await new Promise((r) => setTimeout(r, 300));
      expect(signedIn.ended).toBe(false);
      expect((await post(t.app, '/api/auth/logout', {}, booker)).statusCode).toBe(200);
      await signedIn.until(() => signedIn.ended, 3000);
      expect(signedIn.ended).toBe(true);
    } finally {
      expect((await guests('T')).statusCode).toBe(200);
      await p.close();
    }
  });

  it('survives a lost LISTEN connection: clients are told to refetch (ready) and events flow again', async () => {
    const c = await open(control);
    const readies = () => c.events.filter((e) => e.event === 'ready').length;
    const beforeLoss = Date.now() - 1;
    const db = t.tenants.get(TENANT_A)!.db;
    const killed = await queryRows<{ pg_terminate_backend: boolean }>(
      db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    expect(killed.length).toBeGreaterThan(0);
    await c.until(() => readies() === 2, 5000);
    // Nothing can be said of the time the connection was down: a page read before it missed it.
    const after = await StreamClient.open(
      b.url,
      control,
      `/api/events?since=${beforeLoss + SINCE_MARGIN_MS}`,
    );
    clients.push(after);
    await after.until(() => after.events.some((e) => e.event === 'ready'));
    expect(after.events.find((e) => e.event === 'ready')!.data).toEqual({ missed: true });
    const n = await book();
    await post(t.app, '/api/docket/status/change', statusChange(n, 'W', 'G', { driver: 'D02' }), control);
    await c.until(() => c.docket(n).length === 1);
  });

  it('sends heartbeats, and ends the stream when the client goes', async () => {
    const c = await open(control);
    await c.until(() => c.comments.includes('heartbeat'), 2000);
    c.close();
    await c.until(() => c.ended);
  });

  it('ends open streams when the app closes, and after the longest stream time (the browser reconnects)', async () => {
    const other = await secondProcess(t, { heartbeatMs: 50, maxStreamMs: 400 });
    let held: StreamClient | undefined;
    try {
      const short = await StreamClient.open(other.url, control);
      clients.push(short);
      await short.until(() => short.events.some((e) => e.event === 'ready'));
      await short.until(() => short.ended, 2000);
      held = await StreamClient.open(other.url, control);
      clients.push(held);
      await held.until(() => held!.events.some((e) => e.event === 'ready'));
    } finally {
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(2000);
    }
    await held.until(() => held!.ended, 1000);
  });
});
