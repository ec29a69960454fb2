import { sql } from 'drizzle-orm';
import { bookedInRange, ddmmyyyy, ukDateOf, type ReportDefinition } from './report-definition';

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
    select ${ddmmyyyy(sql`b.day`)} as day, b.account, b.bookings, b.total
    from (
      select ${ukDateOf(sql`d.dck_booked`)} as day, c.cust_acc_code as account,
             count(*)::int as bookings, coalesce(sum(d.dck_total_pence), 0)::float8 as total
      from dockets d join customers c on c.cust_id = d.dck_cust_id
      where ${bookedInRange(p)}
      group by 1, 2
    ) b
    order by b.day, b.account`,
};
