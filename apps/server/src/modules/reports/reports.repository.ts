import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { ReportListRow, ReportRow } from '@courier/contracts';
import { reports, userReports } from '../../db/schema';
import { likeEscape, queryRows, type Executor } from '../../db/client';

/** The dockets a report reads: all of the tenant's (null) or these accounts', optionally one user's own. */
export interface ReportScope {
  accountIds: number[] | null;
  /** Set for own-bookings users: only the dockets they booked or registered from. */
  ownerId?: number;
}

/** A report scope as a condition over `dockets d`, its values bound (never written into the SQL). */
export function scopeSql(scope: ReportScope): SQL {
  const parts: SQL[] = [];
  if (scope.accountIds !== null)
    parts.push(sql`d.dck_cust_id = any(${`{${scope.accountIds.join(',')}}`}::int[])`);
  if (scope.ownerId !== undefined)
    parts.push(sql`(d.dck_ausr_id = ${scope.ownerId} or d.dck_registered_ausr_id = ${scope.ownerId})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * One page of the reports linked to the user whose description contains `search` (any case),
 * description ascending (spec "bookings…" §9; the id breaks ties): `limit` rows after `offset`.
 */
export async function linkedReportPage(
  db: Executor,
  ausrId: number,
  search: string,
  offset: number,
  limit: number,
): Promise<ReportListRow[]> {
  return db
    .select({ rpt_id: reports.rpt_id, rpt_desc: reports.rpt_desc })
    .from(userReports)
    .innerJoin(reports, eq(reports.rpt_id, userReports.urpt_rpt_id))
    .where(
      and(
        eq(userReports.urpt_ausr_id, ausrId),
        search ? ilike(reports.rpt_desc, `%${likeEscape(search)}%`) : undefined,
      ),
    )
    .orderBy(asc(reports.rpt_desc), asc(reports.rpt_id))
    .limit(limit)
    .offset(offset);
}

/** The report `rptId` when it is linked to the user, with its definition's path; else undefined. */
export async function linkedReport(
  db: Executor,
  ausrId: number,
  rptId: number,
): Promise<{ rpt_id: number; rpt_desc: string; rpt_path: string } | undefined> {
  const [row] = await db
    .select({ rpt_id: reports.rpt_id, rpt_desc: reports.rpt_desc, rpt_path: reports.rpt_path })
    .from(userReports)
    .innerJoin(reports, eq(reports.rpt_id, userReports.urpt_rpt_id))
    .where(and(eq(userReports.urpt_ausr_id, ausrId), eq(reports.rpt_id, rptId)));
  return row;
}

/**
 * The planner settings a report runs with, for the rest of the transaction `tx`: JIT off (a report is
 * one pass over its rows: compiling took longer than it saved); 32 MB to group in rather than sort a
 * year of bookings on disk; and index pages costed as the cached, random-access-cheap reads they are
 * (random_page_cost 1.1, the default 4 is for spinning disks), so a year of dockets is read from the
 * covering dockets_report_idx rather than the table twice its size (bench:report).
 */
export async function setReportPlanner(tx: Executor): Promise<void> {
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '32MB'`);
  await tx.execute(sql`set local random_page_cost = 1.1`);
}

/**
 * Runs a report definition's query (its values bound) with setReportPlanner's settings and answers
 * its rows, NULL values as ''.
 */
export async function reportRows(db: Executor, query: SQL): Promise<ReportRow[]> {
  const rows = await db.transaction(async (tx) => {
    await setReportPlanner(tx);
    return queryRows<Record<string, string | number | null>>(tx, query);
  });
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v ?? ''])));
}
