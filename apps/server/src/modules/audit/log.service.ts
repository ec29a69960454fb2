import type { LogDetailResponse, LogListResponse, logListRequest } from '@courier/contracts';
import type { z } from 'zod';
import { AppError, validationError } from '../../lib/app-error';
import { ukDayStart, ukNextDayStart } from '../../lib/dates';
import { assertRight, type AuthContext } from '../auth/access';
import { logEntry, logPage } from './log.repository';

/**
 * log/list (admin right; spec "bookings…" §2 Log viewer, §9 log descending by time): the entries of
 * one UK day, newest first, `pageSize` a page; `hasMore` when a further page exists. 400 naming
 * `day` when it is not a real date.
 */
export async function listLog(
  auth: AuthContext,
  body: z.output<typeof logListRequest>,
): Promise<LogListResponse> {
  assertRight(auth, 'admin');
  const from = ukDayStart(body.day);
  const to = ukNextDayStart(body.day);
  if (!from || !to) throw validationError({ day: 'Not a real date' });
  const rows = await logPage(auth.db, from, to, (body.page - 1) * body.pageSize, body.pageSize + 1);
  return {
    rows: rows.slice(0, body.pageSize),
    page: body.page,
    pageSize: body.pageSize,
    hasMore: rows.length > body.pageSize,
  };
}

/** log/detail (admin right): everything recorded for one entry of the caller's tenant; 404 when none. */
export async function logDetail(auth: AuthContext, logId: number): Promise<LogDetailResponse> {
  assertRight(auth, 'admin');
  const entry = await logEntry(auth.db, logId);
  if (!entry) throw new AppError('NOT_FOUND', 'Log entry not found', { log_id: 'Log entry not found' });
  return entry;
}
