import { sql } from 'drizzle-orm';
import { bookedInRange, type ReportDefinition } from './report-definition';

/**
 * Delivered bookings per account, on time or late against the deadline of their last address: the
 * delivery is the first 'Delivered' status record of the docket's trace (what the driver or the
 * control room recorded), else the time it entered status D.
 */
export const onTimeDelivery: ReportDefinition = {
  path: 'on-time-delivery',
  description: 'On-time delivery rate',
  columns: [
    { key: 'account', title: 'Account', kind: 'text' },
    { key: 'delivered', title: 'Delivered', kind: 'number' },
    { key: 'on_time', title: 'On time', kind: 'number' },
    { key: 'late', title: 'Late', kind: 'number' },
    { key: 'rate', title: 'On-time rate', kind: 'percent' },
  ],
  chart: { type: 'bar', x: 'account', y: ['rate'] },
  query: (p) => sql`
    select account, count(*)::int as delivered,
           count(*) filter (where delivered_at <= deadline)::int as on_time,
           count(*) filter (where delivered_at > deadline)::int as late,
           round(100.0 * count(*) filter (where delivered_at <= deadline)
                 / nullif(count(*) filter (where deadline is not null), 0), 1)::float8 as rate
    from (
      select c.cust_acc_code as account,
             coalesce(
               (select min(tr.dtr_scandate) from trace_records tr
                 where tr.dtr_dck_id = d.dck_id and tr.dtr_kind = 'status' and tr.dsts_id = 'D'),
               case when d.dck_status = 'D' then d.dck_status_time end
             ) as delivered_at,
             (select a.dadd_deadline from docket_addresses a
               where a.dadd_dck_id = d.dck_id order by a.dadd_seq desc limit 1) as deadline
      from dockets d join customers c on c.cust_id = d.dck_cust_id
      where ${bookedInRange(p)}
    ) x
    where delivered_at is not null
    group by account
    order by account`,
};
