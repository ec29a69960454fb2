import {
  REPORT_MAX_DAYS,
  type ReportColumn,
  type ReportListResponse,
  type ReportRow,
  type ReportRunResponse,
  type reportExportRequest,
  type reportListRequest,
  type reportRunRequest,
} from '@courier/contracts';
import type { z } from 'zod';
import { AppError, validationError } from '../../lib/app-error';
import { renderDocument } from '../../documents/render';
import { toCsv } from '../../lib/csv';
import { ukDayStart, ukNextDayStart } from '../../lib/dates';
import { assertAccount, assertRight, docketScope, hasRight, type AuthContext } from '../auth/access';
import type { FileOut } from '../dockets/docket-file';
import { reportDefinition } from './definitions';
import { linkedReport, linkedReportPage, reportRows, scopeSql, type ReportScope } from './reports.repository';

const DAY_MS = 86_400_000;

/**
 * report/list (reports right; spec "bookings…" §2 Report list, §9 description ascending): the
 * reports linked to the caller whose description contains `search`, a page at a time.
 */
export async function listReports(
  auth: AuthContext,
  body: z.output<typeof reportListRequest>,
): Promise<ReportListResponse> {
  assertRight(auth, 'reports');
  const rows = await linkedReportPage(
    auth.db,
    auth.user.ausr_id,
    body.search,
    (body.page - 1) * body.pageSize,
    body.pageSize + 1,
  );
  return {
    rows: rows.slice(0, body.pageSize),
    page: body.page,
    pageSize: body.pageSize,
    hasMore: rows.length > body.pageSize,
  };
}

/** The UK instants [from, to) of an inclusive DD/MM/YYYY range; 400 naming the field that is wrong. */
function dateRange(dateStart: string, dateEnd: string): { from: Date; to: Date } {
  const from = ukDayStart(dateStart);
  const to = ukNextDayStart(dateEnd);
  if (!from) throw validationError({ dateStart: 'Not a real date' });
  if (!to) throw validationError({ dateEnd: 'Not a real date' });
  if (to <= from) throw validationError({ dateEnd: 'dateEnd is before dateStart' });
  // Rounded: a range across a clock change is an hour off whole days.
  if (Math.round((to.getTime() - from.getTime()) / DAY_MS) > REPORT_MAX_DAYS)
    throw validationError({ dateEnd: `The date range is at most ${REPORT_MAX_DAYS} days` });
  return { from, to };
}

/**
 * The dockets a report may read: one account (`cust_id`, which a non-admin must have linked: 403
 * naming it otherwise), else the caller's linked accounts, or the whole tenant for an administrator;
 * an own-bookings user only their own.
 */
function reportScope(auth: AuthContext, custId: number | undefined): ReportScope {
  if (hasRight(auth, 'admin')) return { accountIds: custId === undefined ? null : [custId] };
  const own = docketScope(auth);
  if (custId !== undefined) assertAccount(auth, custId, 'cust_id');
  return { accountIds: custId === undefined ? own.accountIds : [custId], ownerId: own.ownerId };
}

/**
 * A report as a caller without the price right sees it (as the booking lists leave out totals):
 * its money columns and their values taken out, the chart drawn from the counts instead.
 */
export function withoutMoney(result: ReportRunResponse): ReportRunResponse {
  const money = new Set(result.columns.filter((c) => c.kind === 'money').map((c) => c.key));
  if (money.size === 0) return result;
  const columns = result.columns.filter((c) => !money.has(c.key));
  const rows = result.rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !money.has(k))));
  const y = result.chart.y.filter((k) => !money.has(k));
  const counted = columns.filter((c) => c.kind === 'number' || c.kind === 'percent').map((c) => c.key);
  return { ...result, columns, rows, chart: { ...result.chart, y: y.length ? y : counted.slice(0, 1) } };
}

/** Runs a report linked to the caller (404 otherwise) for report/run and report/export. */
async function execute(auth: AuthContext, body: z.output<typeof reportRunRequest>) {
  assertRight(auth, 'reports');
  const { from, to } = dateRange(body.dateStart, body.dateEnd);
  const scope = reportScope(auth, body.cust_id);
  const report = await linkedReport(auth.db, auth.user.ausr_id, body.rpt_id);
  const definition = report && reportDefinition(report.rpt_path);
  if (!report || !definition)
    throw new AppError('NOT_FOUND', 'Report not found', { rpt_id: 'Report not found' });
  const rows = await reportRows(auth.db, definition.query({ from, to, scope: scopeSql(scope) }));
  const result: ReportRunResponse = {
    rpt_id: report.rpt_id,
    rpt_desc: report.rpt_desc,
    columns: definition.columns,
    rows,
    chart: definition.chart,
  };
  return { result: hasRight(auth, 'price') ? result : withoutMoney(result), path: definition.path };
}

/**
 * report/run (reports right; issue 12 §3): runs a report linked to the caller (404 otherwise) over
 * the UK date range (at most REPORT_MAX_DAYS) and the accounts in scope; its columns, rows and chart.
 */
export async function runReport(
  auth: AuthContext,
  body: z.output<typeof reportRunRequest>,
): Promise<ReportRunResponse> {
  return (await execute(auth, body)).result;
}

/** A value as a file shows it: pounds with two decimals for money (as docket/export), a percentage, text as it is. */
export function cellText(column: ReportColumn, value: ReportRow[string] | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'money':
      return (value / 100).toFixed(2);
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'text':
    case 'number':
    case 'date':
      return String(value);
  }
}

/**
 * report/export (reports and export rights): report/run's result as `{rpt_path}.csv` (one header
 * line of the column titles, through the one CSV writer) or `{rpt_path}.pdf` (a landscape table,
 * report-table.pdf, drawn in the documents' worker thread).
 */
export async function exportReport(
  auth: AuthContext,
  body: z.output<typeof reportExportRequest>,
): Promise<FileOut> {
  assertRight(auth, 'export');
  const { result, path } = await execute(auth, body);
  const headers = result.columns.map((c) => c.title);
  const lines = result.rows.map((r) => result.columns.map((c) => cellText(c, r[c.key])));
  if (body.format === 'csv')
    return { body: toCsv([headers, ...lines]), type: 'text/csv; charset=utf-8', filename: `${path}.csv` };
  const pdf = await renderDocument('reportTable', {
    title: `${auth.tenant.name}: ${result.rpt_desc}`,
    dateStart: body.dateStart,
    dateEnd: body.dateEnd,
    headers,
    lines,
  });
  return { body: pdf, type: 'application/pdf', filename: `${path}.pdf` };
}
