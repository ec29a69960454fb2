import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openTenant } from '../apps/server/src/db/tenants';
import { queryRows } from '../apps/server/src/db/client';
import { isEmpty, seedDemo } from '../apps/server/src/db/seed/demo';
import { GeoIndex } from '../apps/server/src/lib/geo';
import { splitOpenAddress } from '../apps/server/src/modules/postcode/open-address';
import { searchTrigrams } from '../apps/server/src/modules/dockets/docket-search';
import { readSearchSamples } from '../apps/server/src/modules/dockets/docket-search.repository';

/** Creates the database `name` on the server of `adminUrl` when missing; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  const found = await c.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the bench dockets look like beyond their number and age. */
export interface BenchDocketOptions {
  /** Statuses given in turn (docket n gets statuses[n % length]); default a mostly delivered mix. */
  statuses?: readonly string[];
  /**
   * The control room's fields too (bench/control.ts): a demo driver on allocated statuses, the
   * status time, companies, the collection's ready time and both deadlines (2 h and 5 h after booking).
   */
  control?: boolean;
}

/** Statuses with a driver allocated, as the demo seed has them. */
const ALLOCATED = ['G', 'P', 'T', 'E', 'Q', 'D', 'R', 'I'];

/**
 * Migrates and seeds a bench tenant: demo users, accounts and control room, then `total` dockets in
 * bulk SQL (two real addresses each) spread over the last `days` days (a fraction for hours).
 * Idempotent: tops up to `total`.
 */
