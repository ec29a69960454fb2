import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DocketAddressInput } from '@courier/contracts';
import { queryRows } from '../../db/client';
import { customers, dockets } from '../../db/schema';
import {
  ADMIN,
  booking,
  CONTROL,
  DB_KINDS,
  loginAs,
  post,
  statusChange,
  TENANT_A,
  useTestApp,
} from '../../test/harness';
import { collectAddress, deliverAddress, nextWeekday } from '../../test/fixtures';
import { SANDBOX_CARDS } from '../payments/sandbox.provider';

/** The dockets whose dck_last_deadline differs from the deadline of their last address (by dadd_seq). */
const DISAGREEING = sql`
  select d.dck_docket, d.dck_last_deadline,
         (select a.dadd_deadline from docket_addresses a where a.dadd_dck_id = d.dck_id
           order by a.dadd_seq desc limit 1) as last_address_deadline
  from dockets d
  where d.dck_last_deadline is distinct from
        (select a.dadd_deadline from docket_addresses a where a.dadd_dck_id = d.dck_id
          order by a.dadd_seq desc limit 1)`;

/**
 * dockets.dck_last_deadline (the on-time report reads it) holds the deadline of the docket's last
 * address through every write of deadlines: the booking (docket/post and a paid checkout), status
 * changes, the demo seed and the migration that added it.
 */
describe.each(DB_KINDS)('a docket’s last deadline on %s', (kind) => {
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

  it('is backfilled by its migration from the addresses of existing dockets', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0017_docket_last_deadline.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const backfill = migration.find((s) => /^\s*(--.*\n\s*)*UPDATE "dockets"/.test(s))!;
    expect(backfill).toBeDefined();
    const before = await queryRows<{ n: string }>(
      db(),
      sql`select count(*) n from dockets where dck_last_deadline is not null`,
    );
    expect(Number(before[0]!.n)).toBeGreaterThan(0);
    await db().execute(sql`update dockets set dck_last_deadline = null`);
    expect((await queryRows(db(), DISAGREEING)).length).toBe(Number(before[0]!.n));
    await db().execute(sql.raw(backfill));
    expect(await queryRows(db(), DISAGREEING)).toEqual([]);
  });
});
