import { z } from 'zod';
import { ukDate } from './dockets';

/** An audit row's type (ARCHITECTURE rule 7). */
export const LOG_TYPES = ['info', 'warning', 'error'] as const;

/**
 * log/list body (spec "bookings…" §2 Log viewer, §9 default sort: time descending): one UK day
 * (DD/MM/YYYY), 1-based page, 20 rows a page or 50 with infinite scroll.
 */
export const logListRequest = z.object({
  day: ukDate,
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.union([z.literal(20), z.literal(50)]).default(20),
});
export type LogListRequest = z.input<typeof logListRequest>;

/** One row of the log list: Time (ISO 8601), User, Unit, Process, Type. */
export const logRow = z.object({
  log_id: z.number().int(),
  log_time: z.string(),
  log_user: z.string(),
  log_unit: z.string(),
  log_process: z.string(),
  log_type: z.string(),
});
export type LogRow = z.infer<typeof logRow>;

export const logListResponse = z.object({
  rows: z.array(logRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type LogListResponse = z.infer<typeof logListResponse>;

/** log/detail body: the entry's id. */
export const logDetailRequest = z.object({ log_id: z.number().int().positive() });

/** Everything recorded for one entry: the row and its detail (before and after, ids, messages). */
export const logDetailResponse = logRow.extend({
  log_detail: z.record(z.string(), z.unknown()).nullable(),
});
export type LogDetailResponse = z.infer<typeof logDetailResponse>;
