import { z } from 'zod';
import { dbId, str } from './common';
import { ukDate } from './dockets';

/**
 * Reports (spec "bookings…" §2 Report list, §3 Report, §7 report/list, §9 reports by description
 * ascending) and our own report viewer (issue 12 §3): report/run and report/export.
 */

/** Longest date range a report runs over, in days (dateStart to dateEnd inclusive). */
export const REPORT_MAX_DAYS = 366;

/**
 * report/list body: the caller's linked reports, description ascending, filtered by description;
 * 1-based page, 20 rows a page or 50 with infinite scroll.
 */
export const reportListRequest = z.object({
  search: str().trim().max(100).optional().default(''),
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.union([z.literal(20), z.literal(50)]).default(20),
});
export type ReportListRequest = z.input<typeof reportListRequest>;

/** One row of the report list: the report and its Description. */
export const reportListRow = z.object({ rpt_id: z.number().int(), rpt_desc: z.string() });
export type ReportListRow = z.infer<typeof reportListRow>;

export const reportListResponse = z.object({
  rows: z.array(reportListRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ReportListResponse = z.infer<typeof reportListResponse>;

/**
 * report/run body: the report, the UK date range (DD/MM/YYYY, inclusive, at most REPORT_MAX_DAYS)
 * and optionally one of the caller's accounts (without it: all the accounts the caller may see).
 */
export const reportRunRequest = z.object({
  rpt_id: dbId,
  dateStart: ukDate,
  dateEnd: ukDate,
  cust_id: dbId.optional(),
});
export type ReportRunRequest = z.input<typeof reportRunRequest>;

/** report/export body: report/run's and the file kind. */
export const reportExportRequest = reportRunRequest.extend({ format: z.enum(['csv', 'pdf']) });
export type ReportExportRequest = z.input<typeof reportExportRequest>;

/** How a column's values read: text, a count, money in pence, a percentage (0–100), a DD/MM/YYYY day. */
export const REPORT_COLUMN_KINDS = ['text', 'number', 'money', 'percent', 'date'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/** A column of a report: the row key, its heading and kind. */
export const reportColumn = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumn>;

/**
 * How the viewer charts a report: bars or a line, the x column and the y columns; with `series`,
 * one bar or line per value of that column (each y column read per series value).
 */
export const reportChart = z.object({
  type: z.enum(['bar', 'line']),
  x: z.string(),
  y: z.array(z.string()).min(1),
  series: z.string().optional(),
});
export type ReportChart = z.infer<typeof reportChart>;

/**
 * A report row: a value per column key (money in pence, percentages 0–100, days as DD/MM/YYYY); a
 * value SQL left empty (NULL) is ''.
 */
export const reportRow = z.record(z.string(), z.union([z.string(), z.number()]));
export type ReportRow = z.infer<typeof reportRow>;

/** report/run answer: the report's description, its columns, rows and chart hint. */
export const reportRunResponse = z.object({
  rpt_id: z.number().int(),
  rpt_desc: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(reportRow),
  chart: reportChart,
});
export type ReportRunResponse = z.infer<typeof reportRunResponse>;
