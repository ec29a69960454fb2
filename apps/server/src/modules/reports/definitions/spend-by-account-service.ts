import { sql } from 'drizzle-orm';
import { bookedInRange, type ReportDefinition } from './report-definition';

/** What each account spent on each service (vehicle tariff), net, VAT and total, biggest first. */
export const spendByAccountService: ReportDefinition = {
  path: 'spend-by-account-service',
  description: 'Spend by account and service',
  columns: [
    { key: 'account', title: 'Account', kind: 'text' },
    { key: 'service', title: 'Service', kind: 'text' },
    { key: 'bookings', title: 'Bookings', kind: 'number' },
    { key: 'net', title: 'Net', kind: 'money' },
    { key: 'vat', title: 'VAT', kind: 'money' },
    { key: 'total', title: 'Total', kind: 'money' },
  ],
  chart: { type: 'bar', x: 'service', y: ['total'], series: 'account' },
  query: (p) => sql`
    select c.cust_acc_code as account, t.ttyp_description as service, count(*)::int as bookings,
           coalesce(sum(d.dck_net_pence), 0)::float8 as net, coalesce(sum(d.dck_vat_pence), 0)::float8 as vat,
           coalesce(sum(d.dck_total_pence), 0)::float8 as total
    from dockets d
    join customers c on c.cust_id = d.dck_cust_id
    join tariff_types t on t.ttyp_tariff = d.dck_tariff
    where ${bookedInRange(p)} and d.dck_status not in ('B', 'C')
    group by c.cust_acc_code, t.ttyp_description
    order by total desc, account, service`,
};
