import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DocketAddressInput } from '@courier/contracts';
import { queryRows } from '../../db/client';
import { customers, dockets, userAccounts, users } from '../../db/schema';
import {
  ADMIN,
  booking,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  loginAs,
  post,
  statusChange,
  TENANT_A,
  useTestApp,
} from '../../test/harness';
import { collectAddress, deliverAddress, nextWeekday } from '../../test/fixtures';
import { SANDBOX_CARDS } from '../payments/sandbox.provider';
import { forgetLiveSessions } from '../../db/live-session-cache';

/**
 * The dockets whose kept address columns differ from their addresses: dck_last_deadline from the
 * last address's deadline (by dadd_seq), dck_from_town/postcode from the first address's town and
 * post code, dck_to_town/postcode from the last's.
 */
const DISAGREEING = sql`
  select d.dck_docket, d.dck_last_deadline, d.dck_from_town, d.dck_from_postcode, d.dck_to_town, d.dck_to_postcode
  from dockets d
  left join lateral (select a.dadd_town, a.dadd_postalcode from docket_addresses a
                      where a.dadd_dck_id = d.dck_id order by a.dadd_seq limit 1) fa on true
  left join lateral (select a.dadd_town, a.dadd_postalcode, a.dadd_deadline from docket_addresses a
                      where a.dadd_dck_id = d.dck_id order by a.dadd_seq desc limit 1) la on true
  where d.dck_last_deadline is distinct from la.dadd_deadline
     or (d.dck_from_town, d.dck_from_postcode, d.dck_to_town, d.dck_to_postcode)
        is distinct from (fa.dadd_town, fa.dadd_postalcode, la.dadd_town, la.dadd_postalcode)`;

/** A kept migration's backfill statement (its UPDATE of dockets). */
const backfillOf = (file: string) => {
  const statements = readFileSync(new URL(`../../db/migrations/${file}`, import.meta.url), 'utf8').split(
    '--> statement-breakpoint',
  );
  const backfill = statements.find((s) => /^\s*(--.*\n\s*)*UPDATE "dockets"/.test(s));
  expect(backfill).toBeDefined();
  return backfill!;
};

/**
 * What a docket keeps of its addresses (dockets.repository addressColumnsOf): dck_last_deadline
 * (the on-time report reads it) and its first and last address's town and post code (the booking
 * list and tracking read them), through every write: the booking (docket/post and a paid
 * checkout), status changes, the demo seed and the migrations that added them.
 */
