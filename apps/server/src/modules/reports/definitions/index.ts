import { bookingsPerDay } from './bookings-per-day';
import { driverJobsPerDay } from './driver-jobs-per-day';
import { onTimeDelivery } from './on-time-delivery';
import type { ReportDefinition } from './report-definition';
import { spendByAccountService } from './spend-by-account-service';
import { statusBreakdown } from './status-breakdown';

export type { ReportDefinition, ReportParams } from './report-definition';

/** Every report the portal can run, by rpt_path (the seed's report rows name these). */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  bookingsPerDay,
  spendByAccountService,
  onTimeDelivery,
  statusBreakdown,
  driverJobsPerDay,
];

/** The definition a report row's rpt_path names, or undefined. */
export const reportDefinition = (path: string): ReportDefinition | undefined =>
  REPORT_DEFINITIONS.find((r) => r.path === path);