export async function seedBenchDockets(
  url: string,
  total: number,
  days: number,
  opts: BenchDocketOptions = {},
): Promise<void> {
  const statuses = opts.statuses ?? ['W', 'G', 'P', 'T', 'D', 'D', 'D', 'I'];
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  const geo = GeoIndex.load();
  try {
    if (await isEmpty(tenant.db))
      await seedDemo(tenant.db, geo, { tenantName: 'Bench', dockets: 0, now: new Date() });
    const [{ n }] = (await queryRows<{ n: string }>(tenant.db, sql`select count(*) as n from dockets`)) as [
      { n: string },
    ];
    const missing = total - Number(n);
    if (missing <= 0) return;
    const places = geo.addresses.filter((_, i) => i % 97 === 0).map(splitOpenAddress);
    const towns = places.map((p) => p.town.slice(0, 30).replace(/'/g, "''"));
    const codes = places.map((p) => p.postcode);
    const companies = places.map((p) => p.company.slice(0, 40).replace(/'/g, "''"));
    const arr = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);
    console.log(`seeding ${missing} dockets…`);
    const batch = 100_000;
    for (let done = 0; done < missing; done += batch) {
      const size = Math.min(batch, missing - done);
      await tenant.db.transaction(async (tx) => {
        await tx.execute(sql`
          with accts as (select array_agg(cust_id order by cust_id) a from customers),
          g as (select s, random() r, (${arr(statuses)})[1 + (s % ${statuses.length})] st,
                       now() - (${days} * interval '1 day') * ((${size} - s + 0.0) / ${size}) booked
                  from generate_series(1, ${size}) s)
          insert into dockets (dck_docket, dck_cust_id, dck_tariff, dck_status, dck_booked, tracking_reference,
                               dck_cust_ref1, dck_contact, dck_total_pence, dck_net_pence, dck_vat_pence, dck_search,
                               dck_status_time, drv_driver, dck_last_deadline)
          select nextval('dck_docket_seq'), (select a from accts)[1 + (s % 3)], 4 + (s % 3), st, booked,
                 'TB' || upper(substr(md5(random()::text || s), 1, 13)),
                 'PO' || (10000 + (r * 89999)::int), 'Bench Contact', 2000 + (r * 30000)::int, 0, 0, '',
                 ${opts.control ? sql`booked + r * interval '30 minutes'` : sql`now()`},
                 ${
                   opts.control
                     ? sql`case when st = any(${arr(ALLOCATED)}) then (array['D01','D02','D03','D04','D05','D06'])[1 + (s % 6)] end`
                     : sql`null`
                 },
                 ${opts.control ? sql`booked + interval '5 hours'` : sql`null`}
            from g`);
        await tx.execute(sql`
          insert into docket_addresses (dadd_dck_id, dadd_seq, dadd_addresstype, dadd_town, dadd_postalcode,
                                        dadd_companyname, dadd_ready, dadd_deadline)
          select d.dck_id, k, k,
                 (${arr(towns)})[1 + ((d.dck_id * 7 + k * 13) % ${towns.length})],
                 (${arr(codes)})[1 + ((d.dck_id * 7 + k * 13) % ${codes.length})],
                 ${
                   opts.control
                     ? sql`(${arr(companies)})[1 + ((d.dck_id * 7 + k * 13) % ${companies.length})],
                           case when k = 0 then d.dck_booked + interval '30 minutes' end,
                           d.dck_booked + case when k = 0 then interval '2 hours' else interval '5 hours' end`
                     : sql`'', null, null`
                 }
            from dockets d cross join (values (0), (1)) v(k)
           where d.dck_search = ''`);
        await tx.execute(sql`
          update dockets d set dck_search = lower(d.dck_docket || ' ' || d.dck_cust_ref1 || ' ' || d.dck_contact || ' ' ||
                 (select string_agg(dadd_town || ' ' || dadd_postalcode, ' ') from docket_addresses where dadd_dck_id = d.dck_id)),
                 dck_from_town = fa.dadd_town, dck_from_postcode = fa.dadd_postalcode,
                 dck_to_town = la.dadd_town, dck_to_postcode = la.dadd_postalcode
            from docket_addresses fa, docket_addresses la
           where d.dck_search = '' and fa.dadd_dck_id = d.dck_id and fa.dadd_seq = 0
             and la.dadd_dck_id = d.dck_id and la.dadd_seq = 1`);
      });
      console.log(`  ${done + size} / ${missing}`);
    }
    // What autovacuum does in time on a live server (the embedded default runs it; this machine's
    // PostgreSQL has it off): the seed's update left a dead row per docket, and no visibility map.
    await tenant.db.execute(sql`vacuum (analyze) dockets, docket_addresses`);
  } finally {
    await tenant.close();
  }
}

/**
 * EXPLAIN ANALYZE of the history search page as the server runs it (same SQL, literal values): a
 * rare term as its trigrams, rarest first, and the whole term on the rows (docket-search.ts).
 */
export async function explainHistorySearch(url: string, search: string): Promise<string> {
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  const trigrams = searchTrigrams(search, await readSearchSamples(tenant.db).finally(() => tenant.close()));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const ids = (
      await c.query(
        `select array_agg(uacc_cust_id) a from user_accounts ua join users u on u.ausr_id = ua.uacc_ausr_id where u.ausr_logon = 'customer'`,
      )
    ).rows[0].a as number[];
    const term = trigrams
      ? `(d.dck_search || '') like $2 ${trigrams.map((t) => `and d.dck_search like '%${t}%'`).join(' ')}`
      : 'd.dck_search like $2';
    // The page's ids: the dockets table alone, planned for this search value (as the server runs it).
    const res = await c.query(
      `explain (analyze, buffers) select d.dck_id from dockets d
        where d.dck_cust_id = any($1::int[])
          and (d.dck_status in (select dsts_id from docket_statuses where dsts_complete = 'T')
               or d.dck_booked < now() - interval '14 days')
          and ${term}
          and d.dck_booked >= now() - interval '30 days' and d.dck_booked < now() + interval '1 day'
        order by d.dck_docket desc limit 21`,
      [ids, `%${search}%`],
    );
    return res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  } finally {
    await c.end();
  }
}

/** A table's columns but `omit`, quoted, in their order (to copy a row whatever the schema holds). */
async function columnsOf(c: pg.Client, table: string, omit: string[]): Promise<string[]> {
  const res = await c.query(
    `select column_name from information_schema.columns where table_name = $1 and not (column_name = any($2)) order by ordinal_position`,
    [table, omit],
  );
  return res.rows.map((r: { column_name: string }) => `"${r.column_name}"`);
}

/**
 * A small account among the bench's three big ones: account SMALL holds about one docket in 3,300
 * (every 3,301st, a few of them recent) and login 'small' (password as 'customer') is linked to it
 * alone. Its list pages must not cost what the other accounts' dockets add up to. Kept between runs.
 */
export async function ensureSmallAccount(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if ((await c.query(`select 1 from users where ausr_logon = 'small'`)).rowCount) return;
    await c.query('begin');
    const cust = await columnsOf(c, 'customers', ['cust_id', 'cust_acc_code', 'cust_name']);
    const small = await c.query(
      `insert into customers (${cust.join(', ')}, cust_acc_code, cust_name)
       select ${cust.join(', ')}, 'SMALL', 'Small Account' from customers order by cust_id limit 1 returning cust_id`,
    );
    const custId = Number(small.rows[0].cust_id);
    const user = await columnsOf(c, 'users', ['ausr_id', 'ausr_logon', 'ausr_email']);
    const login = await c.query(
      `insert into users (${user.join(', ')}, ausr_logon, ausr_email)
       select ${user.join(', ')}, 'small', 'small@bench.local' from users where ausr_logon = 'customer' returning ausr_id`,
    );
    await c.query('insert into user_accounts (uacc_ausr_id, uacc_cust_id) values ($1, $2)', [
      login.rows[0].ausr_id,
      custId,
    ]);
    await c.query('update dockets set dck_cust_id = $1 where dck_id % 3301 = 0', [custId]);
    await c.query('commit');
  } finally {
    await c.end();
  }
}

/** A reference (lower case) of one of the customer's dockets booked 20 days ago: a rare search term. */
export async function rareReference(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query(
      `select lower(d.dck_cust_ref1) ref from dockets d
        join user_accounts ua on ua.uacc_cust_id = d.dck_cust_id
        join users u on u.ausr_id = ua.uacc_ausr_id and u.ausr_logon = 'customer'
       where d.dck_booked < now() - interval '20 days' order by d.dck_booked desc limit 1`,
    );
    return String(res.rows[0]?.ref ?? 'po12345');
  } finally {
    await c.end();
  }
}

/**
 * Removes the bookings earlier runs' docket/post load made (references 'BENCH-n'), so every run
 * measures the table it says (the seeded count): tens of thousands of them, all recent, made the
 * history search of a later run scan past them. Answers how many it removed.
 */
export async function removeBenchBookings(url: string): Promise<number> {
  const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
  try {
    const rows = await queryRows<{ n: string }>(
      tenant.db,
      sql`with gone as (delete from dockets where dck_cust_ref1 like 'BENCH-%' returning 1) select count(*) as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    // Their dead rows would otherwise stay in the scans until autovacuum comes by.
    if (n) await tenant.db.execute(sql`vacuum (analyze) dockets, docket_addresses`);
    return n;
  } finally {
    await tenant.close();
  }
}
