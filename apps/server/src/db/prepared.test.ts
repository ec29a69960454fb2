import { asc, desc, DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TENANT_A, useTestApp, DB_KINDS } from '../test/harness';
import { withFastRows } from './prepared';
import { customers, docketAddresses, dockets, docketStatuses, sessions, users } from './schema';

describe.each(DB_KINDS)('prepared statements on %s: rows mapped as Drizzle maps them', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.tenants.get(TENANT_A)!.db;
  let n = 0;

  /** A statement twice under new names: as Drizzle prepares it, and with withFastRows' mapping. */
  function both<T extends { execute(v?: Record<string, unknown>): Promise<unknown> }>(
    build: (name: string) => T,
  ) {
    n++;
    return { drizzle: build(`drizzle_${n}`), fast: withFastRows(build(`fast_${n}`)) };
  }

  it('maps nested objects of inner joins, JSON and dates (the session check)', async () => {
    await db()
      .insert(sessions)
      .values({
        sess_ausr_id: (await db().select({ id: users.ausr_id }).from(users).limit(1))[0]!.id,
        sess_token_hash: 'f'.repeat(64),
        sess_expires: new Date('2030-01-01T00:00:00Z'),
        sess_stage: 'full',
      });
    const { drizzle, fast } = both((name) =>
      db()
        .select({
          session: sessions,
          user: users,
          accounts: sql<
            { cust_id: number }[]
          >`(select json_agg(json_build_object('cust_id', c.cust_id)) from customers c)`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.ausr_id, sessions.sess_ausr_id))
        .where(eq(sessions.sess_token_hash, sql.placeholder('hash')))
        .prepare(name),
    );
    expect(Object.hasOwn(fast, 'execute')).toBe(true);
    const values = { hash: 'f'.repeat(64) };
    const rows = (await fast.execute(values)) as { session: { sess_expires: Date } }[];
    expect(rows).toEqual(await drizzle.execute(values));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.session.sess_expires).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(await fast.execute({ hash: 'none' })).toEqual([]);
  });

  /** A docket's first and last address as lateral subqueries (left-joined, so possibly null). */
  const endAddresses = () => {
    const end = (alias: 'fa' | 'la', order: typeof asc) =>
      db()
        .select({
          town: sql<string>`${docketAddresses.dadd_town}`.as(`${alias}_town`),
          postcode: sql<string>`${docketAddresses.dadd_postalcode}`.as(`${alias}_postcode`),
        })
        .from(docketAddresses)
        .where(eq(docketAddresses.dadd_dck_id, dockets.dck_id))
        .orderBy(order(docketAddresses.dadd_seq))
        .limit(1)
        .as(alias);
    return { fa: end('fa', asc), la: end('la', desc) };
  };

  it('maps flat fields of left-joined subqueries, nulls included', async () => {
    const [bare] = await db().select({ id: dockets.dck_id }).from(dockets).orderBy(dockets.dck_id).limit(1);
    const saved = await db().select().from(docketAddresses).where(eq(docketAddresses.dadd_dck_id, bare!.id));
    await db().delete(docketAddresses).where(eq(docketAddresses.dadd_dck_id, bare!.id));
    try {
      const { drizzle, fast } = both((name) => {
        const { fa, la } = endAddresses();
        return db()
          .select({
            dck_id: dockets.dck_id,
            dck_docket: dockets.dck_docket,
            dck_booked: dockets.dck_booked,
            dck_total_pence: dockets.dck_total_pence,
            cust_acc_code: customers.cust_acc_code,
            dsts_description: docketStatuses.dsts_description,
            from_town: fa.town,
            to_postcode: la.postcode,
          })
          .from(dockets)
          .innerJoin(customers, eq(customers.cust_id, dockets.dck_cust_id))
          .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
          .leftJoinLateral(fa, sql`true`)
          .leftJoinLateral(la, sql`true`)
          .orderBy(dockets.dck_id)
          .limit(sql.placeholder('limit'))
          .prepare(name);
      });
      expect(Object.hasOwn(fast, 'execute')).toBe(true);
      const rows = (await fast.execute({ limit: 40 })) as Record<string, unknown>[];
      expect(rows).toEqual(await drizzle.execute({ limit: 40 }));
      expect(rows.length).toBeGreaterThan(20);
      expect(rows[0]).toMatchObject({ dck_id: bare!.id, from_town: null, to_postcode: null });
      expect(rows[0]!.dck_booked).toBeInstanceOf(Date);
      expect(typeof rows[1]!.from_town).toBe('string');
    } finally {
      if (saved.length) await db().insert(docketAddresses).values(saved);
    }
  });

  it("raises a failing statement's error as Drizzle does, naming the statement, the cause the driver's", async () => {
    const { drizzle, fast } = both((name) =>
      db()
        .select({ n: sql<number>`1 / ${sql.placeholder('d')}::int` })
        .from(dockets)
        .limit(1)
        .prepare(name),
    );
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => new Error('no error'),
        (e: unknown) => e as Error,
      );
    const [mine, theirs] = await Promise.all([
      failure(fast.execute({ d: 0 })),
      failure(drizzle.execute({ d: 0 })),
    ]);
    expect(mine).toBeInstanceOf(DrizzleQueryError);
    expect(mine.constructor).toBe(theirs.constructor);
    expect((mine.cause as { code?: string }).code).toBe('22012');
    expect(mine.message).toContain('select');
  });

  it('leaves a left-joined table selected as an object to Drizzle, which nulls it whole', async () => {
    const { drizzle, fast } = both((name) =>
      db()
        .select({ docket: dockets.dck_id, address: docketAddresses })
        .from(dockets)
        .leftJoin(docketAddresses, sql`false`)
        .limit(1)
        .prepare(name),
    );
    expect(Object.hasOwn(fast, 'execute')).toBe(false);
    const rows = await fast.execute();
    expect(rows).toEqual(await drizzle.execute());
    expect((rows as { address: unknown }[])[0]!.address).toBeNull();
  });
});