describe.each(DB_KINDS)('a docket’s last deadline and end addresses on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.tenants.get(TENANT_A)!.db;
  const lastDeadlineOf = async (dck_docket: number) => {
    const [row] = await db()
      .select({ at: dockets.dck_last_deadline })
      .from(dockets)
      .where(eq(dockets.dck_docket, dck_docket));
    return row!.at?.toISOString() ?? null;
  };
  const accountOf = async (mop: string) =>
    (await db().select().from(customers)).find((c) => c.cust_mop === mop)!.cust_id;
  /** Monday 10:00 / 11:00 / 15:00 next week (inside the demo hours of operation). */
  const times = () => ({
    ready: nextWeekday(1, '10:00'),
    collectBy: nextWeekday(1, '11:00'),
    deliverBy: nextWeekday(1, '15:00'),
  });
  /** The fixture's two addresses, ready and due at collection, due at delivery when `deliverBy` is given. */
  const timedAddresses = (deliverBy?: string): [DocketAddressInput, DocketAddressInput] => {
    const { ready, collectBy } = times();
    return [
      collectAddress({ dadd_ready: ready, dadd_deadline: collectBy }),
      deliverAddress(deliverBy ? { dadd_deadline: deliverBy } : {}),
    ];
  };

  it('seeds every demo docket with its last address’s deadline', async () => {
    expect(Number((await queryRows<{ n: string }>(db(), sql`select count(*) n from dockets`))[0]!.n)).toBe(
      30,
    );
    expect(await queryRows(db(), DISAGREEING)).toEqual([]);
  });

  it('books with the delivery deadline; none when only the collection has one', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const account = await accountOf('A');
    const { deliverBy } = times();
    const timed = await post(
      t.app,
      '/api/docket/post',
      booking(account, { addresses: timedAddresses(deliverBy) }),
      admin,
    );
    expect(timed.statusCode, timed.body).toBe(200);
    expect(await lastDeadlineOf(timed.json().dck_docket)).toBe(new Date(deliverBy).toISOString());

    const open = await post(
      t.app,
      '/api/docket/post',
      booking(account, { addresses: timedAddresses() }),
      admin,
    );
    expect(open.statusCode, open.body).toBe(200);
    expect(await lastDeadlineOf(open.json().dck_docket)).toBeNull();
    expect(await queryRows(db(), DISAGREEING)).toEqual([]);
  });

  it('books a card payer’s docket with the delivery deadline when the payment comes back', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const { deliverBy } = times();
    const body = {
      ...booking(await accountOf('O'), { addresses: timedAddresses(deliverBy) }),
      attempt: randomUUID(),
    };
    const started = await post(t.app, '/api/docket/checkout', body, admin);
    expect(started.statusCode, started.body).toBe(200);
    const { url, reference } = started.json();
    await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: SANDBOX_CARDS.authorised, action: 'pay' }).toString(),
    });
    const paid = await post(t.app, '/api/docket/payment', { reference }, admin);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await lastDeadlineOf(paid.json().dck_docket)).toBe(new Date(deliverBy).toISOString());
  });

  it('keeps it through status changes', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const control = await loginAs(t.app, ...CONTROL);
    const { deliverBy } = times();
    const booked = await post(
      t.app,
      '/api/docket/post',
      booking(await accountOf('A'), { addresses: timedAddresses(deliverBy) }),
      admin,
    );
    const n = booked.json().dck_docket as number;
    for (const [from, to, extra] of [
      ['W', 'G', { driver: 'D01' }],
      ['G', 'Q', { signed_by: 'Ops' }],
    ] as const) {
      const res = await post(t.app, '/api/docket/status/change', statusChange(n, from, to, extra), control);
      expect(res.statusCode, res.body).toBe(200);
      expect(await lastDeadlineOf(n)).toBe(new Date(deliverBy).toISOString());
    }
  });

  it('lists and tracks the first address as from and the last as to, whatever lies between', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const via = deliverAddress({ dadd_town: 'Stockport', dadd_postalcode: 'SK1 1AA' });
    const body = booking(await accountOf('A'));
    const [first, last] = body.addresses;
    const booked = await post(t.app, '/api/docket/post', { ...body, addresses: [first, via, last] }, admin);
    expect(booked.statusCode, booked.body).toBe(200);
    const n = booked.json().dck_docket as number;
    const list = await post(t.app, '/api/docket/list', { search: String(n) }, admin);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().rows.find((r: { dck_docket: number }) => r.dck_docket === n);
    const ends = {
      from_town: first!.dadd_town,
      from_postcode: first!.dadd_postalcode,
      to_town: last!.dadd_town,
      to_postcode: last!.dadd_postalcode,
    };
    expect(row).toMatchObject(ends);
    const tracked = await post(t.app, '/api/docket/track', {
      database: TENANT_A,
      tracking_ref: row.tracking_reference,
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json()).toMatchObject({
      collection: { town: ends.from_town, postcode: ends.from_postcode },
      delivery: { town: ends.to_town, postcode: ends.to_postcode },
    });
    expect(await queryRows(db(), DISAGREEING)).toEqual([]);
  });

  it('shows the end addresses to nobody but the account’s users and the holder of the tracking reference', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    const own = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts as {
      cust_id: number;
    }[];
    // An account on account terms (mop 'A') that the customer user is not linked to.
    const template = (await db().select().from(customers)).find((c) => c.cust_mop === 'A')!;
    const [foreign] = await db()
      .insert(customers)
      .values({ ...template, cust_id: undefined, cust_acc_code: 'OTHER01', cust_name: 'Other Account Ltd' })
      .returning();
    expect(own.some((a) => a.cust_id === foreign!.cust_id)).toBe(false);
    const [adminUser] = await db().select().from(users).where(eq(users.ausr_logon, ADMIN[0]));
    await db()
      .insert(userAccounts)
      .values({ uacc_ausr_id: adminUser!.ausr_id, uacc_cust_id: foreign!.cust_id });
    forgetLiveSessions();
    const via = deliverAddress({ dadd_town: 'Quarantown', dadd_postalcode: 'CA1 1AA' });
    const body = booking(foreign!.cust_id);
    const booked = await post(
      t.app,
      '/api/docket/post',
      { ...body, addresses: [body.addresses[0]!, via] },
      admin,
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const { dck_docket, tracking_reference } = booked.json() as {
      dck_docket: number;
      tracking_reference: string;
    };

    // Another account's login: the docket is not in its list, whatever it searches.
    for (const search of [String(dck_docket), 'quarantown']) {
      const list = await post(t.app, '/api/docket/list', { search }, customer);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('Quarantown');
    }
    // A guessed reference (the real one with its last character changed): not found, no address.
    const last = tracking_reference.at(-1) === 'A' ? 'B' : 'A';
    const guessed = await post(t.app, '/api/docket/track', {
      database: TENANT_A,
      tracking_ref: tracking_reference.slice(0, -1) + last,
    });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).not.toContain('Quarantown');
    // A stale token: logged out, the list answers 401 with no rows.
    const stale = await loginAs(t.app, ...CUSTOMER);
    await post(t.app, '/api/auth/logout', {}, stale);
    const after = await post(t.app, '/api/docket/list', { search: 'quarantown' }, stale);
    expect(after.statusCode).toBe(401);
    expect(after.body).not.toContain('Quarantown');
    // The real reference shows the delivery end, as the tracking page does.
    const tracked = await post(t.app, '/api/docket/track', {
      database: TENANT_A,
      tracking_ref: tracking_reference,
    });
    expect(tracked.json().delivery).toEqual({ town: 'Quarantown', postcode: 'CA1 1AA' });
  });

  it('has its deadline backfilled by its migration from the addresses of existing dockets', async () => {
    const before = await queryRows<{ n: string }>(
      db(),
      sql`select count(*) n from dockets where dck_last_deadline is not null`,
    );
    expect(Number(before[0]!.n)).toBeGreaterThan(0);
    await db().execute(sql`update dockets set dck_last_deadline = null`);
    expect((await queryRows(db(), DISAGREEING)).length).toBe(Number(before[0]!.n));
    await db().execute(sql.raw(backfillOf('0017_docket_last_deadline.sql')));
    expect(await queryRows(db(), DISAGREEING)).toEqual([]);
  });

  it('has its end addresses backfilled by their migration', async () => {
    const all = await queryRows<{ n: string }>(db(), sql`select count(*) n from dockets`);
    await db().execute(
      sql`update dockets set dck_from_town = null, dck_from_postcode = null, dck_to_town = null, dck_to_postcode = null`,
    );
    expect((await queryRows(db(), DISAGREEING)).length).toBe(Number(all[0]!.n));
    await db().execute(sql.raw(backfillOf('0025_docket_address_ends.sql')));
    expect(await queryRows(db(), DISAGREEING)).toEqual([]);
  });
});
