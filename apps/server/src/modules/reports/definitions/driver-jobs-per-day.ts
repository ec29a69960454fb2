import { sql } from 'drizzle-orm';
import { bookedInRange, ddmmyyyy, hourOf, ukDateOf, type ReportDefinition } from './report-definition';

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
      select ${ukDateOf(sql`h.hour`)} as day, v.drv_name as driver, sum(h.jobs)::int as jobs,
             round(sum(h.miles), 1)::float8 as miles
      from (
        select ${hourOf(sql`d.dck_booked`)} as hour, d.drv_driver, count(*) as jobs,
               coalesce(sum(d.dck_distance), 0) as miles
        from dockets d
        where ${bookedInRange(p)} and d.drv_driver is not null
        group by 1, 2
      ) h
      join drivers v on v.drv_driver = h.drv_driver
      group by 1, 2
    ) j
    order by j.day, j.driver`,
};
