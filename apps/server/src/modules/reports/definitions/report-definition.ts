import { sql, type SQL } from 'drizzle-orm';
import type { ReportChart, ReportColumn } from '@courier/contracts';

/**
 * What every report takes (issue 12 §3): the UK date range as [from, to) instants and the dockets
 * the caller may see, as a condition over the docket alias `d` (reports.repository scopeSql).
 */
export interface ReportParams {
  from: Date;
  to: Date;
  /** A boolean SQL condition over `dockets d`: the accounts (and own bookings) in scope. */
  scope: SQL;
}

/**
 * A report kept in the repository (issue 12 §3): the seeded `reports.rpt_path` names it. Its
 * parameters are ReportParams (date range dateStart/dateEnd, optional account cust_id); its one SQL
 * query binds every value (drizzle `sql` template, never concatenation) and answers one row per
 * result row whose keys are the columns' keys, in the order to show.
 */
export interface ReportDefinition {
  /** The rpt_path of the seeded report row. */
  path: string;
  /** The rpt_desc of the seeded report row (Description in the report list). */
  description: string;
  columns: ReportColumn[];
  chart: ReportChart;
  query: (p: ReportParams) => SQL;
}

/** The UK calendar day of a timestamp expression, for grouping and ordering. */
export const ukDateOf = (column: SQL): SQL => sql`(${column} at time zone 'Europe/London')::date`;

/**
 * The UTC hour of a timestamp (plain arithmetic, no time zone): reports count per hour first and
 * turn the few thousand hours into UK days after, rather than converting every booking (bench:report:
 * half the time at 1,000,000 dockets). Exact, as UK offsets are whole hours.
 */
export const hourOf = (column: SQL): SQL =>
  sql`date_bin('1 hour', ${column}, timestamptz '2000-01-01 00:00Z')`;

/** A date expression as DD/MM/YYYY (spec "bookings…" §9). */
export const ddmmyyyy = (date: SQL): SQL => sql`to_char(${date}, 'DD/MM/YYYY')`;

/** The dockets booked in the range and in scope: the `where` every docket report shares. */
export const bookedInRange = (p: ReportParams): SQL =>
  sql`d.dck_booked >= ${p.from} and d.dck_booked < ${p.to} and ${p.scope}`;
