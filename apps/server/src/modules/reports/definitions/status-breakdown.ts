import { sql } from 'drizzle-orm';
import { bookedInRange, type ReportDefinition } from './report-definition';

/** The bookings of the range by their status now, with each status's share, in status order. */
export const statusBreakdown: ReportDefinition = {
  path: 'status-breakdown',
  description: 'Status breakdown',
  columns: [
    { key: 'status', title: 'Status', kind: 'text' },
    { key: 'bookings', title: 'Bookings', kind: 'number' },
    { key: 'share', title: 'Share', kind: 'percent' },
  ],
  chart: { type: 'bar', x: 'status', y: ['bookings'] },
  query: (p) => sql`
    select s.dsts_description as status, count(*)::int as bookings,
           round(100.0 * count(*) / sum(count(*)) over (), 1)::float8 as share
    from dockets d join docket_statuses s on s.dsts_id = d.dck_status
    where ${bookedInRange(p)}
    group by s.dsts_id, s.dsts_description
    order by bookings desc, status`,
};
