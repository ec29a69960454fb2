import { traceListResponse, type TraceListRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** Cache key prefix of the Track and Trace list. */
export const TRACE_LIST_KEY = ['trace-list'] as const;

/**
 * POST /api/trackandtrace/list (spec "bookings…" §7 `(dateStart, dateEnd)`): a page of the trace
 * records of the user's accounts in the window (the server's default: two days back to today).
 */
export const fetchTraceList = (body: TraceListRequest) =>
  apiPost('/api/trackandtrace/list', body, traceListResponse);
