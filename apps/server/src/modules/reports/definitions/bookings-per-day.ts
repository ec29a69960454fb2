import { sql } from 'drizzle-orm';
import { bookedInRange, ddmmyyyy, hourOf, ukDateOf, type ReportDefinition } from './report-definition';

/** Bookings per UK day and account, with their value; one line per account. */
export const bookingsPerDay: ReportDefinition = {
  path: 'bookings-per-day',
  description: 'Bookings per day by account',
  columns: [
    { key: 'day', title: 'Date', kind: 'date' },
    { key: 'account', title: 'Account', kind: 'text' },
    { key: 'bookings', title: 'Bookings', kind: 'number' },
    { key: 'total', title: 'Total', kind: 'money' },
  ],
  chart: { type: 'line', x: 'day', y: ['bookings'], series: 'account' },
  query: (p) => sql`
    select ${ddmmyyyy(sql`b.day`)} as day, c.cust_acc_code as account, b.bookings, b.total
    from (
      select ${ukDateOf(sql`h.hour`)} as day, h.cust_id, sum(h.bookings)::int as bookings,
             sum(h.total)::float8 as total
      from (
        select ${hourOf(sql`d.dck_booked`)} as hour, d.dck_cust_id as cust_id, count(*) as bookings,
               coalesce(sum(d.dck_total_pence), 0) as total
        from dockets d
        where ${bookedInRange(p)}
        group by 1, 2
      ) h
      group by 1, 2
    ) b
    join customers c on c.cust_id = b.cust_id
    order by b.day, account`,
};
