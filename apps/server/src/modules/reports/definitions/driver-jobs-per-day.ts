import { sql } from 'drizzle-orm';
import { bookedInRange, ddmmyyyy, ukDateOf, type ReportDefinition } from './report-definition';

/** Jobs allocated to each driver per UK day of booking, with their miles; one line per driver. */
export const driverJobsPerDay: ReportDefinition = {
  path: 'driver-jobs-per-day',
  description: 'Driver jobs per day',
  columns: [
    { key: 'day', title: 'Date', kind: 'date' },
    { key: 'driver', title: 'Driver', kind: 'text' },
    { key: 'jobs', title: 'Jobs', kind: 'number' },
    { key: 'miles', title: 'Miles', kind: 'number' },
  ],
  chart: { type: 'line', x: 'day', y: ['jobs'], series: 'driver' },
  query: (p) => sql`
    select ${ddmmyyyy(sql`j.day`)} as day, j.driver, j.jobs, j.miles
    from (
      select ${ukDateOf(sql`d.dck_booked`)} as day, v.drv_name as driver, count(*)::int as jobs,
             round(coalesce(sum(d.dck_distance), 0), 1)::float8 as miles
      from dockets d join drivers v on v.drv_driver = d.drv_driver
      where ${bookedInRange(p)}
      group by 1, 2
    ) j
    order by j.day, j.driver`,
};
